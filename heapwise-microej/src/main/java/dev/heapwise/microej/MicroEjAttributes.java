package dev.heapwise.microej;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectAttribute;

/**
 * The per-object attributes a MicroEJ dump carries, by their names in the graph
 * ({@link HeapGraph#attribute}), and O(1) accessors for them. {@code createdAt} is a number;
 * the others are text. Objects converted from HPROF have none. Thread-safe, allocation-free
 * except where a method returns a String.
 */
public final class MicroEjAttributes {
    /** When the object was created: the dump's integer time stamp. */
    public static final String CREATED_AT = "createdAt";
    public static final String CREATED_IN_THREAD = "createdInThread";
    /** As the dump writes it; {@link TypeNames#method} shows it the Java way. */
    public static final String CREATED_IN_METHOD = "createdInMethod";
    public static final String TAG = "tag";
    /** The id as the dump spelled it, for the rare dumps whose ids are not numbers. */
    public static final String XML_ID = "xmlId";

    /** What {@code createdAt} holds when an object has no creation time. */
    public static final long NO_TIME = Long.MIN_VALUE;

    private final HeapGraph graph;
    private final ObjectAttribute createdAt;
    private final ObjectAttribute thread;
    private final ObjectAttribute method;
    private final ObjectAttribute tag;
    private final ObjectAttribute xmlId;
    private final boolean microej;

    public MicroEjAttributes(HeapGraph graph) {
        this.graph = graph;
        this.createdAt = graph.attribute(CREATED_AT);
        this.thread = graph.attribute(CREATED_IN_THREAD);
        this.method = graph.attribute(CREATED_IN_METHOD);
        this.tag = graph.attribute(TAG);
        this.xmlId = graph.attribute(XML_ID);
        this.microej = MicroEj.FORMAT.equals(graph.info().format());
    }

    public HeapGraph graph() {
        return graph;
    }

    /** Whether the dump records creation times at all. */
    public boolean hasCreationTimes() {
        return createdAt != null;
    }

    /** The creation time, or {@link #NO_TIME}. */
    public long createdAt(int object) {
        return createdAt == null ? NO_TIME : createdAt.number(object, NO_TIME);
    }

    /** The creating thread's name, or null. */
    public String thread(int object) {
        return thread == null ? null : thread.text(object);
    }

    /** The creating method as the dump wrote it, or null. */
    public String method(int object) {
        return method == null ? null : method.text(object);
    }

    /** The creating method shown the Java way ({@code com.x.Y.run() : void}), or null. */
    public String methodJava(int object) {
        return TypeNames.method(method(object));
    }

    public String tag(int object) {
        return tag == null ? null : tag.text(object);
    }

    /** Dictionary code of the creating thread (-1 for none): for grouping without strings. */
    public int threadCode(int object) {
        return thread == null ? -1 : thread.code(object);
    }

    public int methodCode(int object) {
        return method == null ? -1 : method.code(object);
    }

    public java.util.List<String> threadNames() {
        return thread == null ? java.util.List.of() : thread.values();
    }

    public java.util.List<String> methodNames() {
        return method == null ? java.util.List.of() : method.values();
    }

    /**
     * The object's id the way the MicroEJ Heap Analyzer shows it: {@code #98}, or the dump's own
     * spelling when it was not a number.
     */
    public String label(int object) {
        String s = xmlId == null ? null : xmlId.text(object);
        if (s != null) {
            return s;
        }
        long id = graph.id(object);
        if (!microej) {
            return dev.heapwise.graph.Ids.hex(id);
        }
        return "#" + id;
    }

    /** Parses an id as users type it: {@code #98}, {@code 98}, {@code 0x62}, or a non-numeric dump spelling. */
    public int find(String text) {
        String t = text.trim();
        if (xmlId != null) {
            int code = xmlId.values().indexOf(t);
            if (code >= 0) {
                for (int o = 0; o < graph.objectCount(); o++) {
                    if (xmlId.code(o) == code) {
                        return o;
                    }
                }
            }
        }
        if (t.startsWith("#")) {
            t = t.substring(1);
        }
        try {
            long id = microej && t.chars().allMatch(Character::isDigit) ? Long.parseLong(t)
                    : dev.heapwise.graph.Ids.parse(t);
            return graph.indexOf(id);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
