package dev.heapwise.cli.walker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.graph.Units;
import dev.heapwise.walker.ContainerType;
import dev.heapwise.walker.WalkResult;
import java.io.PrintStream;
import java.util.Locale;

/** A walk's counters, as text lines or as JSON fields. */
final class WalkSummary {
    private WalkSummary() {}

    static void json(ObjectNode o, WalkResult r, ContainerCounts containers, int objectCount) {
        o.put("objects", objectCount);
        o.put("aborted", r.aborted());
        ObjectNode c = o.putObject("containers");
        for (ContainerType t : ContainerType.values()) {
            c.put(t.name(), containers.of(t));
        }
        o.put("rootReferenceCalls", r.rootReferenceCalls());
        o.put("rootReferences", r.rootReferences());
        o.put("objectReferenceCalls", r.objectReferenceCalls());
        o.put("objectsVisited", r.objectsVisited());
        o.put("objectsVisitedInHeap", r.objectsVisitedInHeap());
        o.put("references", r.references());
        o.put("nullReferences", r.nullReferences());
        o.put("missingReferences", r.missingReferences());
        o.put("objectsReadFromDump", r.objectsReadFromDump());
        o.put("maxPending", r.maxPending());
        o.put("millis", r.nanos() / 1_000_000);
    }

    static void text(PrintStream out, WalkResult r, ContainerCounts c, int objectCount) {
        out.printf("visited     %s of %s objects%s, %s of them in the heap container%n", Units.count(r.objectsVisited()),
                Units.count(objectCount), r.aborted() ? " (the walk was failed before the end)" : "",
                Units.count(r.objectsVisitedInHeap()));
        out.printf("containers  %s thread, %s root kind, %s selected, %s heap (with BEGIN and END: %s)%n",
                Units.count(c.of(ContainerType.THREAD)), Units.count(c.of(ContainerType.ROOTS)),
                Units.count(c.of(ContainerType.SELECTED)), Units.count(c.of(ContainerType.HEAP)),
                Units.count(r.containers()));
        out.printf("roots       %s root references in %s calls%n", Units.count(r.rootReferences()),
                Units.count(r.rootReferenceCalls()));
        out.printf("references  %s in %s objectReferences calls (%s null, %s missing)%n", Units.count(r.references()),
                Units.count(r.objectReferenceCalls()), Units.count(r.nullReferences()),
                Units.count(r.missingReferences()));
        out.printf("dump reads  %s objects had their references read from the dump, the rest from the index%n",
                Units.count(r.objectsReadFromDump()));
        out.printf("stack       at most %s objects waiting%n", Units.count(r.maxPending()));
        out.printf(Locale.ROOT, "time        %.2f s%n", r.nanos() / 1e9);
    }
}
