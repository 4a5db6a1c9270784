package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The inspectors applied to every node of a leak trace, as Shark 2.14 applies them: its
 * {@code ObjectInspectors.jdkDefaults} on every dump and, on an Android dump, its
 * {@code AndroidObjectInspectors.appDefaults} after them ({@link AndroidInspectors}). Their order is
 * Shark's, and so is the order of the reasons they give a node. Read the nodes' fields.
 */
public final class DefaultInspectors {
    private static final Pattern ANONYMOUS = Pattern.compile("^.+\\$\\d+$");

    private DefaultInspectors() {}

    /**
     * New inspectors for one analysis (some remember what they read of the dump).
     *
     * @param android whether the dump is an Android one ({@link AndroidBuild#of}): only then Android's
     */
    public static List<ObjectInspector> all(boolean android) {
        List<ObjectInspector> all = new ArrayList<>(List.of(KeyedWeakReferences.inspector(),
                Reporter.inspector(DefaultInspectors::classLoader), Reporter.inspector(DefaultInspectors::classes),
                Reporter.inspector(DefaultInspectors::anonymousClass), Reporter.inspector(DefaultInspectors::thread)));
        if (android) {
            all.addAll(AndroidInspectors.all());
        }
        return List.copyOf(all);
    }

    static void classLoader(Hierarchy h, int o, Reporter r) {
        if (h.instanceOf(o, "java.lang.ClassLoader")) {
            r.notLeaking("A ClassLoader is never leaking"); // Shark 2.14's words, capital A included
        }
    }

    static void classes(Hierarchy h, int o, Reporter r) {
        if (h.graph().kind(o) == ObjectKind.CLASS) {
            r.notLeaking("a class is never leaking");
        }
    }

    /**
     * An anonymous class ({@code Outer$1}) is labelled with the class it extends. For one that
     * extends Object, Shark loads the class in its own JVM to name the interface it implements;
     * heapwise says nothing: it never loads a class a dump names, and the analysing JVM's class of
     * that name need not be the dumped one.
     */
    static void anonymousClass(Hierarchy h, int o, Reporter r) {
        HeapGraph g = h.graph();
        if (g.kind(o) != ObjectKind.INSTANCE) {
            return;
        }
        HeapClass c = g.heapClass(g.classOf(o));
        if (!ANONYMOUS.matcher(c.name()).matches() || c.superIndex() < 0) {
            return;
        }
        String parent = g.heapClass(c.superIndex()).name();
        if (!parent.equals("java.lang.Object")) {
            r.label("Anonymous subclass of " + parent);
        }
    }

    static void thread(Hierarchy h, int o, Reporter r) {
        String name = threadName(h, o);
        if (name != null) {
            r.label("Thread name: '" + name + "'");
        }
    }

    /**
     * A thread's {@code name} as Shark reads it ("null" when it is no String: JDK 6 kept a char[]),
     * or null for an object that is no thread or has no such field.
     */
    static String threadName(Hierarchy h, int o) {
        if (!h.instanceOf(o, "java.lang.Thread")) {
            return null;
        }
        FieldValue name = SharkValues.field(h, o, "java.lang.Thread", "name");
        return name == null ? null : String.valueOf(SharkValues.text(h, name));
    }
}
