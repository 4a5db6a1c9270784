package dev.heapwise.cli.walker;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.CountingProgress;
import dev.heapwise.cli.Describe;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.walker.HeapWalker;
import dev.heapwise.walker.WalkOptions;
import dev.heapwise.walker.WalkResult;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code heapwise walk DUMP}: runs the IHeapInfoCallback walk; {@code --trace} prints every callback. */
@Command(name = "walk",
        description = {
            "Walks the heap as the Microsoft VM's IHeapInfoCallback contract does: containers (threads, root kinds,"
                    + " heap), root references, then object references depth first with REPORTED/VISITED flags.",
            "Prints what the walk did, or with --trace the callback sequence itself (for small dumps;"
                    + " --limit keeps it short on big ones)."})
public final class WalkCommand implements Callable<Integer> {

    @Mixin
    DumpOptions dump;

    @Option(names = "--trace", description = "Print every callback (beginContainer, rootReferences, objectReferences).")
    boolean trace;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "1000",
            description = "With --trace: print at most N callbacks, then answer FAIL so the walk ends (default: ${DEFAULT-VALUE}).")
    long limit;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "" + WalkOptions.DEFAULT_BATCH_SIZE,
            description = "Most references per call; more are split with MORE_REFERENCES (default: ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(names = "--no-nulls", description = "Report only references to objects (index only, no dump reads).")
    boolean noNulls;

    @Option(names = "--postpone", description = "Answer POSTPONE_REFERENCES to every object: a flat list of objects.")
    boolean postpone;

    @Option(names = "--from", paramLabel = "OBJECT", description = "Start from this object id instead of the roots.")
    String from;

    @Option(names = "--max-depth", paramLabel = "N",
            description = "Visit only objects at most N references from the roots (or from --from); 0..254.")
    Integer maxDepth;

    @Option(names = "--no-heap", description = "Leave out the HEAP container (objects the roots do not reach).")
    boolean noHeap;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (batchSize < 1) {
            throw new BadInputException("--batch-size " + batchSize + ": must be at least 1");
        }
        if (limit < 0) {
            throw new BadInputException("--limit " + limit + ": must not be negative");
        }
        MaxDepth.check(maxDepth);
        try (HeapGraph g = dump.open(); CountingProgress progress = CountingProgress.start("walking", dump.quiet || trace)) {
            WalkOptions options = WalkOptions.defaults().withBatchSize(batchSize).withIncludeNulls(!noNulls)
                    .withMaxDepth(maxDepth == null ? -1 : maxDepth).withVisitHeap(!noHeap).withProgress(progress::update);
            if (from != null) {
                options = options.withStartAt(g.id(Describe.object(g, from, dump.dump)));
            }
            ObjectNode doc = json ? Json.object() : null;
            if (doc != null) {
                doc.put("dump", dump.dump.toString());
            }
            ContainerCounts containers;
            WalkResult result;
            boolean truncated = false;
            if (trace) {
                ArrayNode calls = doc == null ? null : doc.putArray("callbacks");
                TraceCallback t = new TraceCallback(g, doc == null ? System.out : null, calls, limit, postpone);
                result = HeapWalker.walk(g, t, options);
                containers = t.containers;
                truncated = t.limitReached();
            } else {
                CountingCallback c = new CountingCallback(postpone);
                result = HeapWalker.walk(g, c, options);
                containers = c.containers;
            }
            if (doc != null) {
                if (trace) {
                    doc.put("truncated", truncated);
                }
                WalkSummary.json(doc.putObject("summary"), result, containers, g.objectCount());
                Json.print(System.out, doc);
            } else if (!trace) {
                WalkSummary.text(System.out, result, containers, g.objectCount());
            }
            return 0;
        }
    }
}
