package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Printable;
import dev.heapwise.graph.Reference;
import java.util.List;
import java.util.Set;

/**
 * Shark 2's view of collections on a leak trace: a collection refers to what it holds directly,
 * and its inner arrays and nodes are not nodes of the trace. Lists as {@code ArrayList[0]} and
 * {@code LinkedList[2]}; maps as {@code HashMap["key"]} (a string key), {@code HashMap[instance @123
 * of K]} (another key, by its id in decimal) or {@code HashMap[key()]} (the key itself); sets as
 * {@code HashSet[element()]}. Traces and signatures then read as LeakCanary 2.14 prints them
 * ({@code java.util.HashMap[x]} where the reference is suspect). Only these exact classes, as
 * Shark matches them: OpenJDK's and Android's {@code ArrayList}, {@code CopyOnWriteArrayList},
 * {@code HashMap}, {@code LinkedHashMap}, {@code ConcurrentHashMap}, {@code HashSet},
 * {@code LinkedHashSet}, OpenJDK's {@code LinkedList}; and, as Shark's {@code AndroidReferenceReaders},
 * Android's {@code MessageQueue} ({@code MessageQueue[2]}: the third message queued),
 * {@code ArraySet} ({@code ArraySet[element()]}) and AndroidX's {@code SafeIterableMap} and
 * {@code FastSafeIterableMap}, where lifecycle observers live ({@code SafeIterableMap["key"]},
 * {@code [key()]}). Reads a map entry's key from the dump.
 */
public final class CollectionSteps {
    private static final Set<String> LISTS = Set.of("java.util.ArrayList", "java.util.concurrent.CopyOnWriteArrayList");
    private static final Set<String> LIST_ARRAYS = Set.of("elementData", "array");
    private static final Set<String> MAPS = Set.of("java.util.HashMap", "java.util.LinkedHashMap",
            "java.util.concurrent.ConcurrentHashMap");
    private static final Set<String> SETS = Set.of("java.util.HashSet", "java.util.LinkedHashSet");
    /** The value field of a map entry: OpenJDK's HashMap and Android's, then ConcurrentHashMap's. */
    private static final Set<String> VALUE_FIELDS = Set.of("value", "val");
    /**
     * Links from a table slot to the entry that holds the value: the bucket's chain, a
     * LinkedHashMap's order links, and the tree of a bucket turned into one (TreeNode; in a
     * ConcurrentHashMap, the TreeBin's root or first node).
     */
    private static final Set<String> ENTRY_LINKS = Set.of("next", "before", "after", "prev", "left", "right",
            "parent", "root", "first");
    private static final Set<String> SAFE_ITERABLE_MAPS = Set.of("androidx.arch.core.internal.SafeIterableMap",
            "androidx.arch.core.internal.FastSafeIterableMap");
    private static final int KEY_CHARS = 200;

    /**
     * How a collection on a trace refers to an object some steps on.
     *
     * @param steps how many steps of the path it replaces (the objects between are not shown)
     * @param name  the reference's name, brackets included: {@code [0]}, {@code ["key"]}
     */
    public record Step(int steps, String name) {}

    private CollectionSteps() {}

    /**
     * The collection step from {@code path[i]}, or null when that object is no such collection
     * or the path does not go through it to something it holds. {@code refs[k]} is how
     * {@code path[k]} refers to {@code path[k + 1]}.
     */
    public static Step from(HeapGraph g, List<Integer> path, List<Reference> refs, int i) {
        String cls = ObjectLabels.className(g, path.get(i));
        if (g.classIndexOfClassObject(path.get(i)) >= 0) {
            return null;
        }
        if (LISTS.contains(cls)) {
            return field(refs, i, LIST_ARRAYS) && element(refs, i + 1)
                    ? new Step(2, "[" + refs.get(i + 1).arrayIndex() + "]") : null;
        }
        if (MAPS.contains(cls)) {
            return mapEntry(g, path, refs, i, false);
        }
        if (SETS.contains(cls)) {
            return field(refs, i, Set.of("map")) ? withSteps(mapEntry(g, path, refs, i + 1, true), 1) : null;
        }
        if (cls.equals("java.util.LinkedList")) {
            return linkedListElement(g, path.get(i), refs, i);
        }
        if (cls.equals("android.os.MessageQueue")) {
            return queuedMessage(refs, i);
        }
        if (cls.equals("android.util.ArraySet")) {
            return field(refs, i, Set.of("mArray")) && element(refs, i + 1) ? new Step(2, "[element()]") : null;
        }
        if (SAFE_ITERABLE_MAPS.contains(cls)) {
            return safeIterableEntry(g, path, refs, i);
        }
        return null;
    }

    /**
     * From {@code mMessages} along {@code next}s to a message, which stays a node of the trace (what
     * it holds follows): named by its place in the queue, as Shark does.
     */
    private static Step queuedMessage(List<Reference> refs, int i) {
        if (!field(refs, i, Set.of("mMessages"))) {
            return null;
        }
        int k = chain(refs, i + 1, "next");
        return new Step(k - i, "[" + (k - i - 1) + "]");
    }

    /**
     * From {@code mStart} along {@code mNext}s, or from {@code mEnd} along {@code mPrevious}s, to an
     * entry's key or value.
     */
    private static Step safeIterableEntry(HeapGraph g, List<Integer> path, List<Reference> refs, int i) {
        int k;
        if (field(refs, i, Set.of("mStart"))) {
            k = chain(refs, i + 1, "mNext");
        } else if (field(refs, i, Set.of("mEnd"))) {
            k = chain(refs, i + 1, "mPrevious");
        } else {
            return null;
        }
        if (field(refs, k, Set.of("mKey"))) {
            return new Step(k + 1 - i, "[key()]");
        }
        return field(refs, k, Set.of("mValue")) ? new Step(k + 1 - i, "[" + keyName(g, path.get(k), "mKey") + "]") : null;
    }

    /**
     * From {@code first} along {@code next}s, or from {@code last} along {@code prev}s, to an
     * {@code item}: named by its index from the front, as Shark does.
     */
    private static Step linkedListElement(HeapGraph g, int list, List<Reference> refs, int i) {
        boolean fromFront = field(refs, i, Set.of("first"));
        if (!fromFront && !field(refs, i, Set.of("last"))) {
            return null;
        }
        int k = chain(refs, i + 1, fromFront ? "next" : "prev");
        if (!field(refs, k, Set.of("item"))) {
            return null;
        }
        long hops = k - (i + 1);
        FieldValue size = g.field(list, "size");
        if (!fromFront && (size == null || size.isReference())) {
            return null;
        }
        return new Step(k + 1 - i, "[" + (fromFront ? hops : size.asLong() - 1 - hops) + "]");
    }

    /**
     * Through the hash table ({@code table}, an element of it, {@code next}s) or, in a
     * {@code LinkedHashMap}, its list ({@code head} and {@code after}s, or {@code tail} and
     * {@code before}s; JDK 6 and 7: {@code header} and either), then the entry's value or key.
     */
    private static Step mapEntry(HeapGraph g, List<Integer> path, List<Reference> refs, int i, boolean keysOnly) {
        int k;
        if (field(refs, i, Set.of("table")) && element(refs, i + 1)) {
            k = chain(refs, i + 2, ENTRY_LINKS); // a LinkedHashMap's entries also link to each other
        } else if (field(refs, i, Set.of("head"))) {
            k = chain(refs, i + 1, "after");
        } else if (field(refs, i, Set.of("tail"))) {
            k = chain(refs, i + 1, "before");
        } else if (field(refs, i, Set.of("header"))) { // JDK 6 and 7: a sentinel entry in a circular list
            k = field(refs, i + 1, Set.of("after")) ? chain(refs, i + 1, "after") : chain(refs, i + 1, "before");
        } else {
            return null;
        }
        if (field(refs, k, Set.of("key"))) {
            return new Step(k + 1 - i, keysOnly ? "[element()]" : "[key()]");
        }
        if (keysOnly || !field(refs, k, VALUE_FIELDS)) {
            return null;
        }
        return new Step(k + 1 - i, "[" + keyName(g, path.get(k), "key") + "]");
    }

    /** The first step from {@code k} on that is not a {@code link} field. */
    private static int chain(List<Reference> refs, int k, String link) {
        return chain(refs, k, Set.of(link));
    }

    private static int chain(List<Reference> refs, int k, Set<String> links) {
        while (field(refs, k, links)) {
            k++;
        }
        return k;
    }

    private static Step withSteps(Step s, int more) {
        return s == null ? null : new Step(s.steps() + more, s.name());
    }

    /** How Shark names an entry by its key: a string in quotes, else the key object by its id. */
    private static String keyName(HeapGraph g, int entry, String keyField) {
        FieldValue key = g.field(entry, keyField);
        if (key == null || !key.isReference() || key.isNull()) {
            return "null";
        }
        int k = g.indexOf(key.objectId());
        if (k < 0) {
            return "null";
        }
        String cls = ObjectLabels.className(g, k);
        if (cls.equals("java.lang.String")) {
            String text = g.readString(k, KEY_CHARS);
            if (text != null) {
                return "\"" + Printable.escape(text, false) + "\""; // a key must not break the trace's lines
            }
        }
        return "instance @" + ObjectLabels.sharkId(g, k) + " of " + cls;
    }

    private static boolean field(List<Reference> refs, int k, Set<String> names) {
        Reference r = k < refs.size() ? refs.get(k) : null;
        return r != null && r.kind() == Reference.Kind.FIELD && names.contains(r.name());
    }

    private static boolean element(List<Reference> refs, int k) {
        Reference r = k < refs.size() ? refs.get(k) : null;
        return r != null && r.kind() == Reference.Kind.ARRAY_ELEMENT;
    }
}
