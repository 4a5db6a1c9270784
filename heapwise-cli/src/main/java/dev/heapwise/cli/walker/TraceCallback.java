package dev.heapwise.cli.walker;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Ids;
import dev.heapwise.walker.ContainerType;
import dev.heapwise.walker.HeapInfoCallback;
import dev.heapwise.walker.ObjectFlags;
import dev.heapwise.walker.WalkAction;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;

/**
 * Prints every callback of a walk, as text lines or into a JSON array, so plug-in authors can see
 * the contract at work. After {@code limit} callbacks it answers FAIL, which stops the walk (only
 * END follows), so tracing a big dump stays short. Allocates per call: meant for small dumps.
 */
final class TraceCallback implements HeapInfoCallback {
    private final HeapGraph graph;
    private final PrintStream text;
    private final ArrayNode json;
    private final long limit;
    private final boolean postpone;
    private final Map<Integer, String> threadNames = new HashMap<>();
    final ContainerCounts containers = new ContainerCounts();
    private long calls;
    private boolean limitReached;

    /** Exactly one of {@code text} and {@code json} is non-null. */
    TraceCallback(HeapGraph graph, PrintStream text, ArrayNode json, long limit, boolean postpone) {
        this.graph = graph;
        this.text = text;
        this.json = json;
        this.limit = limit;
        this.postpone = postpone;
        for (HeapThread t : graph.threads()) {
            threadNames.put(t.serial(), t.name());
        }
    }

    boolean limitReached() {
        return limitReached;
    }

    /** Counts a call; false (and FAIL for the walk) once the limit is passed. END always passes. */
    private boolean admit(boolean end) {
        if (end) {
            return true;
        }
        if (calls >= limit) {
            limitReached = true;
            return false;
        }
        calls++;
        return true;
    }

    @Override
    public WalkAction beginContainer(ContainerType type, long id1, long id2) {
        if (!admit(type == ContainerType.END)) {
            return WalkAction.FAIL;
        }
        containers.add(type);
        if (text != null) {
            String call = switch (type) {
                case BEGIN, HEAP, END -> "beginContainer(" + type + ")";
                case THREAD -> "beginContainer(THREAD, " + Ids.hex(id1) + ", " + id2 + ")  # thread \""
                        + threadNames.getOrDefault((int) id2, "") + "\"";
                case ROOTS -> "beginContainer(ROOTS, " + id1 + ", " + id2 + ")  # " + id2 + " "
                        + ContainerType.rootKind(id1).label() + " root" + (id2 == 1 ? "" : "s");
                case SELECTED -> "beginContainer(SELECTED, 0, " + id2 + ")";
            };
            if (type == ContainerType.END && limitReached) {
                text.println("# the trace limit was reached: the last callback answered FAIL, so only END follows");
            }
            text.println(call);
        } else {
            ObjectNode o = json.addObject();
            o.put("call", "beginContainer");
            o.put("type", type.name());
            o.put("id1", id1);
            o.put("id2", id2);
            if (type == ContainerType.THREAD) {
                o.put("threadObject", Ids.hex(id1));
                o.put("threadName", threadNames.getOrDefault((int) id2, ""));
            } else if (type == ContainerType.ROOTS) {
                o.put("rootKind", ContainerType.rootKind(id1).name());
            }
        }
        return WalkAction.CONTINUE;
    }

    @Override
    public WalkAction rootReferences(long[] refs, int[] refFlags, int count) {
        if (!admit(false)) {
            return WalkAction.FAIL;
        }
        if (text != null) {
            text.println("  rootReferences(" + count + "): " + refs(refs, refFlags, count));
        } else {
            ObjectNode o = json.addObject();
            o.put("call", "rootReferences");
            refs(o.putArray("refs"), refs, refFlags, count);
        }
        return WalkAction.CONTINUE;
    }

    @Override
    public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
        if (!admit(false)) {
            return WalkAction.FAIL;
        }
        if (text != null) {
            text.println("  objectReferences(" + Ids.hex(objectId) + flags(flags) + ", " + count + "): "
                    + (count == 0 ? "-" : refs(refs, refFlags, count)) + "  # " + describe(objectId));
        } else {
            ObjectNode n = json.addObject();
            n.put("call", "objectReferences");
            n.put("object", Ids.hex(objectId));
            int o = graph.indexOf(objectId);
            n.put("className", graph.heapClass(graph.classOf(o)).name());
            if (graph.classIndexOfClassObject(o) >= 0) {
                n.put("represents", graph.heapClass(graph.classIndexOfClassObject(o)).name());
            }
            ArrayNode f = n.putArray("flags");
            ObjectFlags.names(flags).forEach(f::add);
            refs(n.putArray("refs"), refs, refFlags, count);
        }
        return postpone ? WalkAction.POSTPONE_REFERENCES : WalkAction.CONTINUE;
    }

    /** The object's class, or "class X" for the class object of X. */
    private String describe(long objectId) {
        int o = graph.indexOf(objectId);
        if (o < 0) {
            return "?";
        }
        int represented = graph.classIndexOfClassObject(o);
        return represented >= 0 ? "class " + graph.heapClass(represented).name() : graph.heapClass(graph.classOf(o)).name();
    }

    private static String flags(int f) {
        return f == 0 ? "" : " [" + ObjectFlags.describe(f) + "]";
    }

    private static String refs(long[] refs, int[] refFlags, int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(refs[i] == 0 ? "null" : Ids.hex(refs[i])).append(flags(refFlags[i]));
        }
        return sb.toString();
    }

    private static void refs(ArrayNode out, long[] refs, int[] refFlags, int count) {
        for (int i = 0; i < count; i++) {
            ObjectNode r = out.addObject();
            if (refs[i] == 0) {
                r.putNull("id");
            } else {
                r.put("id", Ids.hex(refs[i]));
            }
            ArrayNode f = r.putArray("flags");
            ObjectFlags.names(refFlags[i]).forEach(f::add);
        }
    }
}
