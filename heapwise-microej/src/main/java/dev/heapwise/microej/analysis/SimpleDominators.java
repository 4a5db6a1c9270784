package dev.heapwise.microej.analysis;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;

/**
 * A stand-in dominator tree until the heapwise-analysis module's is wired in: the iterative
 * algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm") over the graph
 * with a virtual root above every GC root. A few int arrays and two long arrays of one entry per
 * object (and a stack of up to one entry per reference); time roughly linear per iteration, with few iterations on heap graphs. Fine for MicroEJ
 * heaps (thousands to millions of objects); the analysis module's version is the one for 10^8.
 * Objects unreachable from the roots (none after root synthesis) get -1 and retain only themselves.
 */
public final class SimpleDominators implements Dominators {
    private final int[] idom;
    private final long[] retainedSize;
    private final long[] retainedCount;

    private SimpleDominators(int[] idom, long[] retainedSize, long[] retainedCount) {
        this.idom = idom;
        this.retainedSize = retainedSize;
        this.retainedCount = retainedCount;
    }

    @Override
    public int immediateDominator(int object) {
        return idom[object];
    }

    @Override
    public long retainedSize(int object) {
        return retainedSize[object];
    }

    @Override
    public long retainedCount(int object) {
        return retainedCount[object];
    }

    public static SimpleDominators compute(HeapGraph g) {
        int n = g.objectCount();
        int root = n;
        boolean[] isRoot = new boolean[n];
        for (GcRoot r : g.roots()) {
            isRoot[r.object()] = true;
        }
        // depth-first postorder from the virtual root: a node is pushed once per referrer, expanded
        // when first popped (then pushed again, negated, to be numbered after its descendants)
        int[] post = new int[n + 1];
        java.util.Arrays.fill(post, -1);
        int[] order = new int[n + 1]; // order[k] = node with postorder number k
        int counter = 0;
        boolean[] visited = new boolean[n + 1];
        int[] stack = new int[1024];
        int sp = 0;
        RefCursor out = g.outRefs();
        stack[sp++] = root;
        while (sp > 0) {
            int v = stack[--sp];
            if (v < 0) {
                int u = ~v;
                post[u] = counter;
                order[counter++] = u;
                continue;
            }
            if (visited[v]) {
                continue;
            }
            visited[v] = true;
            if (sp + 1 >= stack.length) {
                stack = java.util.Arrays.copyOf(stack, stack.length * 2);
            }
            stack[sp++] = ~v;
            if (v == root) {
                for (int o = n - 1; o >= 0; o--) {
                    if (isRoot[o]) {
                        if (sp >= stack.length) {
                            stack = java.util.Arrays.copyOf(stack, stack.length * 2);
                        }
                        stack[sp++] = o;
                    }
                }
                continue;
            }
            out.reset(v);
            for (int t; (t = out.next()) >= 0; ) {
                if (!visited[t]) {
                    if (sp >= stack.length) {
                        stack = java.util.Arrays.copyOf(stack, stack.length * 2);
                    }
                    stack[sp++] = t;
                }
            }
        }
        int[] dom = new int[n + 1];
        java.util.Arrays.fill(dom, -1);
        dom[root] = root;
        RefCursor in = g.inRefs();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = counter - 2; k >= 0; k--) { // reverse postorder, root excluded
                int b = order[k];
                int newIdom = -1;
                if (isRoot[b]) {
                    newIdom = root;
                }
                in.reset(b);
                for (int p; (p = in.next()) >= 0; ) {
                    if (dom[p] < 0 || post[p] < 0) {
                        continue;
                    }
                    newIdom = newIdom < 0 ? p : intersect(p, newIdom, dom, post);
                }
                if (newIdom >= 0 && dom[b] != newIdom) {
                    dom[b] = newIdom;
                    changed = true;
                }
            }
        }
        int[] idom = new int[n];
        long[] size = new long[n];
        long[] count = new long[n];
        for (int o = 0; o < n; o++) {
            idom[o] = dom[o] == root || dom[o] < 0 ? -1 : dom[o];
            size[o] = g.shallowSize(o);
            count[o] = g.kind(o) == ObjectKind.CLASS ? 0 : 1;
        }
        for (int k = 0; k < counter; k++) { // postorder: children before their dominators
            int v = order[k];
            if (v != root && idom[v] >= 0) {
                size[idom[v]] += size[v];
                count[idom[v]] += count[v];
            }
        }
        return new SimpleDominators(idom, size, count);
    }

    private static int intersect(int a, int b, int[] dom, int[] post) {
        while (a != b) {
            while (post[a] < post[b]) {
                a = dom[a];
            }
            while (post[b] < post[a]) {
                b = dom[b];
            }
        }
        return a;
    }
}
