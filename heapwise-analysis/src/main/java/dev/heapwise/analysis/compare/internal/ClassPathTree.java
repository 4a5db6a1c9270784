package dev.heapwise.analysis.compare.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.internal.IntList;
import dev.heapwise.graph.internal.LongIntMap;
import dev.heapwise.graph.internal.LongList;
import java.lang.foreign.MemorySegment;

/**
 * The heap folded by class chains, as Shark's heap-growth detection does: a breadth-first search
 * from the roots (weak referents not followed) puts each object in the node of the tree reached by
 * its parent's node and its own class name; a chain of objects of one class (a linked list) stays in
 * one node. Each node has a 64-bit key made from the class names along the way, equal across dumps,
 * and counts its objects.
 *
 * <p>Cost: one search over the graph; 4 bytes per object of native memory for parents (kept for
 * naming paths afterwards) plus a few ints per node. No dump reads. Close to free the parents.
 */
public final class ClassPathTree implements AutoCloseable {
    private final HeapGraph g;
    private final NativeInts parents;
    /** Per node: key, parent node, class name id, object count, an example object. */
    public final LongList keys = new LongList();
    public final IntList parentNode = new IntList();
    public final IntList nameOf = new IntList();
    public final IntList counts = new IntList();
    public final IntList example = new IntList();
    /** Key to node. */
    public final LongIntMap byKey = new LongIntMap(1024);
    /**
     * Per class: the name id of its instances, and of its class object ("class X"), fixed before
     * the search so that the search handles no strings per object.
     */
    private final int[] instanceName;
    private final int[] classObjectName;
    private final java.util.Map<String, Integer> nameIds = new java.util.HashMap<>();
    private final java.util.List<String> nameList = new java.util.ArrayList<>();
    private final LongList nameHashes = new LongList();

    private ClassPathTree(HeapGraph g) {
        this.g = g;
        this.parents = NativeInts.allocate(g.objectCount());
        int classes = g.classCount();
        this.instanceName = new int[classes];
        this.classObjectName = new int[classes];
        for (int c = 0; c < classes; c++) {
            String name = g.heapClass(c).name();
            instanceName[c] = internName(name);
            classObjectName[c] = internName("class " + name);
        }
    }

    public static ClassPathTree build(HeapGraph g) {
        ClassPathTree t = new ClassPathTree(g);
        t.search();
        return t;
    }

    private static long mix(long x) {
        x = (x ^ (x >>> 33)) * 0xFF51AFD7ED558CCDL;
        x = (x ^ (x >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return x ^ (x >>> 33);
    }

    private static long nameHash(String s) {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001B3L;
        }
        return h;
    }

    /** The name id of an object for grouping: its class's name (class objects: "class X"). */
    private int nameId(int o) {
        int rep = g.classIndexOfClassObject(o);
        return rep >= 0 ? classObjectName[rep] : instanceName[g.classOf(o)];
    }

    private int node(int parent, int name, int object) {
        long key = mix((parent < 0 ? 0x5EED : keys.get(parent)) * 31 + nameHashes.get(name));
        int n = byKey.get(key, -1);
        if (n < 0) {
            n = keys.size();
            keys.add(key);
            parentNode.add(parent);
            nameOf.add(name);
            counts.add(0);
            example.add(object);
            byKey.put(key, n, -1);
        }
        counts.set(n, counts.get(n) + 1);
        return n;
    }

    private int internName(String s) {
        return nameIds.computeIfAbsent(s, k -> {
            nameList.add(k);
            nameHashes.add(nameHash(k));
            return nameList.size() - 1;
        });
    }

    public String nodeName(int node) {
        return nameList.get(nameOf.get(node));
    }

    private void search() {
        int n = g.objectCount();
        NativeInts nodeOf = NativeInts.allocate(n);
        try {
            MemorySegment par = parents.segment();
            MemorySegment nodes = nodeOf.segment();
            RootIndex roots = new RootIndex(g);
            EdgeFilter filter = new EdgeFilter(g, ReferenceFilter.defaults());
            IntStack queue = new IntStack();
            for (int o : roots.objects()) {
                GcRoot r = roots.primary(o);
                NativeInts.set(par, o, 1);
                String label = r.kind().label();
                String nm = nameList.get(nameId(o));
                // "system class X", not "system class class X"
                boolean twice = label.endsWith("class") && nm.startsWith("class ");
                int nd = node(-1, internName(label + " " + (twice ? nm.substring(6) : nm)), o);
                NativeInts.set(nodes, o, nd);
                queue.push(o);
            }
            RefCursor out = g.outRefs();
            for (long qi = 0; qi < queue.size(); qi++) {
                int v = queue.get(qi);
                int vn = NativeInts.get(nodes, v);
                boolean check = filter.concerns(v);
                out.reset(v);
                for (int t; (t = out.next()) >= 0; ) {
                    if (NativeInts.get(par, t) != 0 || (check && filter.excluded(v, out.ordinal()))) {
                        continue;
                    }
                    NativeInts.set(par, t, v + 2);
                    int nm = nameId(t);
                    int tn;
                    if (nameOf.get(vn) == nm) {
                        tn = vn; // the same class again: a chain folds into one node
                        counts.set(vn, counts.get(vn) + 1);
                    } else {
                        tn = node(vn, nm, t);
                    }
                    NativeInts.set(nodes, t, tn);
                    queue.push(t);
                }
            }
        } finally {
            nodeOf.close();
        }
    }

    /** The search parent of an object, or -1 for a root (or an object not reached). */
    public int parentOf(int object) {
        int p = parents.get(object);
        return p <= 1 ? -1 : p - 2;
    }

    public int nodeCount() {
        return keys.size();
    }

    @Override
    public void close() {
        parents.close();
    }
}
