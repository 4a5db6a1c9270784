package dev.heapwise.graph;

/**
 * One outbound reference of an object, resolved to what holds it: a field (by name), an array
 * element (by index), or one of a class object's structural links.
 *
 * @param from       the referring object's index
 * @param to         the referred object's index
 * @param kind       what holds the reference
 * @param name       the field name for {@link Kind#FIELD} and {@link Kind#STATIC_FIELD}, else a label
 *                   (for {@link Kind#LOCAL}, which frame holds it: {@code <local in frame 2: Foo.bar(Foo.java:42)>})
 * @param arrayIndex the element index for {@link Kind#ARRAY_ELEMENT}, else -1
 */
public record Reference(int from, int to, Kind kind, String name, long arrayIndex) {

    public enum Kind {
        FIELD,
        STATIC_FIELD,
        ARRAY_ELEMENT,
        SUPERCLASS,
        CLASS_LOADER,
        SIGNERS,
        PROTECTION_DOMAIN,
        CONSTANT_POOL,
        /** From a class loader to a class it defined (MAT's way of letting loaders retain classes). */
        DEFINED_CLASS,
        /**
         * From a thread object to an object its stack holds (a Java frame's local, a JNI local, its
         * native stack or thread block: {@link RootKind#heldByThread()}), as MAT's
         * {@code <Java Local>} references: appended after the thread object's other references,
         * top frame first, each object once per thread.
         */
        LOCAL
    }

    /** How MAT and Shark print the step: {@code field}, {@code [3]}, {@code <classloader>}. */
    public String label() {
        return switch (kind) {
            case FIELD, STATIC_FIELD -> name;
            case ARRAY_ELEMENT -> "[" + arrayIndex + "]";
            case SUPERCLASS -> "<super>";
            case CLASS_LOADER -> "<classloader>";
            case SIGNERS -> "<signers>";
            case PROTECTION_DOMAIN -> "<protection domain>";
            case CONSTANT_POOL -> "<constant pool>";
            case DEFINED_CLASS -> "<defined class>";
            case LOCAL -> name;
        };
    }
}
