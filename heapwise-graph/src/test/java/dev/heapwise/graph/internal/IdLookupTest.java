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
import org.junit.jupiter.api.Test;

/**
 * The reference pass's id table, built as the index build builds it: filled while the ids are
 * written, then {@link IdLookup#balanced} against the written id column. What made small JDK 17
 * dumps slow to index was the table's buckets, sized from the span of the ids: with the archived
 * heap gigabytes above the rest, a few buckets held every object and each lookup scanned thousands.
 * Such buckets are now binary-searched, and a table whose buckets hold thousands on average is
 * built again with buckets that follow the objects.
 */
class IdLookupTest {
    private static final long HEAP = 0x6_8740_0000L;
    private static final long ARCHIVE = 0x7_ffb0_0000L; // JDK 17's archived heap, near the top of 32 GB

    @Test
    void idsInTwoFarApartClustersGetSmallBucketsAndASmallTable() throws IOException {
        for (long apart : new long[] {ARCHIVE - HEAP, 1L << 36, 1L << 40, 1L << 44}) {
            long[] ids = twoClusters(new Random(apart), 12_000, HEAP, HEAP + apart);
            try (Built t = build(ids)) {
                assertThat(t.lookup.largestBucket()).as("largest bucket, clusters %x apart", apart).isLessThanOrEqualTo(16);
                assertThat(t.lookup.bytes()).as("table bytes, clusters %x apart", apart).isLessThan(8L * ids.length);
                assertFindsExactly(t.lookup, ids, new Random(7));
            }
        }
    }

    @Test
    void aDenseRangeKeepsTheTableFilledWhileTheIdsWereWritten() throws IOException {
        long[] ids = twoClusters(new Random(3), 50_000, HEAP, HEAP + 50_000 * 64L + 64);
        try (Arena arena = Arena.ofConfined()) {
            IdLookup filled = fill(ids);
            IdLookup kept = IdLookup.balanced(filled, column(arena, ids), ids[0], 3);
            assertThat(kept).isSameAs(filled);
            assertThat(kept.segments()).isEqualTo(1);
            assertFindsExactly(kept, ids, new Random(8));
            kept.close();
        }
    }

    @Test
    void aModeratelyCrowdedTableIsKeptAndItsBucketsSearched() throws IOException {
        // Two clusters 200 MB apart: buckets of 8 KB, a couple of hundred ids each where ids are.
        long[] ids = twoClusters(new Random(5), 25_000, HEAP, HEAP + (200L << 20));
        try (Arena arena = Arena.ofConfined()) {
            IdLookup filled = fill(ids);
            IdLookup kept = IdLookup.balanced(filled, column(arena, ids), ids[0], 3);
            assertThat(kept).isSameAs(filled);
            assertThat(kept.largestBucket()).isGreaterThan(100);
            assertFindsExactly(kept, ids, new Random(9));
            kept.close();
        }
    }

    @Provide
    Arbitrary<long[]> clusteredIds() {
        // A few clusters of 8-byte aligned ids, dense or loose, at distances from 2^4 to 2^45 bytes.
        return Arbitraries.integers().between(1, 5).flatMap(clusters -> Arbitraries.longs().between(0, Long.MAX_VALUE)
                .map(seed -> {
                    Random r = new Random(seed);
                    long[] ids = new long[0];
                    long at = 0x1000L << r.nextInt(20);
                    for (int c = 0; c < clusters; c++) {
                        int count = 1 + r.nextInt(r.nextBoolean() ? 20 : 3000);
                        int spread = 1 + r.nextInt(r.nextBoolean() ? 8 : 4000);
                        long[] more = new long[count];
                        for (int i = 0; i < count; i++) {
                            at += 8L * (1 + r.nextInt(spread));
                            more[i] = at;
                        }
                        ids = concat(ids, more);
                        at += 1L << (4 + r.nextInt(42));
                    }
                    return ids;
                }));
    }

    @Property(tries = 200)
    void findsEveryIdAndNothingElse(@ForAll("clusteredIds") long[] ids) throws IOException {
        try (Built t = build(ids)) {
            assertFindsExactly(t.lookup, ids, new Random(ids.length));
            assertThat(t.lookup.bytes()).isLessThan(8192L + 16L * ids.length);
        }
    }

    /** Every id is found at its index; ids between, beside and misaligned are not. */
    private static void assertFindsExactly(IdLookup lookup, long[] ids, Random r) {
        for (int i = 0; i < ids.length; i++) {
            assertThat(lookup.indexOf(ids[i])).isEqualTo(i);
        }
        for (int k = 0; k < 2_000; k++) {
            long probe = switch (r.nextInt(4)) {
                case 0 -> ids[r.nextInt(ids.length)] + 8L * (r.nextInt(64) - 32);
                case 1 -> ids[r.nextInt(ids.length)] + 4;
                case 2 -> ids[0] + (r.nextLong() >>> 18 << 3);
                default -> ids[0] - 8L * (1 + r.nextInt(1000));
            };
            int expected = Arrays.binarySearch(ids, probe);
            assertThat(lookup.indexOf(probe)).as("id %x", probe).isEqualTo(expected >= 0 ? expected : -1);
        }
    }

    private record Built(Arena arena, IdLookup lookup) implements AutoCloseable {
        @Override
        public void close() {
            lookup.close();
            arena.close();
        }
    }

    /** The table the index build would resolve references with. */
    private static Built build(long[] ids) throws IOException {
        Arena arena = Arena.ofConfined();
        IdLookup lookup = IdLookup.balanced(fill(ids), column(arena, ids), ids[0], 3);
        return new Built(arena, lookup);
    }

    /** The table filled while the ids are written (GraphAssembly's object columns pass), or null. */
    private static IdLookup fill(long[] ids) {
        long maxY = (ids[ids.length - 1] - ids[0]) >>> 3;
        IdLookup lookup = IdLookup.create(ids.length, ids[0], 3, maxY);
        if (lookup != null) {
            for (long id : ids) {
                lookup.add(id);
            }
            lookup.finish();
        }
        return lookup;
    }

    private static EliasFano column(Arena arena, long[] ids) throws IOException {
        Path f = Files.createTempFile("hw-ids", ".bin");
        try {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE, StandardOpenOption.READ);
                    EliasFano.Writer w = new EliasFano.Writer(ch, ids.length, ids[0], ids[ids.length - 1], 3)) {
                for (long id : ids) {
                    w.add(id);
                }
            }
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                MemorySegment s = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
                return EliasFano.open(s, "ids");
            }
        } finally {
            Files.delete(f);
        }
    }

    /** {@code count} ids from each of two starts, 16 to 64 bytes apart as small objects are. */
    private static long[] twoClusters(Random r, int count, long first, long second) {
        long[] ids = new long[2 * count];
        for (int c = 0; c < 2; c++) {
            long at = c == 0 ? first : second;
            for (int i = 0; i < count; i++) {
                ids[c * count + i] = at;
                at += 8L * (2 + r.nextInt(7));
            }
        }
        return ids;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
