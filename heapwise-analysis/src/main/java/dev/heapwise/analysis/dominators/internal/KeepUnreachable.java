package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.graph.RefCursor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MAT's "keep unreachable objects": after the search from the GC roots, the vertices it did not
 * reach are hung under the virtual root too. First every unreached vertex that no other vertex
 * refers to, all chosen before any is searched; then, for what is left (unreachable cycles), the
 * lowest-numbered vertex, repeatedly, until every vertex is in the tree.
 *
 * <p>"Refers to" counts group edges (an instance refers to its class object). A sink target (see
 * {@link CompactGraph}) is never reached by the search through its group edges, so it counts as
 * reached when the sweep comes to it if any of its predecessors is numbered by then; otherwise it
 * becomes a pseudo-root, exactly as the plain search would have made it. Costs one pass over the
 * groups of all vertices, then work in proportion to the unreached vertices.
 */
final class KeepUnreachable {
    private KeepUnreachable() {}

    /** Runs both rounds on {@code dfs}; returns the number of pseudo-roots. */
    static int run(Digraph g, CompactGraph cg, DepthFirst dfs) {
        int n = g.vertexCount();
        int groups = g.groupCount();
        // Sink targets by vertex, and how many members each group has.
        Map<Integer, List<Integer>> targetGroups = new HashMap<>();
        for (int k = 0; k < groups; k++) {
            int t = g.groupTarget(k);
            if (t >= 0) {
                targetGroups.computeIfAbsent(t, x -> new ArrayList<>()).add(k);
            }
        }
        long[] members = new long[groups];
        boolean[] memberNumbered = new boolean[groups];
        for (int v = 0; v < n; v++) {
            int k = g.groupOf(v);
            if (k >= 0) {
                members[k]++;
                if (dfs.isSeen(v)) {
                    memberNumbered[k] = true;
                }
            }
        }
        RefCursor preds = g.predecessors();
        IntStack entries = new IntStack();
        for (int v = 0; v < n; v++) {
            if (!dfs.isSeen(v) && !referred(g, preds, targetGroups, members, v)) {
                entries.push(v);
            }
        }
        int[] list = new int[(int) entries.size()];
        for (int i = 0; i < list.length; i++) {
            list[i] = entries.get(i);
        }
        int from = dfs.next;
        dfs.search(list, list.length);
        int pseudo = list.length;
        markMembers(g, dfs, from, memberNumbered);
        int[] one = new int[1];
        for (int v = 0; v < n; v++) {
            if (dfs.isSeen(v)) {
                continue;
            }
            if (isSinkTarget(cg, targetGroups, v)) {
                if (anyPredecessorNumbered(preds, dfs, targetGroups, memberNumbered, v)) {
                    continue; // reached through an edge the search does not follow; placed later
                }
                from = dfs.next;
                dfs.numberAlone(v);
            } else {
                from = dfs.next;
                one[0] = v;
                dfs.search(one, 1);
            }
            pseudo++;
            markMembers(g, dfs, from, memberNumbered);
        }
        return pseudo;
    }

    private static boolean referred(Digraph g, RefCursor preds, Map<Integer, List<Integer>> targetGroups,
            long[] members, int v) {
        preds.reset(v);
        for (int u; (u = preds.next()) >= 0; ) {
            if (u != v) {
                return true;
            }
        }
        List<Integer> ks = targetGroups.get(v);
        if (ks != null) {
            int own = g.groupOf(v);
            for (int k : ks) {
                if (members[k] - (own == k ? 1 : 0) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isSinkTarget(CompactGraph cg, Map<Integer, List<Integer>> targetGroups, int v) {
        List<Integer> ks = targetGroups.get(v);
        if (ks != null) {
            for (int k : ks) {
                if (cg.sinkGroup[k]) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean anyPredecessorNumbered(RefCursor preds, DepthFirst dfs,
            Map<Integer, List<Integer>> targetGroups, boolean[] memberNumbered, int v) {
        preds.reset(v);
        for (int u; (u = preds.next()) >= 0; ) {
            if (u != v && dfs.isSeen(u)) {
                return true;
            }
        }
        for (int k : targetGroups.get(v)) {
            if (memberNumbered[k]) {
                return true; // memberNumbered cannot come from v itself: v is not numbered
            }
        }
        return false;
    }

    private static void markMembers(Digraph g, DepthFirst dfs, int from, boolean[] memberNumbered) {
        for (int i = from; i < dfs.next; i++) {
            int k = g.groupOf(NativeInts.get(dfs.vertexArray.segment(), i));
            if (k >= 0) {
                memberNumbered[k] = true;
            }
        }
    }
}
