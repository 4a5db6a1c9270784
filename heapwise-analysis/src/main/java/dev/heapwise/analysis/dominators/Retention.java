package dev.heapwise.analysis.dominators;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import java.io.IOException;

/**
 * What {@code heapwise show} prints about an object's place in the dominator tree: its retained
 * size and its immediate dominator.
 *
 * <pre>{@code
 * try (DominatorTree t = DominatorTree.of(graph)) {
 *     Retention r = Retention.of(t, object);
 *     json.put("retainedSize", r.retainedSize());
 *     json.put("immediateDominator", r.immediateDominatorHex()); // null at the top level
 * }
 * }</pre>
 *
 * @param retainedSize        bytes freed if the object went (0 when unreachable)
 * @param immediateDominator  the dominator's object index, {@link DominatorTree#ROOT} when the
 *                            object hangs directly under the GC roots, or
 *                            {@link DominatorTree#UNREACHABLE}
 * @param immediateDominatorId the dominator's id, or 0 when there is none
 */
public record Retention(long retainedSize, int immediateDominator, long immediateDominatorId) {

    /** O(1) once the tree exists. */
    public static Retention of(DominatorTree tree, int object) {
        int d = tree.immediateDominator(object);
        return new Retention(tree.retainedSize(object), d, d >= 0 ? tree.graph().id(d) : 0);
    }

    /**
     * Opens (or on first use computes and saves) the dominator tree, reads one object, and closes
     * the tree. Cost: the first call on a dump computes the whole tree.
     */
    public static Retention of(HeapGraph graph, int object) throws IOException {
        try (DominatorTree t = DominatorTree.of(graph)) {
            return of(t, object);
        }
    }

    public boolean reachable() {
        return immediateDominator != DominatorTree.UNREACHABLE;
    }

    /** The dominator as {@code 0x…}, or null at the top level or when unreachable. */
    public String immediateDominatorHex() {
        return immediateDominator >= 0 ? Ids.hex(immediateDominatorId) : null;
    }

    /** For text: {@code 0x…}, "GC roots" or "unreachable". */
    public String immediateDominatorText() {
        if (immediateDominator >= 0) {
            return Ids.hex(immediateDominatorId);
        }
        return immediateDominator == DominatorTree.ROOT ? "GC roots" : "unreachable";
    }
}
