package dev.heapwise.walker;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code JVM_OBJECT_FLAGS} of the Microsoft VM heap-dump contract, as int bit masks, plus one
 * heapwise extension. They flag each reported reference (the parallel {@code refFlags} array) and
 * the reported object itself (the {@code flags} argument of
 * {@link HeapInfoCallback#objectReferences}).
 *
 * <p>Definitions used throughout heapwise (see {@code docs/walker.md}):
 * <ul>
 *   <li><b>reported</b>: the object's id has appeared as a reference in an earlier
 *       {@code rootReferences} or {@code objectReferences} call, or earlier in the same call;</li>
 *   <li><b>visited</b>: the walker has made the (first) {@code objectReferences} call for the
 *       object; it makes no other sequence of calls for it.</li>
 * </ul>
 * Visiting is not reporting: an object first met in the heap container is visited without ever
 * having been reported, and a reference to it later carries {@link #ALREADY_VISITED} alone.
 */
public final class ObjectFlags {
    private ObjectFlags() {}

    /** {@code JVM_OBJ_ALREADY_REPORTED}: the object was reported as a reference before. */
    public static final int ALREADY_REPORTED = 0x1;

    /**
     * {@code JVM_OBJ_ALREADY_VISITED}: the walker already made the objectReferences call for the
     * object and will not make another. A reference of an object to itself carries it.
     */
    public static final int ALREADY_VISITED = 0x2;

    /**
     * heapwise extension: the reference holds an id the dump has no object for (a dangling
     * reference in a partial or filtered dump). It is never visited. Only reported when null
     * references are reported (see {@link WalkOptions#includeNulls()}); null itself is id 0 with
     * flags 0.
     */
    public static final int MISSING = 0x100;

    /**
     * {@code JVM_OBJ_MORE_REFERENCES}, on the object flags only: more objectReferences calls for
     * the same object follow. When clear, this was the object's last call.
     */
    public static final int MORE_REFERENCES = 0x10000;

    /** {@code ALL_JVM_OBJECT_FLAGS}: the three flags of the Microsoft contract. */
    public static final int ALL = ALREADY_REPORTED | ALREADY_VISITED | MORE_REFERENCES;

    /** The constant names of the set flags ({@code ALREADY_REPORTED}, ...), in bit order. Allocates. */
    public static List<String> names(int flags) {
        List<String> out = new ArrayList<>(2);
        if ((flags & ALREADY_REPORTED) != 0) {
            out.add("ALREADY_REPORTED");
        }
        if ((flags & ALREADY_VISITED) != 0) {
            out.add("ALREADY_VISITED");
        }
        if ((flags & MISSING) != 0) {
            out.add("MISSING");
        }
        if ((flags & MORE_REFERENCES) != 0) {
            out.add("MORE_REFERENCES");
        }
        return out;
    }

    /** {@code REPORTED|VISITED}, {@code MORE_REFERENCES}, ... or {@code -} for none. Allocates. */
    public static String describe(int flags) {
        if (flags == 0) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        append(sb, flags, ALREADY_REPORTED, "REPORTED");
        append(sb, flags, ALREADY_VISITED, "VISITED");
        append(sb, flags, MISSING, "MISSING");
        append(sb, flags, MORE_REFERENCES, "MORE_REFERENCES");
        int unknown = flags & ~(ALL | MISSING);
        if (unknown != 0) {
            append(sb, unknown, unknown, "0x" + Integer.toHexString(unknown));
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, int flags, int bit, String name) {
        if ((flags & bit) != 0) {
            if (!sb.isEmpty()) {
                sb.append('|');
            }
            sb.append(name);
        }
    }
}
