package dev.heapwise.graph.build;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.StaticField;
import java.util.List;

/** What a {@link SizeModel} may know about a class while the graph is being built. */
public interface ClassInfo {
    String name();

    /** The superclass, or null. */
    ClassInfo superclass();

    /** Declared instance fields, in dump order. */
    List<FieldDef> fields();

    List<StaticField> statics();

    HeapClass.Shape shape();

    /** Element type for array classes, else null. */
    FieldType elementType();

    /** The instance size the dump states (see {@link ClassDef#dumpInstanceSize()}); -1 if none. */
    long dumpInstanceSize();
}
