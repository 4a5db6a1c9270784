package dev.heapwise.ddm.heap;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.codec.SegmentRuns;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Not a test: a timing harness for docs/ddm.md. Builds a fragmented synthetic heap
 * (default 256 MiB at 8-byte units, runs of 1-64 units) as ART-sized HPSG pieces, then times
 * framing + decoding + validation + assembly + statistics, and the PNG rendering.
 *
 * <pre>java -cp heapwise-ddm/target/classes:heapwise-ddm/target/test-classes dev.heapwise.ddm.heap.HeapSegmentBench [MiB]</pre>
 */
public final class HeapSegmentBench {
    public static void main(String[] args) throws Exception {
        long mib = args.length > 0 ? Long.parseLong(args[0]) : 256;
        long units = (mib << 20) / 8;
        Random r = new Random(1);
        List<byte[]> packets = new ArrayList<>();
        ByteArrayOutputStream runs = new ByteArrayOutputStream();
        long pieceStart = 0;
        long pieceUnits = 0;
        long runCount = 0;
        for (long u = 0; u < units; ) {
            int len = (int) Math.min(units - u, 1 + r.nextInt(64));
            int state = r.nextInt(3) == 0 ? 0 : SegmentRuns.state(r.nextInt(6), 1);
            runs.write(state);
            runs.write(len - 1);
            runCount++;
            u += len;
            pieceUnits += len;
            if (runs.size() >= 4000 || u == units) { // ART flushes ~4 KiB chunks
                byte[] data = runs.toByteArray();
                Chunk c = MessageCodec.encode(new DdmMessage.HeapSegment(ChunkType.HPSG, 1, 8, 0x10000 + pieceStart * 8,
                        0, pieceUnits, data, 0, data.length));
                packets.add(ChunkFraming.join(c));
                pieceStart += pieceUnits;
                pieceUnits = 0;
                runs.reset();
            }
        }
        System.out.printf("heap %d MiB, %d runs in %d pieces%n", mib, runCount, packets.size());
        long[] assemble = new long[9];
        long[] render = new long[9];
        HeapBitmap last = null;
        for (int i = 0; i < assemble.length; i++) {
            long t0 = System.nanoTime();
            HeapSegmentAssembler a = new HeapSegmentAssembler();
            a.start(new DdmMessage.HeapStart(false, 1));
            for (byte[] p : packets) {
                for (Chunk c : ChunkFraming.split(p).orThrow()) {
                    a.add((DdmMessage.HeapSegment) MessageCodec.decode(c, Direction.FROM_VM));
                }
            }
            last = a.end(new DdmMessage.HeapEnd(false, 1));
            HeapStatistics s = last.statistics();
            long t1 = System.nanoTime();
            new HeapBitmapRenderer().render(last, "bench");
            long t2 = System.nanoTime();
            assemble[i] = t1 - t0;
            render[i] = t2 - t1;
            if (i == 0) {
                System.out.printf("bitmap: %d merged runs, %d bytes free, fragmentation %.3f%n",
                        last.runCount(), s.freeBytes(), s.fragmentationIndex());
            }
        }
        Arrays.sort(assemble);
        Arrays.sort(render);
        System.out.printf("decode+validate+assemble+statistics: median %.1f ms (%.1f M runs/s)%n",
                assemble[4] / 1e6, runCount / (assemble[4] / 1e9) / 1e6);
        System.out.printf("render 512x1024 PNG image: median %.1f ms%n", render[4] / 1e6);
    }
}
