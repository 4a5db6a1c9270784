package dev.heapwise.analysis.bench;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;

public final class CursorTiming {
    public static void main(String[] args) throws Exception {
        try (HeapGraph g = Hprof.open(Path.of(args[0]))) {
            int n = g.objectCount();
            for (int rep = 0; rep < 3; rep++) {
                long t0 = System.nanoTime();
                RefCursor c = g.outRefs();
                long s = 0;
                for (int o = 0; o < n; o++) {
                    c.reset(o);
                    for (int t; (t = c.next()) >= 0; ) {
                        s += t;
                    }
                }
                long t1 = System.nanoTime();
                RefCursor in = g.inRefs();
                for (int o = 0; o < n; o++) {
                    in.reset(o);
                    for (int t; (t = in.next()) >= 0; ) {
                        s += t;
                    }
                }
                long t2 = System.nanoTime();
                for (int o = 0; o < n; o++) {
                    s += g.classOf(o);
                }
                long t3 = System.nanoTime();
                for (int o = 0; o < n; o++) {
                    s += g.shallowSize(o);
                }
                long t4 = System.nanoTime();
                for (int o = 0; o < n; o++) {
                    c.reset(o);
                    s += c.count();
                }
                long t5 = System.nanoTime();
                System.out.printf("out %d ms, in %d ms, classOf %d ms, shallow %d ms, reset-only %d ms (%d)%n",
                        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000, (t4 - t3) / 1_000_000,
                        (t5 - t4) / 1_000_000, s);
            }
        }
    }
}
