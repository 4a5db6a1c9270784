package dev.heapwise.walker;

import java.io.IOException;

/**
 * Receives an export from {@link GraphExport}, in walk order: each object, then its non-null
 * references, then (depth first) what it leads to. Implementations format (JSON lines, GraphViz);
 * {@link GraphExport} decides what is exported. Strings passed in are shared (class and field
 * names); nothing is allocated per call by the exporter.
 */
public interface ExportSink {

    /**
     * An object.
     *
     * @param id              its dump id
     * @param className       its class ({@code java.lang.Class} for class objects)
     * @param shallowSize     its shallow size in bytes
     * @param classRepresented for a class object, the class it stands for; otherwise null
     */
    void object(long id, String className, long shallowSize, String classRepresented) throws IOException;

    /**
     * A non-null reference to an object of the dump.
     *
     * @param fieldName  the field (or, for class objects, the link label such as
     *                   {@code <classloader>}); null for an array element
     * @param arrayIndex the element index for an array element, else -1
     */
    void reference(long from, long to, String fieldName, long arrayIndex) throws IOException;
}
