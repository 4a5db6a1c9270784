package dev.heapwise.microej.analysis;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import dev.heapwise.microej.MicroEjAttributes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Instance Browser: in Fields mode, an object's field values, and the fields of the objects
 * they refer to, recursively; in References mode, the objects that refer to an object, and those
 * that refer to them, recursively. Both stop at a depth, show at most {@code maxChildren} children
 * per node, and mark an object met again on the same path instead of expanding it (cycles). Reads
 * the dump for each expanded object; allocates the tree. Thread-safe.
 */
public final class Browser {
    private Browser() {}

    /**
     * A node of the tree.
     *
     * @param name     the field name, {@code [i]}, {@code this}, or for referrers how it refers
     * @param type     the declared type for primitives, else the referred object's class
     * @param value    the value: a primitive, {@code null}, or the object's id label
     * @param object   the object's graph index, or -1 for primitives and null
     * @param cycle    true when the object is already open higher up on this path (not expanded)
     * @param more     children left out beyond {@code maxChildren}
     */
    public record Node(String name, String type, String value, int object, boolean cycle, long more,
            List<Node> children) {}

    public static Node fields(HeapGraph g, int object, int depth, int maxChildren) {
        MicroEjAttributes a = new MicroEjAttributes(g);
        return fieldsNode(g, a, "this", object, depth, maxChildren, new HashSet<>());
    }

    private static Node objectLeaf(HeapGraph g, MicroEjAttributes a, String name, int o, boolean cycle) {
        return new Node(name, className(g, o), a.label(o), o, cycle, 0, List.of());
    }

    /** The class name an object is shown with: {@code class x.Y} for class objects. */
    public static String className(HeapGraph g, int o) {
        if (g.kind(o) == ObjectKind.CLASS) {
            return "class " + g.heapClass(g.classIndexOfClassObject(o)).name();
        }
        return g.heapClass(g.classOf(o)).name();
    }

    private static Node fieldsNode(HeapGraph g, MicroEjAttributes a, String name, int o, int depth, int max,
            Set<Integer> path) {
        if (path.contains(o)) {
            return objectLeaf(g, a, name, o, true);
        }
        if (depth <= 0) {
            return objectLeaf(g, a, name, o, false);
        }
        path.add(o);
        List<Node> children = new ArrayList<>();
        long more = 0;
        switch (g.kind(o)) {
            case INSTANCE, CLASS -> {
                List<FieldValue> values = g.kind(o) == ObjectKind.CLASS
                        ? g.staticFields(g.classIndexOfClassObject(o)) : g.fields(o);
                for (FieldValue v : values) {
                    if (children.size() >= max) {
                        more++;
                        continue;
                    }
                    children.add(value(g, a, v.name(), v.type(), v.raw(), depth, max, path));
                }
            }
            case OBJECT_ARRAY -> {
                long n = g.arrayLength(o);
                int shown = (int) Math.min(n, max);
                long[] ids = g.readObjectArray(o, 0, shown);
                for (int i = 0; i < shown; i++) {
                    children.add(value(g, a, "[" + i + "]", FieldType.OBJECT, ids[i], depth, max, path));
                }
                more = n - shown;
            }
            case PRIMITIVE_ARRAY -> {
                FieldType t = g.heapClass(g.classOf(o)).elementType();
                long n = g.arrayLength(o);
                int shown = (int) Math.min(n, max);
                byte[] data = g.readPrimitiveArray(o, 0, shown);
                ByteBuffer b = data == null ? ByteBuffer.allocate(shown * t.size(4)) : ByteBuffer.wrap(data);
                for (int i = 0; i < shown; i++) {
                    long raw = t.read(b, i * t.size(4), 4);
                    children.add(new Node("[" + i + "]", t.javaName(), FieldValue.display(t, raw), -1, false, 0,
                            List.of()));
                }
                more = n - shown;
            }
        }
        path.remove(o);
        return new Node(name, className(g, o), a.label(o), o, false, more, children);
    }

    private static Node value(HeapGraph g, MicroEjAttributes a, String name, FieldType type, long raw, int depth,
            int max, Set<Integer> path) {
        if (type != FieldType.OBJECT) {
            return new Node(name, type.javaName(), FieldValue.display(type, raw), -1, false, 0, List.of());
        }
        if (raw == 0) {
            return new Node(name, "Object", "null", -1, false, 0, List.of());
        }
        int t = g.indexOf(raw);
        if (t < 0) {
            return new Node(name, "?", "unknown id " + raw, -1, false, 0, List.of());
        }
        return fieldsNode(g, a, name, t, depth - 1, max, path);
    }

    public static Node referrers(HeapGraph g, int object, int depth, int maxChildren) {
        MicroEjAttributes a = new MicroEjAttributes(g);
        return referrersNode(g, a, "this", object, depth, maxChildren, new HashSet<>());
    }

    private static Node referrersNode(HeapGraph g, MicroEjAttributes a, String name, int o, int depth, int max,
            Set<Integer> path) {
        if (path.contains(o)) {
            return objectLeaf(g, a, name, o, true);
        }
        if (depth <= 0) {
            return objectLeaf(g, a, name, o, false);
        }
        path.add(o);
        List<Node> children = new ArrayList<>();
        var in = g.inRefs();
        in.reset(o);
        long more = 0;
        for (int r; (r = in.next()) >= 0; ) {
            if (children.size() >= max) {
                more++;
                continue;
            }
            children.add(referrersNode(g, a, via(g, r, o), r, depth - 1, max, path));
        }
        path.remove(o);
        return new Node(name, className(g, o), a.label(o), o, false, more, children);
    }

    /** How {@code from} refers to {@code to}: {@code .field}, {@code [i]}, or a class object's link. */
    private static String via(HeapGraph g, int from, int to) {
        List<String> labels = new ArrayList<>();
        for (Reference r : g.references(from)) {
            if (r.to() == to) {
                labels.add(r.kind() == Reference.Kind.FIELD || r.kind() == Reference.Kind.STATIC_FIELD
                        ? "." + r.label() : r.label());
            }
        }
        return labels.isEmpty() ? "?" : String.join(" ", labels);
    }
}
