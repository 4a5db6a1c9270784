package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.codec.Zlib;
import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.heap.HeapSegmentAssembler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What a session does with the chunks its VM sends, in replies or on its own: decode them, update
 * the {@link VmState}, assemble heap segments into bitmaps for whoever waits for one, and hand HPDS
 * data to the pending dump. Bad chunks are reported and skipped.
 *
 * <p>{@link #apply} runs on the session's reader thread only; the waiter and dump methods are
 * thread-safe.
 */
final class InboundChunks {
    private final VmState state;
    private final Consumer<String> problems;
    private final HeapSegmentAssembler assembler = new HeapSegmentAssembler(); // reader thread only
    private final Set<Integer> reportedUnknown = new HashSet<>(); // reader thread only
    private final List<BitmapWaiter> bitmapWaiters = new ArrayList<>(); // guarded by itself
    private HeapDumpReceiver dump; // guarded by this

    private record BitmapWaiter(boolean nativeHeap, CompletableFuture<HeapBitmap> future) {}

    InboundChunks(VmState state, Consumer<String> problems) {
        this.state = state;
        this.problems = problems;
    }

    /** Decodes the chunks of one packet, applies them, and returns what was decoded. */
    List<DdmMessage> apply(byte[] data, String context) {
        ChunkFraming.Split split = ChunkFraming.split(data, 0, data.length, Zlib.DEFAULT_MAX_INFLATED);
        List<DdmMessage> out = new ArrayList<>(split.chunks().size());
        for (Chunk c : split.chunks()) {
            try {
                DdmMessage m = MessageCodec.decode(c, Direction.FROM_VM);
                apply(m);
                out.add(m);
            } catch (DdmFormatException e) {
                problems.accept(e.getMessage());
            }
        }
        if (split.problem() != null) {
            problems.accept(split.problem().getMessage() + " (in a " + context + ")");
        }
        return out;
    }

    private void apply(DdmMessage m) {
        switch (m) {
            case DdmMessage.Hello h -> state.hello(h);
            case DdmMessage.Features f -> state.features(f.features());
            case DdmMessage.AppName a -> state.appName(a);
            case DdmMessage.Wait w -> state.waiting(true);
            case DdmMessage.ThreadCreated c -> state.threadCreated(c);
            case DdmMessage.ThreadDied d -> state.threadDied(d);
            case DdmMessage.ThreadStatus s -> state.threadStatus(s);
            case DdmMessage.HeapInfo i -> state.heapInfo(i);
            case DdmMessage.HeapStart s -> assembler.start(s);
            case DdmMessage.HeapSegment s -> assembler.add(s);
            case DdmMessage.HeapEnd e -> bitmapDone(assembler.end(e));
            case DdmMessage.Fail f -> state.fail(f);
            case DdmMessage.HeapDumpData d -> dumpData(d);
            case DdmMessage.Unknown u -> {
                if (reportedUnknown.add(u.chunkType())) {
                    problems.accept("unknown chunk " + ChunkType.name(u.chunkType()) + " (" + u.length() + " bytes) ignored");
                }
            }
            default -> { } // HPDU results, DBGD acks, REAQ/REAL: read by the request that asked
        }
    }

    // ------------------------------------------------------------------ heap bitmaps

    void addBitmapWaiter(boolean nativeHeap, CompletableFuture<HeapBitmap> future) {
        synchronized (bitmapWaiters) {
            bitmapWaiters.add(new BitmapWaiter(nativeHeap, future));
        }
    }

    /** Forgets a waiter; returns whether anyone still waits for {@code nativeHeap} bitmaps. */
    boolean removeBitmapWaiter(CompletableFuture<HeapBitmap> future, boolean nativeHeap) {
        synchronized (bitmapWaiters) {
            bitmapWaiters.removeIf(w -> w.future() == future);
            return bitmapWaiters.stream().anyMatch(w -> w.nativeHeap() == nativeHeap);
        }
    }

    private void bitmapDone(HeapBitmap b) {
        state.bitmap(b);
        List<CompletableFuture<HeapBitmap>> done = new ArrayList<>();
        synchronized (bitmapWaiters) {
            for (BitmapWaiter w : bitmapWaiters) {
                if (w.nativeHeap() == b.nativeHeap()) {
                    done.add(w.future());
                }
            }
        }
        done.forEach(f -> f.complete(b)); // outside the lock: completion callbacks may send requests
    }

    // ------------------------------------------------------------------ heap dumps

    /** Starts receiving a dump; false when one is already in progress. */
    synchronized boolean startDump(HeapDumpReceiver receiver) {
        if (dump != null) {
            return false;
        }
        dump = receiver;
        return true;
    }

    /** The dump being received, or null. */
    synchronized HeapDumpReceiver dump() {
        return dump;
    }

    /** Ends the dump belonging to {@code future} (done, failed or timed out). */
    synchronized void endDump(CompletableFuture<Path> future) {
        if (dump != null && dump.future() == future) {
            dump.abandon();
            dump = null;
        }
    }

    private void dumpData(DdmMessage.HeapDumpData d) {
        HeapDumpReceiver r = dump();
        if (r == null) {
            problems.accept("HPDS data of " + d.length() + " bytes arrived unrequested; ignored");
            return;
        }
        r.write(d.hprof(), d.offset(), d.length());
    }

    /** The connection ended: everyone waiting learns why. */
    void failAll(String reason) {
        List<BitmapWaiter> waiters;
        synchronized (bitmapWaiters) {
            waiters = new ArrayList<>(bitmapWaiters);
            bitmapWaiters.clear();
        }
        waiters.forEach(w -> w.future().completeExceptionally(new IOException(reason)));
        HeapDumpReceiver r;
        synchronized (this) {
            r = dump;
            dump = null;
        }
        if (r != null) {
            r.fail(reason);
        }
    }
}
