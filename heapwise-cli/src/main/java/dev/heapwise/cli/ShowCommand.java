package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.dominators.Retention;
import dev.heapwise.cli.analysis.Trees;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.Units;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "show", description = "One object: class, shallow and retained size, immediate dominator, fields with "
        + "values, outbound references and referrers. OBJECT is an id in hex (0x…) or decimal.")
final class ShowCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Parameters(index = "1", paramLabel = "OBJECT", description = "Object id, 0x… hex or decimal.")
    String object;

    @Option(names = "--limit", paramLabel = "N", description = "At most N references, referrers and elements (default: ${DEFAULT-VALUE}).")
    int limit = 50;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    /** One outbound or inbound reference: the other object and what holds the reference. */
    private record Link(int other, String label) {}

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open()) {
            int o = Describe.object(g, object, dump.dump);
            List<FieldValue> fields = g.kind(o) == ObjectKind.CLASS ? g.staticFields(g.classIndexOfClassObject(o))
                    : g.fields(o);
            // A class may have thousands of statics (Android's R$styleable: 1,802); --limit applies.
            int fieldCount = fields.size();
            if (g.kind(o) == ObjectKind.CLASS && fieldCount > limit) {
                fields = fields.subList(0, limit);
            }
            List<Link> refs = new ArrayList<>();
            for (Reference r : g.references(o)) {
                if (refs.size() >= limit) {
                    break;
                }
                refs.add(new Link(r.to(), r.label()));
            }
            long outCount = count(g.outRefs(), o);
            List<Link> referrers = referrers(g, o);
            long inCount = count(g.inRefs(), o);
            java.util.Map<String, Integer> kindCounts = new java.util.LinkedHashMap<>();
            for (GcRoot r : g.roots()) {
                if (r.object() == o) {
                    kindCounts.merge(r.kind().label(), 1, Integer::sum);
                }
            }
            List<String> rootKinds = new ArrayList<>(kindCounts.keySet());
            List<String> rootText = new ArrayList<>();
            kindCounts.forEach((k, c) -> rootText.add(c == 1 ? k : k + " (" + c + ")"));
            // A thread's local whose thread object is in the dump: reached (and retained) through the thread.
            boolean throughThread = !rootKinds.isEmpty() && !g.isReachabilityRoot(o);
            if (throughThread) {
                rootText.add("a local of a thread, reached through the thread (see referrers)");
            }
            Retention retention;
            try (DominatorTree tree = Trees.open(g, false, dump.quiet || json)) {
                retention = Retention.of(tree, o);
            }
            if (json) {
                ObjectNode n = toJson(g, o, fields, fieldCount, refs, outCount, referrers, inCount, rootKinds);
                n.put("retainedSize", retention.retainedSize());
                n.put("immediateDominator", retention.immediateDominatorHex());
                n.put("reachable", retention.reachable()); // null dominator: top-level if true, unreachable if not
                if (throughThread) {
                    n.put("reachedThroughThread", true);
                }
                Json.print(System.out, n);
            } else {
                print(System.out, g, o, fields, fieldCount, refs, outCount, referrers, inCount, rootText, retention);
            }
            return 0;
        }
    }

    private static long count(RefCursor c, int o) {
        c.reset(o);
        return c.count();
    }

    private List<Link> referrers(HeapGraph g, int o) {
        List<Link> out = new ArrayList<>();
        RefCursor in = g.inRefs();
        in.reset(o);
        int last = -1;
        for (int r; (r = in.next()) >= 0 && out.size() < limit; ) {
            if (r == last) {
                continue; // several references from one referrer: listed once with all labels
            }
            last = r;
            List<String> labels = g.kind(r) == ObjectKind.OBJECT_ARRAY ? slotsHolding(g, r, g.id(o))
                    : g.references(r).stream().filter(ref -> ref.to() == o).map(Reference::label).toList();
            out.add(new Link(r, String.join(", ", labels)));
        }
        return out;
    }

    /**
     * The slots of object array {@code array} that hold {@code id}, as "[i]" (at most 10, then "…"),
     * read in chunks: a referrer may be an array of millions, which {@link HeapGraph#references}
     * would resolve element by element.
     */
    private static List<String> slotsHolding(HeapGraph g, int array, long id) {
        List<String> slots = new ArrayList<>();
        long length = g.arrayLength(array);
        for (long start = 0; start < length; start += 1 << 16) {
            long[] ids = g.readObjectArray(array, start, (int) Math.min(1 << 16, length - start));
            for (int i = 0; i < ids.length; i++) {
                if (ids[i] == id) {
                    if (slots.size() == 10) {
                        slots.add("…");
                        return slots;
                    }
                    slots.add("[" + (start + i) + "]");
                }
            }
        }
        return slots;
    }

    private String kindLine(HeapGraph g, int o) {
        return switch (g.kind(o)) {
            case INSTANCE -> "instance";
            case OBJECT_ARRAY -> "object array of length " + g.arrayLength(o);
            case PRIMITIVE_ARRAY -> "primitive array of length " + g.arrayLength(o);
            case CLASS -> "class object";
        };
    }

    private void print(PrintStream out, HeapGraph g, int o, List<FieldValue> fields, int fieldCount, List<Link> refs,
            long outCount, List<Link> referrers, long inCount, List<String> rootKinds, Retention retention) {
        out.printf("%s%n", Describe.brief(g, o));
        out.printf("  class:        %s%n", Describe.className(g, o));
        out.printf("  kind:         %s%n", kindLine(g, o));
        out.printf("  shallow size: %s bytes%n", Units.count(g.shallowSize(o)));
        out.printf("  retained:     %s%n", retention.reachable()
                ? Units.count(retention.retainedSize()) + " bytes" : "unreachable (not in the dominator tree)");
        if (retention.immediateDominator() >= 0) {
            out.printf("  dominated by: %s%n", Describe.brief(g, g.indexOf(retention.immediateDominatorId())));
        } else if (retention.reachable()) {
            out.printf("  dominated by: the GC roots (top of the dominator tree)%n");
        }
        if (g.heapNames().size() > 1) {
            out.printf("  heap:         %s%n", g.heapNames().get(g.heapOf(o)));
        }
        if (!rootKinds.isEmpty()) {
            out.printf("  GC root:      %s%n", String.join(", ", rootKinds));
        }
        if (g.kind(o) == ObjectKind.CLASS) {
            HeapClass c = g.heapClass(g.classIndexOfClassObject(o));
            out.printf("  superclass:   %s%n", c.superIndex() < 0 ? "-" : g.heapClass(c.superIndex()).name());
            out.printf("  instances:    %s, %s bytes each%n", Units.count(c.instanceCount()), Units.count(c.instanceSize()));
        }
        for (String attr : g.attributeNames()) {
            String v = g.attribute(attr).text(o);
            if (v != null) {
                out.printf("  %-13s %s%n", attr + ":", v);
            }
        }
        if (!fields.isEmpty()) {
            out.printf("%s:%n", g.kind(o) == ObjectKind.CLASS ? "static fields" : "fields");
            for (FieldValue f : fields) {
                out.printf("  %-8s %-28s = %s%n", f.type().javaName(), f.name(), valueText(g, f));
            }
            if (fieldCount > fields.size()) {
                out.printf("  ... %s more (--limit)%n", Units.count(fieldCount - fields.size()));
            }
        }
        if (g.kind(o) == ObjectKind.PRIMITIVE_ARRAY) {
            out.printf("elements:%n  %s%n", primitiveElements(g, o));
        }
        out.printf("references (%s):%n", Units.count(outCount));
        refs.forEach(l -> out.printf("  %-28s -> %s%n", l.label(), Describe.brief(g, l.other())));
        if (outCount > refs.size()) {
            out.printf("  ... %s more (--limit)%n", Units.count(outCount - refs.size()));
        }
        out.printf("referrers (%s):%n", Units.count(inCount));
        referrers.forEach(l -> out.printf("  %s  via %s%n", Describe.brief(g, l.other()), l.label()));
        if (inCount > referrers.size()) {
            out.printf("  ... more (--limit)%n");
        }
    }

    private String valueText(HeapGraph g, FieldValue f) {
        if (!f.isReference() || f.isNull()) {
            return f.display();
        }
        int t = g.indexOf(f.objectId());
        return t < 0 ? f.display() + " (not in the dump)" : Describe.brief(g, t);
    }

    private String primitiveElements(HeapGraph g, int o) {
        HeapClass c = g.heapClass(g.classOf(o));
        FieldType t = c.elementType();
        if (t == FieldType.CHAR) {
            String s = g.readString(o, limit);
            return s == null ? "(no data in the dump)" : Describe.quote(s, limit);
        }
        long len = g.arrayLength(o);
        int n = (int) Math.min(len, limit);
        byte[] b = g.readPrimitiveArray(o, 0, n);
        if (b == null) {
            return "(no data in the dump)";
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        List<String> vals = new ArrayList<>();
        int es = t.size(8);
        for (int i = 0; i + es <= b.length; i += es) {
            vals.add(FieldValue.display(t, t.read(buf, i, 8)));
        }
        return "[" + String.join(", ", vals) + (len > n ? ", …" : "") + "]";
    }

    private ObjectNode toJson(HeapGraph g, int o, List<FieldValue> fields, int fieldCount, List<Link> refs,
            long outCount, List<Link> referrers, long inCount, List<String> rootKinds) {
        ObjectNode n = Json.object();
        n.put("id", Ids.hex(g.id(o)));
        n.put("className", ObjectLabels.className(g, o)); // a class object: the class it represents
        n.put("kind", g.kind(o).name().toLowerCase(java.util.Locale.ROOT));
        n.put("shallowSize", g.shallowSize(o));
        n.put("heap", g.heapNames().get(g.heapOf(o)));
        if (g.kind(o) == ObjectKind.OBJECT_ARRAY || g.kind(o) == ObjectKind.PRIMITIVE_ARRAY) {
            n.put("arrayLength", g.arrayLength(o));
        }
        String text = g.readString(o, 10_000);
        if (text != null) {
            n.put("value", text);
        }
        ObjectNode attrs = Json.object();
        for (String a : g.attributeNames()) {
            String v = g.attribute(a).text(o);
            if (v != null) {
                attrs.put(a, v);
            }
        }
        if (!attrs.isEmpty()) {
            n.set("attributes", attrs);
        }
        n.putPOJO("gcRoots", rootKinds);
        if (g.kind(o) == ObjectKind.CLASS) {
            n.put("staticFieldCount", fieldCount);
        }
        ArrayNode fa = n.putArray(g.kind(o) == ObjectKind.CLASS ? "staticFields" : "fields");
        for (FieldValue f : fields) {
            ObjectNode fn = fa.addObject();
            fn.put("name", f.name());
            fn.put("type", f.type().javaName());
            fn.put("declaringClass", f.declaringClass().name());
            if (f.isReference()) {
                if (f.isNull()) {
                    fn.putNull("value");
                } else {
                    fn.put("value", Ids.hex(f.objectId()));
                }
            } else {
                fn.put("value", f.display());
            }
        }
        n.put("referenceCount", outCount);
        ArrayNode ra = n.putArray("references");
        for (Link l : refs) {
            ra.add(Describe.json(g, l.other()).put("name", l.label()));
        }
        n.put("referrerCount", inCount);
        ArrayNode ia = n.putArray("referrers");
        for (Link l : referrers) {
            ia.add(Describe.json(g, l.other()).put("name", l.label()));
        }
        return n;
    }
}
