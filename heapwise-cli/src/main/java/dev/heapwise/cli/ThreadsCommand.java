package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.threads.ThreadRetention;
import dev.heapwise.cli.analysis.Trees;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.StackFrame;
import dev.heapwise.graph.Units;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "threads", description = {"Threads with their stack traces and the local objects each frame holds,",
        "what each thread retains and what each frame's locals retain (from the dominator tree), and the thread",
        "that threw an OutOfMemoryError."})
final class ThreadsCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open()) {
            List<ThreadRetention> threads = List.of();
            if (!g.threads().isEmpty()) {
                try (DominatorTree tree = Trees.open(g, false, dump.quiet || json, false)) {
                    threads = ThreadRetention.of(tree);
                }
            }
            if (json) {
                json(g, threads);
            } else {
                text(g, threads);
            }
            return 0;
        }
    }

    private static void json(HeapGraph g, List<ThreadRetention> threads) {
        ObjectNode o = Json.object();
        ArrayNode arr = o.putArray("threads");
        for (ThreadRetention r : threads) {
            HeapThread t = r.thread();
            ObjectNode n = arr.addObject();
            n.put("serial", t.serial());
            n.put("name", t.name());
            if (t.objectIndex() >= 0) {
                n.put("id", Ids.hex(g.id(t.objectIndex())));
                n.put("className", ObjectLabels.className(g, t.objectIndex()));
            }
            n.put("retainedSize", r.retainedSize());
            n.put("localsRetainedSize", r.locals());
            n.put("threwOutOfMemoryError", t.threwOutOfMemoryError());
            ArrayNode frames = n.putArray("frames");
            int depth = 0;
            for (StackFrame f : t.frames()) {
                ObjectNode fn = frames.addObject();
                fn.put("depth", depth);
                fn.put("className", f.className());
                fn.put("method", f.method());
                fn.put("signature", f.signature());
                fn.put("sourceFile", f.sourceFile());
                fn.put("line", f.line());
                fn.put("text", f.display());
                fn.put("localsRetainedSize", r.frameLocals()[depth++]);
                ArrayNode locals = fn.putArray("locals");
                f.locals().forEach(l -> locals.add(Describe.json(g, l)));
            }
            ArrayNode other = n.putArray("otherLocals");
            t.otherLocals().forEach(l -> other.add(Describe.json(g, l)));
            n.put("otherLocalsRetainedSize", r.otherLocals());
        }
        Json.print(System.out, o);
    }

    private static void text(HeapGraph g, List<ThreadRetention> threads) {
        HeapThread oom = ThreadRetention.outOfMemoryErrorThread(g);
        System.out.printf("%d threads%s%n", threads.size(),
                oom == null ? "" : "; thread \"" + oom.name() + "\" threw the OutOfMemoryError");
        for (ThreadRetention r : threads) {
            HeapThread t = r.thread();
            System.out.printf("%n\"%s\"%s%s%n", t.name().isEmpty() ? "<unnamed>" : t.name(),
                    t.objectIndex() < 0 ? "" : "  " + Describe.brief(g, t.objectIndex()),
                    t.objectIndex() < 0 ? "" : "  retains " + Units.bytes(r.retainedSize()) + ", its locals "
                            + Units.bytes(r.locals()));
            if (t.threwOutOfMemoryError()) {
                System.out.println("    (threw the OutOfMemoryError)");
            }
            for (int i = 0; i < t.frames().size(); i++) {
                StackFrame f = t.frames().get(i);
                long held = r.frameLocals()[i];
                System.out.printf("    at %s%s%n", f.display(), held == 0 ? "" : "  (locals retain " + Units.bytes(held) + ")");
                for (int l : f.locals()) {
                    System.out.printf("        local %s%n", Describe.brief(g, l));
                }
            }
            for (int l : t.otherLocals()) {
                System.out.printf("    holds %s%n", Describe.brief(g, l));
            }
        }
    }
}
