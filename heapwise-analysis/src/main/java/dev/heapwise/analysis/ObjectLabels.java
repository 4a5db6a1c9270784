package dev.heapwise.analysis;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.ObjectKind;

/**
 * How analyses name objects. A class object is named by the class it represents (as MAT's
 * "class com.example.Foo" and Shark's "com.example.Foo class" do), any other object by its
 * class. O(1) except {@link #loaderName}, which may read the dump; thread-safe.
 */
public final class ObjectLabels {
    private ObjectLabels() {}

    /** The class an object is an instance of, or for a class object the class it represents. */
    public static String className(HeapGraph g, int object) {
        int represented = g.classIndexOfClassObject(object);
        if (represented >= 0) {
            return g.heapClass(represented).name();
        }
        return g.heapClass(g.classOf(object)).name();
    }

    /**
     * The object's id as Shark prints it ("instance @123 of …"): in decimal, read as a signed number,
     * so a 4-byte id from 0x80000000 on is negative.
     */
    public static long sharkId(HeapGraph g, int object) {
        long id = g.id(object);
        return g.info().idSize() == 4 ? (int) id : id;
    }

    /** "class", "instance", "array" (object or primitive). */
    public static String kind(HeapGraph g, int object) {
        ObjectKind k = g.kind(object);
        return switch (k) {
            case CLASS -> "class";
            case INSTANCE -> "instance";
            case OBJECT_ARRAY, PRIMITIVE_ARRAY -> "array";
        };
    }

    /** "java.util.HashMap @ 0x1f00" or "class com.example.Foo @ 0x1f00". */
    public static String display(HeapGraph g, int object) {
        String name = className(g, object);
        String id = Ids.hex(g.id(object));
        return g.kind(object) == ObjectKind.CLASS ? "class " + name + " @ " + id : name + " @ " + id;
    }

    /** The loader that defined a class: its class name and id, or "<bootstrap>". */
    public static String loaderName(HeapGraph g, HeapClass c) {
        if (c.loaderId() == 0) {
            return "<bootstrap>";
        }
        int loader = g.indexOf(c.loaderId());
        if (loader < 0) {
            return "<loader " + Ids.hex(c.loaderId()) + ">";
        }
        return g.heapClass(g.classOf(loader)).name() + " @ " + Ids.hex(c.loaderId());
    }

    /** The class of an object for grouping: the represented class for class objects. */
    public static HeapClass classFor(HeapGraph g, int object) {
        int represented = g.classIndexOfClassObject(object);
        return g.heapClass(represented >= 0 ? represented : g.classOf(object));
    }
}
