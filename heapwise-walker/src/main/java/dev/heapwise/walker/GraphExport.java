package dev.heapwise.walker;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.walker.internal.ClassSlots;
import dev.heapwise.walker.internal.ExportCallback;
import java.io.IOException;

/**
 * Streams a heap graph, or the part of it within reach of chosen objects, to an
 * {@link ExportSink}: a built-in user of {@link HeapWalker}. Objects come in walk order (roots
 * first, depth first), each followed by its non-null references; null and dangling slots are not
 * exported.
 *
 * <p>Cost: a walk with null slots reported (so each reference's position names its field): the
 * reference index, plus one dump read per object that has a null or dangling slot and per object
 * array. Memory as for {@link HeapWalker}: a few bits per object; nothing is kept per exported
 * item. Runs on the calling thread.
 */
public final class GraphExport {
    private GraphExport() {}

    /**
     * Exports. {@code options} choose the start ({@link WalkOptions#startAt}), the depth limit,
     * whether the heap container adds the objects roots do not reach, the batch size and
     * progress; {@link WalkOptions#includeNulls()} is forced on.
     *
     * @throws IOException what the sink threw; the export stops there
     */
    public static ExportResult export(HeapGraph graph, ExportSink sink, WalkOptions options) throws IOException {
        ExportCallback callback = new ExportCallback(graph, sink, new ClassSlots(graph));
        WalkResult walk = HeapWalker.walk(graph, callback, options.withIncludeNulls(true));
        if (callback.failure() != null) {
            throw callback.failure();
        }
        return new ExportResult(callback.objects(), callback.references(), walk);
    }
}
