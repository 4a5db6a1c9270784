package dev.heapwise.graph.internal;

import dev.heapwise.graph.RootKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Roots, threads, stack traces and frames as a reader reports them (by id), kept until object
 * ids can be resolved to indexes. Roots are stored in primitive lists (there can be millions);
 * threads and frames are few. Not thread-safe.
 */
public final class PendingMeta {
    final LongList rootIds = new LongList(1024);
    final IntList rootKinds = new IntList(1024);
    final IntList rootThreads = new IntList(1024);
    final IntList rootFrames = new IntList(1024);
    final List<PendingThread> threads = new ArrayList<>();
    final Map<Integer, long[]> traces = new HashMap<>();
    final Map<Long, Frame> frames = new HashMap<>();

    record PendingThread(int serial, long objectId, int traceSerial, String name) {}

    record Frame(String className, String method, String signature, String sourceFile, int line) {}

    public void addRoot(long id, RootKind kind, int threadSerial, int frame) {
        rootIds.add(id);
        rootKinds.add(kind.ordinal());
        rootThreads.add(threadSerial);
        rootFrames.add(frame);
    }

    public void addThread(int serial, long objectId, int traceSerial, String name) {
        threads.add(new PendingThread(serial, objectId, traceSerial, name));
    }

    public void addStackTrace(int serial, long[] frameIds) {
        traces.put(serial, frameIds.clone());
    }

    public void addStackFrame(long frameId, String className, String method, String signature, String sourceFile,
            int line) {
        frames.put(frameId, new Frame(nz(className), nz(method), nz(signature), nz(sourceFile), line));
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
