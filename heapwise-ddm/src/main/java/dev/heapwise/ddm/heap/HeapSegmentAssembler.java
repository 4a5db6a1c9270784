package dev.heapwise.ddm.heap;

import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.codec.DdmMessage.HeapEnd;
import dev.heapwise.ddm.codec.DdmMessage.HeapSegment;
import dev.heapwise.ddm.codec.DdmMessage.HeapStart;
import dev.heapwise.ddm.codec.SegmentRuns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds {@link HeapBitmap}s from HPST, HPSG/HPSO/NHSG pieces and HPEN, per heap id. Several heaps
 * may be in progress at once, as the seed allows.
 *
 * <p>A bad piece (no HPST before it, overlapping an earlier piece, mixing HPSG and HPSO) is
 * rejected with a {@link DdmFormatException}; the heap in progress keeps its good pieces, so the
 * stream continues. Not thread-safe: feed it from one thread (a connection's reader).
 * Memory: 17 bytes per run while a heap is in progress.
 */
public final class HeapSegmentAssembler {
    private final Map<Long, InProgress> heaps = new HashMap<>();

    /** HPST/NHST: forget what was known of this heap and start over. */
    public void start(HeapStart start) {
        heaps.put(key(start.nativeHeap(), start.heapId()), new InProgress(start.heapId(), start.nativeHeap()));
    }

    /** One piece. */
    public void add(HeapSegment piece) {
        boolean nativeHeap = piece.chunkType() == ChunkType.NHSG;
        InProgress heap = heaps.get(key(nativeHeap, piece.heapId()));
        String where = ChunkType.name(piece.chunkType()) + " chunk";
        if (heap == null) {
            throw new DdmFormatException(where, 0, "heap " + piece.heapId() + " has no "
                    + (nativeHeap ? "NHST" : "HPST") + " before it; piece ignored");
        }
        heap.add(piece, where);
    }

    /** HPEN/NHEN: the finished bitmap. */
    public HeapBitmap end(HeapEnd end) {
        InProgress heap = heaps.remove(key(end.nativeHeap(), end.heapId()));
        if (heap == null) {
            throw new DdmFormatException(end.nativeHeap() ? "NHEN chunk" : "HPEN chunk", 0,
                    "heap " + end.heapId() + " ends but never started");
        }
        return heap.build();
    }

    /** Heaps started but not yet ended. */
    public int inProgress() {
        return heaps.size();
    }

    /** Convenience: assembles one heap from a complete message sequence. */
    public static HeapBitmap assemble(HeapStart start, List<HeapSegment> pieces, HeapEnd end) {
        HeapSegmentAssembler a = new HeapSegmentAssembler();
        a.start(start);
        for (HeapSegment p : pieces) {
            a.add(p);
        }
        return a.end(end);
    }

    private static long key(boolean nativeHeap, int heapId) {
        return (nativeHeap ? 1L << 32 : 0) | (heapId & 0xffffffffL);
    }

    private static final class InProgress {
        final int heapId;
        final boolean nativeHeap;
        Boolean objectRuns;
        int unitSize;
        final TreeMap<Long, Long> ranges = new TreeMap<>(); // start -> end, bytes
        final List<long[]> pieces = new ArrayList<>(); // {start address, first run, run count}
        long[] address = new long[64];
        long[] bytes = new long[64];
        byte[] state = new byte[64];
        int runs;

        InProgress(int heapId, boolean nativeHeap) {
            this.heapId = heapId;
            this.nativeHeap = nativeHeap;
        }

        void add(HeapSegment p, String where) {
            boolean hpso = p.chunkType() == ChunkType.HPSO;
            if (objectRuns != null && objectRuns != hpso && !nativeHeap) {
                throw new DdmFormatException(where, 0, "heap " + heapId + " mixes HPSG and HPSO pieces; piece ignored");
            }
            long start = p.virtualAddress() + p.offsetUnits() * p.unitSize();
            long end = start + p.unitCount() * p.unitSize();
            if (p.unitCount() > 0) {
                var before = ranges.floorEntry(start);
                var after = ranges.ceilingEntry(start);
                if ((before != null && before.getValue() > start) || (after != null && after.getKey() < end)) {
                    throw new DdmFormatException(where, 5, String.format(
                            "piece [0x%x, 0x%x) overlaps an earlier piece of heap %d; piece ignored", start, end, heapId));
                }
                ranges.put(start, end);
            }
            objectRuns = hpso;
            unitSize = unitSize == 0 ? p.unitSize() : Math.min(unitSize, p.unitSize());
            int first = runs;
            long at = start;
            byte[] d = p.runs();
            for (int i = p.runsOffset(); i < p.runsOffset() + p.runsLength(); i += 2) {
                long len = ((d[i + 1] & 0xff) + 1L) * p.unitSize();
                append(at, len, d[i]);
                at += len;
            }
            pieces.add(new long[] {start, first, runs - first});
        }

        void append(long at, long len, byte s) {
            if (runs == address.length) {
                int n = runs * 2;
                address = Arrays.copyOf(address, n);
                bytes = Arrays.copyOf(bytes, n);
                state = Arrays.copyOf(state, n);
            }
            address[runs] = at;
            bytes[runs] = len;
            state[runs] = s;
            runs++;
        }

        HeapBitmap build() {
            pieces.sort((a, b) -> Long.compare(a[0], b[0]));
            long[] outAddress = new long[Math.max(1, runs)];
            long[] outBytes = new long[Math.max(1, runs)];
            byte[] outState = new byte[Math.max(1, runs)];
            boolean hpso = Boolean.TRUE.equals(objectRuns);
            int n = 0;
            boolean previousContinues = false;
            for (long[] piece : pieces) {
                for (int i = (int) piece[1]; i < piece[1] + piece[2]; i++) {
                    int s = state[i] & 0x3f;
                    boolean contiguous = n > 0 && outAddress[n - 1] + outBytes[n - 1] == address[i];
                    boolean join = contiguous && (outState[n - 1] == s) && (!hpso || previousContinues);
                    if (join) {
                        outBytes[n - 1] += bytes[i];
                    } else {
                        outAddress[n] = address[i];
                        outBytes[n] = bytes[i];
                        outState[n] = (byte) s;
                        n++;
                    }
                    previousContinues = (state[i] & SegmentRuns.PARTIAL) != 0;
                }
            }
            return new HeapBitmap(heapId, nativeHeap, hpso, unitSize, outAddress, outBytes, outState, n);
        }
    }
}
