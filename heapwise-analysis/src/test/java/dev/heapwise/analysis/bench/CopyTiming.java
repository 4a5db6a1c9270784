package dev.heapwise.analysis.bench;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;

public final class CopyTiming {
    public static void main(String[] args) throws Exception {
        try (HeapGraph g = Hprof.open(Path.of(args[0]))) {
            int n = g.objectCount();
            long m = g.referenceCount();
            for (int rep = 0; rep < 3; rep++) {
                long t0 = System.nanoTime();
                int[] off = new int[n + 1];
                int[] tg = new int[(int) m];
                RefCursor c = g.outRefs();
                int k = 0;
                for (int o = 0; o < n; o++) {
                    off[o] = k;
                    c.reset(o);
                    for (int t; (t = c.next()) >= 0; ) {
                        tg[k++] = t;
                    }
                }
                off[n] = k;
                long t1 = System.nanoTime();
                // DFS over the copy
                int[] pre = new int[n];
                int[] stack = new int[(int) m + n + 1];
                int sp = 0;
                for (var r : g.roots()) {
                    stack[sp++] = r.object();
                }
                int d = 1;
                while (sp > 0) {
                    int v = stack[--sp];
                    if (pre[v] != 0) continue;
                    pre[v] = d++;
                    for (int e = off[v]; e < off[v + 1]; e++) {
                        int t = tg[e];
                        if (pre[t] == 0) stack[sp++] = t;
                    }
                }
                long t2 = System.nanoTime();
                var preS = dev.heapwise.analysis.internal.NativeInts.allocate(n);
                var offS = dev.heapwise.analysis.internal.NativeInts.allocate(n + 1);
                var tgS = dev.heapwise.analysis.internal.NativeInts.allocate(m);
                java.lang.foreign.MemorySegment P = preS.segment(), O = offS.segment(), T = tgS.segment();
                for (int o = 0; o <= n; o++) O.setAtIndex(dev.heapwise.analysis.internal.NativeInts.INT, o, off[o]);
                for (int e = 0; e < m; e++) T.setAtIndex(dev.heapwise.analysis.internal.NativeInts.INT, e, tg[e]);
                long t3 = System.nanoTime();
                sp = 0;
                for (var r : g.roots()) {
                    stack[sp++] = r.object();
                }
                int d2 = 1;
                var L = dev.heapwise.analysis.internal.NativeInts.INT;
                while (sp > 0) {
                    int v = stack[--sp];
                    if (P.getAtIndex(L, v) != 0) continue;
                    P.setAtIndex(L, v, d2++);
                    int end = O.getAtIndex(L, v + 1);
                    for (int e = O.getAtIndex(L, v); e < end; e++) {
                        int t = T.getAtIndex(L, e);
                        if (P.getAtIndex(L, t) == 0) stack[sp++] = t;
                    }
                }
                long t4 = System.nanoTime();
                preS.close(); offS.close(); tgS.close();
                System.out.printf("copy %d ms, dfs %d ms (%d), segment dfs %d ms%n", (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, d, (t4 - t3) / 1_000_000);
            }
        }
    }
}
