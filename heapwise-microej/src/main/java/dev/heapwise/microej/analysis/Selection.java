package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.microej.MicroEjAttributes;
import dev.heapwise.microej.TypeNames;
import java.util.List;

/**
 * Which instances a view looks at, as the Heap Analyzer's selections do: a creation time window
 * (inclusive), a creating thread, a creating method, a type. Null parts select everything. Class
 * objects are never instances (MicroEJ types are not heap objects). Matching is O(1) per object
 * and allocation-free once bound to a graph with {@link #bind}.
 *
 * @param from   earliest creation time, or null
 * @param to     latest creation time, or null
 * @param thread creating thread name, or null
 * @param method creating method, as the dump writes it or the Java way, or null
 * @param type   class name (Java form, internal form or descriptor), or null
 */
public record Selection(Long from, Long to, String thread, String method, String type) {
    public static final Selection ALL = new Selection(null, null, null, null, null);

    public boolean isAll() {
        return from == null && to == null && thread == null && method == null && type == null;
    }

    public boolean hasWindow() {
        return from != null || to != null;
    }

    /** In words, for titles: {@code type 'x.Y', thread 'main'}. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        if (type != null) {
            sb.append("type '").append(TypeNames.toJava(type)).append("'");
        }
        if (thread != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append("thread '").append(thread).append("'");
        }
        if (method != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append("method '").append(TypeNames.method(method)).append("'");
        }
        if (hasWindow()) {
            sb.append(sb.isEmpty() ? "" : ", ").append("created in [").append(from == null ? "first" : from)
                    .append(", ").append(to == null ? "last" : to).append("]");
        }
        return sb.isEmpty() ? "all instances" : sb.toString();
    }

    /**
     * Whether a dump's method {@code m} (internal form) is the one a user named: in the internal or
     * the printed form, or without its signature ({@code com.example.App.start}), or by its simple
     * name alone ({@code start}, every method of that name).
     */
    static boolean methodMatches(String m, String wanted) {
        String java = TypeNames.method(m);
        if (m.equals(wanted) || java.equals(wanted)) {
            return true;
        }
        int open = java.indexOf('(');
        String qualified = open < 0 ? java : java.substring(0, open);
        return qualified.equals(wanted) || qualified.substring(qualified.lastIndexOf('.') + 1).equals(wanted);
    }

    /** This selection resolved against a graph's dictionaries. */
    public Bound bind(HeapGraph g) {
        return new Bound(this, new MicroEjAttributes(g));
    }

    /** A selection ready to test objects of one graph. Thread-safe. */
    public static final class Bound {
        private final Selection s;
        private final MicroEjAttributes a;
        private final boolean[] classes;
        private final int threadCode;
        private final boolean[] methodCodes;
        private final boolean none;

        Bound(Selection s, MicroEjAttributes a) {
            this.s = s;
            this.a = a;
            HeapGraph g = a.graph();
            boolean none = false;
            if (s.type() != null) {
                classes = new boolean[g.classCount()];
                String want = TypeNames.toJava(s.type());
                boolean any = false;
                for (var c : g.classes()) {
                    if (c.name().equals(want)) {
                        classes[c.index()] = true;
                        any = true;
                    }
                }
                none |= !any;
            } else {
                classes = null;
            }
            if (s.thread() != null) {
                threadCode = a.threadNames().indexOf(s.thread());
                none |= threadCode < 0;
            } else {
                threadCode = -1;
            }
            if (s.method() != null) {
                List<String> methods = a.methodNames();
                methodCodes = new boolean[methods.size()];
                boolean any = false;
                for (int i = 0; i < methods.size(); i++) {
                    String m = methods.get(i);
                    if (methodMatches(m, s.method())) {
                        methodCodes[i] = true;
                        any = true;
                    }
                }
                none |= !any;
            } else {
                methodCodes = null;
            }
            this.none = none;
        }

        public MicroEjAttributes attributes() {
            return a;
        }

        /** Whether an object is a selected instance. */
        public boolean matches(int o) {
            HeapGraph g = a.graph();
            if (none || g.kind(o) == ObjectKind.CLASS) {
                return false;
            }
            if (classes != null && !classes[g.classOf(o)]) {
                return false;
            }
            if (s.thread() != null && a.threadCode(o) != threadCode) {
                return false;
            }
            if (methodCodes != null) {
                int m = a.methodCode(o);
                if (m < 0 || !methodCodes[m]) {
                    return false;
                }
            }
            if (s.hasWindow()) {
                long t = a.createdAt(o);
                if (t == MicroEjAttributes.NO_TIME || (s.from() != null && t < s.from()) || (s.to() != null && t > s.to())) {
                    return false;
                }
            }
            return true;
        }
    }
}
