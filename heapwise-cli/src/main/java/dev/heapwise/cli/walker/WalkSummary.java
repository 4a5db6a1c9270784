package dev.heapwise.cli.walker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Text;
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
        out.printf("visited     %s of %s objects%s, %s of them in the heap container%n", Text.count(r.objectsVisited()),
                Text.count(objectCount), r.aborted() ? " (the walk was failed before the end)" : "",
                Text.count(r.objectsVisitedInHeap()));
        out.printf("containers  %s thread, %s root kind, %s selected, %s heap (with BEGIN and END: %s)%n",
                Text.count(c.of(ContainerType.THREAD)), Text.count(c.of(ContainerType.ROOTS)),
                Text.count(c.of(ContainerType.SELECTED)), Text.count(c.of(ContainerType.HEAP)),
                Text.count(r.containers()));
        out.printf("roots       %s root references in %s calls%n", Text.count(r.rootReferences()),
                Text.count(r.rootReferenceCalls()));
        out.printf("references  %s in %s objectReferences calls (%s null, %s missing)%n", Text.count(r.references()),
                Text.count(r.objectReferenceCalls()), Text.count(r.nullReferences()),
                Text.count(r.missingReferences()));
        out.printf("dump reads  %s objects had their references read from the dump, the rest from the index%n",
                Text.count(r.objectsReadFromDump()));
        out.printf("stack       at most %s objects waiting%n", Text.count(r.maxPending()));
        out.printf(Locale.ROOT, "time        %.2f s%n", r.nanos() / 1e9);
    }
}
