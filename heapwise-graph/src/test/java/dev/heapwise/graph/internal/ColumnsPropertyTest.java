package dev.heapwise.graph.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class ColumnsPropertyTest {

    private static MemorySegment writeAndMap(Arena arena, IoConsumer<FileChannel> writer) throws IOException {
        Path f = Files.createTempFile("hw-col", ".bin");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
            writer.accept(ch);
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            MemorySegment s = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            Files.delete(f);
            return s;
        }
    }

    interface IoConsumer<T> {
        void accept(T t) throws IOException;
    }

    @Provide
    Arbitrary<long[]> monotone() {
        return Arbitraries.longs().between(0, 5000).array(long[].class).ofMaxSize(3000).flatMap(gaps ->
                Arbitraries.longs().between(-1_000_000L, 1_000_000L).flatMap(base ->
                        Arbitraries.integers().between(0, 6).map(shift -> {
                            long[] v = new long[gaps.length];
                            long cur = base;
                            for (int i = 0; i < gaps.length; i++) {
                                cur += gaps[i] * (gaps[i] % 7 == 0 ? 1 : 1);
                                v[i] = cur << shift;
                            }
                            return v;
                        })));
    }

    @Property(tries = 300)
    void eliasFanoRoundTripsAndFindsEveryValue(@ForAll("monotone") long[] values) throws IOException {
        long base = values.length == 0 ? 0 : values[0];
        long max = values.length == 0 ? 0 : values[values.length - 1];
        long bits = 0;
        for (long v : values) {
            bits |= v - base;
        }
        int shift = values.length == 0 ? 0 : Math.min(Long.numberOfTrailingZeros(bits | (1L << 40)), 40);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = writeAndMap(arena, ch -> {
                try (EliasFano.Writer w = new EliasFano.Writer(ch, values.length, base, max, shift)) {
                    for (long v : values) {
                        w.add(v);
                    }
                }
            });
            EliasFano ef = EliasFano.open(s, "test");
            assertThat(ef.size()).isEqualTo(values.length);
            // Pairs read forwards, backwards and by jumps, as CSR cursors move.
            EliasFano.PairReader pairs = ef.pairReader();
            Random moves = new Random(values.length * 31L);
            for (int step = 0, i = 0; values.length > 1 && step < 3 * values.length; step++) {
                int m = moves.nextInt(5);
                i = m < 2 ? i + 1 : m < 4 ? i - 1 : moves.nextInt(values.length - 1);
                i = Math.floorMod(i, values.length - 1);
                pairs.moveTo(i);
                assertThat(pairs.first()).as("value %d", i).isEqualTo(values[i]);
                assertThat(pairs.second()).as("value %d", i + 1).isEqualTo(values[i + 1]);
            }
            for (int i = 0; i < values.length; i++) {
                assertThat(ef.get(i)).isEqualTo(values[i]);
                // first index of a repeated value
                int first = i;
                while (first > 0 && values[first - 1] == values[i]) {
                    first--;
                }
                assertThat(ef.indexOf(values[i])).isEqualTo(first);
            }
            // Blocks read in one pass, from every kind of start (in a word, at its end, past a gap).
            Random blocks = new Random(values.length * 17L + 1);
            for (int q = 0; values.length > 0 && q < 50; q++) {
                int from = blocks.nextInt(values.length);
                int count = 1 + blocks.nextInt(values.length - from);
                long[] got = new long[count];
                ef.read(from, count, got, q % 2 == 0 ? null : new long[1]);
                assertThat(got).as("values %d..%d", from, from + count - 1)
                        .containsExactly(Arrays.copyOfRange(values, from, from + count));
            }
            EliasFano.Cursor c = ef.cursor(0);
            for (long v : values) {
                assertThat(c.hasNext()).isTrue();
                assertThat(c.next()).isEqualTo(v);
            }
            assertThat(c.hasNext()).isFalse();
            Random r = new Random(values.length);
            for (int q = 0; q < 200; q++) {
                long probe = values.length == 0 ? r.nextInt(100) : base - 5 + (long) (r.nextDouble() * (max - base + 10));
                int lb = lowerBound(values, probe);
                assertThat(ef.lowerBound(probe)).as("lowerBound(%d)", probe).isEqualTo(lb);
                boolean present = Arrays.binarySearch(values, probe) >= 0;
                assertThat(ef.indexOf(probe) >= 0).as("indexOf(%d)", probe).isEqualTo(present);
            }
        }
    }

    /** Ids crowded at the bottom of a huge range all land in one bucket; lookups must stay exact. */
    @net.jqwik.api.Example
    void eliasFanoFindsValuesInOneCrowdedBucket() throws IOException {
        long[] values = new long[20_001];
        for (int i = 0; i < 20_000; i++) {
            values[i] = 8L * (i + 1);
        }
        values[20_000] = 1L << 61;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = writeAndMap(arena, ch -> {
                try (EliasFano.Writer w = new EliasFano.Writer(ch, values.length, values[0], values[values.length - 1], 3)) {
                    for (long v : values) {
                        w.add(v);
                    }
                }
            });
            EliasFano ef = EliasFano.open(s, "skewed");
            for (int i = 0; i < values.length; i++) {
                assertThat(ef.indexOf(values[i])).isEqualTo(i);
                assertThat(ef.get(i)).isEqualTo(values[i]);
            }
            assertThat(ef.indexOf(8L * 20_001)).isEqualTo(-1);
            assertThat(ef.lowerBound(8L * 20_001)).isEqualTo(20_000);
        }
    }

    private static int lowerBound(long[] a, long x) {
        int i = 0;
        while (i < a.length && a[i] < x) {
            i++;
        }
        return i;
    }

    @Property(tries = 300)
    void packedLongsRoundTrip(@ForAll @IntRange(min = 0, max = 64) int bits,
            @ForAll @IntRange(min = 0, max = 2000) int count, @ForAll @LongRange long seed) throws IOException {
        Random r = new Random(seed);
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
            values[i] = r.nextLong() & Words.mask(bits);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = writeAndMap(arena, ch -> {
                try (PackedLongs.Writer w = new PackedLongs.Writer(ch, count, bits)) {
                    for (long v : values) {
                        w.add(v);
                    }
                }
            });
            PackedLongs p = PackedLongs.open(s, "test");
            for (int i = 0; i < count; i++) {
                assertThat(p.get(i)).isEqualTo(values[i]);
            }
            // Ranges unpacked in one pass: as ints for narrow columns, as longs (the words underneath) for any.
            for (int q = 0; count > 0 && q < 20; q++) {
                int from = r.nextInt(count);
                int n = r.nextInt(count - from + 1);
                long[] longs = new long[n + 1];
                Words.unpackLongs(s.asSlice(ColumnHeader.SIZE), (long) from * bits, bits, n, longs, 1, new long[q]);
                assertThat(Arrays.copyOfRange(longs, 1, n + 1)).containsExactly(Arrays.copyOfRange(values, from, from + n));
                if (bits <= 32) {
                    int[] ints = new int[n + 2];
                    p.readInts(from, n, ints, 2, q % 2 == 0 ? null : new long[4096]);
                    for (int k = 0; k < n; k++) {
                        assertThat(ints[2 + k]).as("value %d", from + k).isEqualTo((int) values[from + k]);
                    }
                }
            }
            // random writes over a writable copy give the same column
            MemorySegment rw = arena.allocate(PackedLongs.fileSize(count, bits), 8);
            PackedLongs q = PackedLongs.create(rw, count, bits);
            for (int i = count - 1; i >= 0; i--) {
                q.set(i, values[i]);
            }
            for (int i = 0; i < count; i++) {
                assertThat(q.get(i)).isEqualTo(values[i]);
            }
        }
    }

    @Property(tries = 100)
    void longIntMapBehavesLikeAHashMap(@ForAll @IntRange(min = 0, max = 3000) int ops, @ForAll @LongRange long seed) {
        Random r = new Random(seed);
        LongIntMap m = new LongIntMap(4);
        java.util.HashMap<Long, Integer> oracle = new java.util.HashMap<>();
        for (int i = 0; i < ops; i++) {
            long k = r.nextInt(500) * 8L - 1000;
            if (k == 0x8000_0000_0000_0000L) {
                continue;
            }
            int v = r.nextInt();
            Integer old = oracle.put(k, v);
            assertThat(m.put(k, v, -7)).isEqualTo(old == null ? -7 : old);
        }
        for (long k = -1200; k < 5000; k++) {
            Integer v = oracle.get(k);
            assertThat(m.get(k, -9)).isEqualTo(v == null ? -9 : v);
        }
        assertThat(m.size()).isEqualTo(oracle.size());
    }
}
