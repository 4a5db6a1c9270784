package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.codec.SegmentRuns;
import dev.heapwise.ddm.internal.PayloadWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;

/**
 * HPSG/NHSG data approximated from memory pools, because HotSpot gives no per-object layout
 * without JVMTI.
 *
 * <p>Each pool of the wanted type (heap pools for HPSG: eden, survivor, old; non-heap pools for
 * NHSG: metaspace, code cache...) becomes one segment of its committed size. Its first
 * {@code used} bytes are marked used (kind object, solidity hard; kind native for NHSG) and the
 * rest free. The addresses are synthetic: pools are laid end to end from 0x10000 in the order
 * the JVM lists them, since real pool addresses are not exposed. So the bitmap shows how full
 * each pool is, not where objects sit; the free-block statistics describe pools, not
 * fragmentation inside them. The HPSG u4 address field limits this to 4 GiB; pools beyond are
 * cut. The allocation unit grows from 8 to 128 bytes with the heap so a bitmap stays small.
 *
 * <p>For the Java heap, committed memory that belongs to no pool (G1 keeps free regions outside
 * eden, survivor and old) is added at the end as one free stretch, so the bitmap covers what
 * MemoryMXBean reports as committed.
 */
final class HeapLayout {
    private static final long FIRST_ADDRESS = 0x10000;
    private static final long ADDRESS_LIMIT = 0xffffffffL;
    private static final int MAX_PAIRS_PER_PIECE = 16 * 1024;

    private HeapLayout() {}

    /** HPST, the pieces and HPEN for the Java heap (HPSO when {@code objects}). */
    static List<Chunk> javaHeap(boolean objects) {
        return layout(MemoryType.HEAP, objects ? ChunkType.HPSO : ChunkType.HPSG, SegmentRuns.state(0, 1), false);
    }

    /** NHST, NHSG pieces and NHEN for non-heap pools. */
    static List<Chunk> nativeMemory() {
        return layout(MemoryType.NON_HEAP, ChunkType.NHSG, SegmentRuns.state(7, 1), true);
    }

    private static List<Chunk> layout(MemoryType type, int pieceType, int usedState, boolean nativeHeap) {
        List<long[]> pools = new ArrayList<>(); // {committed, used}
        long total = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() != type || !pool.isValid()) {
                continue;
            }
            MemoryUsage u = pool.getUsage();
            if (u == null || u.getCommitted() <= 0) {
                continue;
            }
            pools.add(new long[] {u.getCommitted(), Math.min(u.getUsed(), u.getCommitted())});
            total += u.getCommitted();
        }
        long poolsCommitted = total;
        if (type == MemoryType.HEAP) {
            long committed = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
            if (committed > poolsCommitted) {
                pools.add(new long[] {committed - poolsCommitted, 0}); // free regions outside any pool
                total = committed;
            }
        }
        int unit = 8;
        while (unit < 128 && total / unit > (4L << 20)) {
            unit *= 2;
        }
        int heapId = HeapHandler.JAVA_HEAP_ID;
        List<Chunk> out = new ArrayList<>();
        out.add(MessageCodec.encode(new DdmMessage.HeapStart(nativeHeap, heapId)));
        long address = FIRST_ADDRESS;
        for (long[] pool : pools) {
            long units = pool[0] / unit;
            units = Math.min(units, (ADDRESS_LIMIT - address) / unit);
            if (units <= 0) {
                break;
            }
            long used = Math.min(units, (pool[1] + unit - 1) / unit);
            int freeState = SegmentRuns.state(0, 0);
            addPieces(out, pieceType, heapId, unit, address, new long[] {used, units - used}, new int[] {usedState, freeState});
            address += units * unit;
        }
        out.add(MessageCodec.encode(new DdmMessage.HeapEnd(nativeHeap, heapId)));
        return out;
    }

    /** Encodes stretches of units as run pairs, cut into pieces of bounded size, each with offset 0. */
    private static void addPieces(List<Chunk> out, int pieceType, int heapId, int unit, long address,
                                  long[] lengths, int[] states) {
        PayloadWriter runs = new PayloadWriter();
        long pieceStart = address;
        long pieceUnits = 0;
        for (int i = 0; i < lengths.length; i++) {
            long left = lengths[i];
            while (left > 0) {
                long take = Math.min(left, SegmentRuns.MAX_RUN);
                left -= take;
                runs.u1(states[i] | (left > 0 ? SegmentRuns.PARTIAL : 0)).u1((int) take - 1);
                pieceUnits += take;
                if (runs.size() >= 2 * MAX_PAIRS_PER_PIECE) {
                    out.add(piece(pieceType, heapId, unit, pieceStart, pieceUnits, runs));
                    pieceStart += pieceUnits * unit;
                    pieceUnits = 0;
                    runs = new PayloadWriter();
                }
            }
        }
        if (pieceUnits > 0) {
            out.add(piece(pieceType, heapId, unit, pieceStart, pieceUnits, runs));
        }
    }

    private static Chunk piece(int type, int heapId, int unit, long address, long units, PayloadWriter runs) {
        return MessageCodec.encode(new DdmMessage.HeapSegment(type, heapId, unit, address, 0, units,
                runs.array(), 0, runs.size()));
    }
}
