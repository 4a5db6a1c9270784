package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.StackFrame;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "threads", description = "Threads with their stack traces and the local objects each frame holds.")
final class ThreadsCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open()) {
            if (json) {
                ObjectNode o = Json.object();
                ArrayNode threads = o.putArray("threads");
                for (HeapThread t : g.threads()) {
                    ObjectNode n = threads.addObject();
                    n.put("serial", t.serial());
                    n.put("name", t.name());
                    if (t.objectIndex() >= 0) {
                        n.put("id", Ids.hex(g.id(t.objectIndex())));
                        n.put("className", ObjectLabels.className(g, t.objectIndex()));
                    }
                    ArrayNode frames = n.putArray("frames");
                    int depth = 0;
                    for (StackFrame f : t.frames()) {
                        ObjectNode fn = frames.addObject();
                        fn.put("depth", depth++);
                        fn.put("className", f.className());
                        fn.put("method", f.method());
                        fn.put("signature", f.signature());
                        fn.put("sourceFile", f.sourceFile());
                        fn.put("line", f.line());
                        fn.put("text", f.display());
                        ArrayNode locals = fn.putArray("locals");
                        f.locals().forEach(l -> locals.add(Describe.json(g, l)));
                    }
                    ArrayNode other = n.putArray("otherLocals");
                    t.otherLocals().forEach(l -> other.add(Describe.json(g, l)));
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%d threads%n", g.threads().size());
            for (HeapThread t : g.threads()) {
                System.out.printf("%n\"%s\"%s%n", t.name().isEmpty() ? "<unnamed>" : t.name(),
                        t.objectIndex() < 0 ? "" : "  " + Describe.brief(g, t.objectIndex()));
                for (StackFrame f : t.frames()) {
                    System.out.printf("    at %s%n", f.display());
                    for (int l : f.locals()) {
                        System.out.printf("        local %s%n", Describe.brief(g, l));
                    }
                }
                for (int l : t.otherLocals()) {
                    System.out.printf("    holds %s%n", Describe.brief(g, l));
                }
            }
            return 0;
        }
    }
}
