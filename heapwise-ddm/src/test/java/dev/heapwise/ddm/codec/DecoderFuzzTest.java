package dev.heapwise.ddm.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.heap.HeapSegmentAssembler;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutated and random bytes through every decoder. The only acceptable failure is a
 * {@link DdmFormatException} (or, for streams, an IOException); anything else, or a hang, is a bug.
 * Fixed seed and fixed iteration counts, so runs are repeatable and bounded without clocks.
 */
class DecoderFuzzTest {
    private static final long SEED = 0x5eed_dd4dL;
    private static final int ITERATIONS = 40_000;

    private final Random random = new Random(SEED);

    @Test
    void chunkDecodersRejectOrAccept() {
        List<Chunk> toVm = new ArrayList<>();
        List<Chunk> fromVm = new ArrayList<>();
        Samples.toVm().forEach(m -> toVm.add(MessageCodec.encode(m)));
        Samples.fromVm().forEach(m -> fromVm.add(MessageCodec.encode(m)));
        int rejected = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            boolean toVmSide = random.nextBoolean();
            List<Chunk> pool = toVmSide ? toVm : fromVm;
            Chunk base = pool.get(random.nextInt(pool.size()));
            int type = random.nextInt(10) == 0 ? pool.get(random.nextInt(pool.size())).type() : base.type();
            Chunk mutated = new Chunk(type, mutate(base.payloadBytes()));
            try {
                DdmMessage m = MessageCodec.decode(mutated, toVmSide ? Direction.TO_VM : Direction.FROM_VM);
                assertThat(m).isNotNull();
                // Whatever decodes must encode again.
                MessageCodec.encode(m);
            } catch (DdmFormatException expected) {
                rejected++;
                assertThat(expected.getMessage()).contains(" at byte ").doesNotContain("\n");
            }
        }
        assertThat(rejected).as("the mutations found bad input").isGreaterThan(ITERATIONS / 10);
    }

    @Test
    void packetSplittingNeverThrows() {
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] data = i % 2 == 0 ? randomBytes(random.nextInt(64)) : mutate(validPacketData());
            ChunkFraming.Split split = ChunkFraming.split(data, 0, data.length, 1 << 16);
            assertThat(split.chunks()).isNotNull();
            if (split.problem() != null) {
                assertThat(split.problem().getMessage()).contains("at byte");
            }
        }
    }

    @Test
    void zlibExpansionRejectsOrInflatesExactly() {
        Chunk plain = MessageCodec.encode(Samples.fromVm().get(1));
        byte[] z = Zlib.compress(plain).payloadBytes();
        for (int i = 0; i < ITERATIONS / 4; i++) {
            byte[] bad = mutate(z);
            try {
                Chunk out = Zlib.expand(new Chunk(ChunkType.ZLIB, bad), 1 << 20);
                int declared = ((bad[4] & 0xff) << 24) | ((bad[5] & 0xff) << 16) | ((bad[6] & 0xff) << 8) | (bad[7] & 0xff);
                assertThat(out.length()).isEqualTo(declared);
            } catch (DdmFormatException expected) {
                // fine
            }
        }
    }

    @Test
    void heapAssemblyOfRandomPiecesOnlyRejectsWithReasons() {
        for (int i = 0; i < ITERATIONS / 8; i++) {
            HeapSegmentAssembler a = new HeapSegmentAssembler();
            int steps = 1 + random.nextInt(8);
            for (int s = 0; s < steps; s++) {
                try {
                    switch (random.nextInt(4)) {
                        case 0 -> a.start(new DdmMessage.HeapStart(random.nextBoolean(), random.nextInt(3)));
                        case 1 -> a.end(new DdmMessage.HeapEnd(random.nextBoolean(), random.nextInt(3)));
                        default -> {
                            byte[] payload = randomSegmentPayload();
                            int type = random.nextBoolean() ? ChunkType.HPSG : random.nextBoolean() ? ChunkType.HPSO : ChunkType.NHSG;
                            DdmMessage m = MessageCodec.decode(new Chunk(type, payload), Direction.FROM_VM);
                            a.add((DdmMessage.HeapSegment) m);
                        }
                    }
                } catch (DdmFormatException expected) {
                    // fine
                }
            }
        }
    }

    @Test
    void allocationRecordsRejectOrParse() {
        byte[] valid = ((DdmMessage.AllocRecords) Samples.fromVm().stream()
                .filter(m -> m instanceof DdmMessage.AllocRecords).findFirst().orElseThrow()).records().encode();
        for (int i = 0; i < ITERATIONS / 4; i++) {
            byte[] bad = mutate(valid);
            try {
                AllocationRecords.parse(bad, 0, bad.length);
            } catch (DdmFormatException expected) {
                // fine
            }
        }
    }

    @Test
    void packetReaderKeepsItsFramingOrStopsWithAnIoError() {
        for (int i = 0; i < ITERATIONS / 8; i++) {
            byte[] stream = i % 2 == 0 ? randomBytes(random.nextInt(200)) : mutate(twoPackets());
            JdwpPacketReader r = new JdwpPacketReader(new ByteArrayInputStream(stream), 64, null);
            int guard = 0;
            try {
                while (guard++ < 1000) {
                    try {
                        if (r.read() == null) {
                            break;
                        }
                    } catch (DdmFormatException skipped) {
                        // oversized packet skipped; framing kept, continue
                    }
                }
            } catch (IOException endOfStreamOrFraming) {
                // fine
            }
            assertThat(guard).isLessThan(1000);
        }
    }

    private byte[] randomSegmentPayload() {
        int units = random.nextInt(600);
        byte[] runs = SegmentRunsHelper.randomRuns(random, units);
        byte[] p = new byte[17 + runs.length];
        p[3] = (byte) random.nextInt(3);
        p[4] = (byte) (1 + random.nextInt(16));
        int addr = 0x1000 + random.nextInt(4) * 0x100;
        p[7] = (byte) (addr >>> 8);
        p[6] = (byte) (addr >>> 16);
        p[11] = (byte) random.nextInt(4);
        p[13] = (byte) (units >>> 24);
        p[14] = (byte) (units >>> 16);
        p[15] = (byte) (units >>> 8);
        p[16] = (byte) units;
        System.arraycopy(runs, 0, p, 17, runs.length);
        return random.nextInt(4) == 0 ? mutate(p) : p;
    }

    private byte[] validPacketData() {
        List<Chunk> chunks = new ArrayList<>();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            DdmMessage m = Samples.fromVm().get(random.nextInt(Samples.fromVm().size()));
            Chunk c = MessageCodec.encode(m);
            chunks.add(random.nextInt(4) == 0 ? Zlib.compress(c) : c);
        }
        return ChunkFraming.join(chunks);
    }

    private byte[] twoPackets() {
        byte[] a = JdwpPacket.ddm(1, validPacketData()).encode();
        byte[] b = JdwpPacket.reply(2, 0, new byte[] {1, 2}).encode();
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private byte[] mutate(byte[] in) {
        byte[] b = in.clone();
        switch (random.nextInt(5)) {
            case 0 -> {
                if (b.length > 0) {
                    b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> b = Arrays.copyOf(b, b.length == 0 ? 0 : random.nextInt(b.length));
            case 2 -> {
                b = Arrays.copyOf(b, b.length + 1 + random.nextInt(8));
                for (int i = in.length; i < b.length; i++) {
                    b[i] = (byte) random.nextInt();
                }
            }
            case 3 -> {
                if (b.length >= 4) {
                    int at = random.nextInt(b.length - 3);
                    int v = random.nextBoolean() ? -1 : random.nextInt(1 << 12);
                    b[at] = (byte) (v >>> 24);
                    b[at + 1] = (byte) (v >>> 16);
                    b[at + 2] = (byte) (v >>> 8);
                    b[at + 3] = (byte) v;
                }
            }
            default -> {
                for (int k = 0; k < 1 + random.nextInt(4) && b.length > 0; k++) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt();
                }
            }
        }
        return b;
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    /** Random, mostly valid run pairs for a given unit count. */
    static final class SegmentRunsHelper {
        static byte[] randomRuns(Random r, int units) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            int left = units;
            while (left > 0) {
                int take = Math.min(left, 1 + r.nextInt(256));
                out.write((r.nextInt(6) << 3) | r.nextInt(7) | (r.nextInt(5) == 0 ? 0x80 : 0));
                out.write(take - 1);
                left -= take;
            }
            return out.toByteArray();
        }
    }
}
