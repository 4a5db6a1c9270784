package dev.heapwise.analysis.bench;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;

public final class DegreeStats {
    public static void main(String[] args) throws Exception {
        for (String a : args) {
            try (HeapGraph g = Hprof.open(Path.of(a), Hprof.Options.defaults().withIndexDir(Path.of("/tmp/bench/idx-" + Path.of(a).getFileName())))) {
                int n = g.objectCount();
                long[] hist = new long[5];
                RefCursor in = g.inRefs();
                long localEdges = 0, edges = 0;
                RefCursor out = g.outRefs();
                for (int o = 0; o < n; o++) {
                    in.reset(o);
                    hist[(int) Math.min(4, in.count())]++;
                    out.reset(o);
                    for (int t; (t = out.next()) >= 0; ) {
                        edges++;
                        if (Math.abs(t - o) < 64) localEdges++;
                    }
                }
                System.out.printf("%s: n=%d indeg0=%.2f 1=%.2f 2=%.2f 3=%.2f 4+=%.2f local(<64)=%.2f%n", a, n,
                        hist[0] * 1.0 / n, hist[1] * 1.0 / n, hist[2] * 1.0 / n, hist[3] * 1.0 / n, hist[4] * 1.0 / n,
                        localEdges * 1.0 / edges);
            }
        }
    }
}
