package dev.heapwise.microej.internal;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.StaticField;
import dev.heapwise.microej.ReadReport.Problem;
import dev.heapwise.microej.TypeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every class of a dump being read: class elements as they come, the spellings objects use for
 * their class (ids or names, possibly before the class element appears), and at the end the
 * resolution of those spellings, the hierarchy, and each class's instance layout. Memory is per
 * class and per spelling, never per object. Not thread-safe.
 */
final class ClassRegistry {
    private final IdTable ids;
    final List<ClassElement> elements = new ArrayList<>();
    private final Map<Long, ClassElement> byId = new HashMap<>();
    private final Map<String, ClassElement> byName = new HashMap<>();
    final List<ClassToken> tokens = new ArrayList<>();
    private final Map<String, ClassToken> tokenByText = new HashMap<>();
    final List<ArrayClassRef> arrayRefs = new ArrayList<>();
    private final Map<String, ArrayClassRef> arrayRefByKey = new HashMap<>();
    /** Classes heapwise made up; added to the graph after the dump's own. */
    final List<ClassElement> synthetic = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    ClassRegistry(IdTable ids) {
        this.ids = ids;
    }

    ClassElement addElement(long graphId, String javaName, String superText, int line, int column,
            List<StaticField> statics, List<int[]> staticRefPlaces) {
        ClassElement c = new ClassElement(elements.size(), graphId, javaName, superText, line, column, statics,
                staticRefPlaces, false);
        elements.add(c);
        byId.putIfAbsent(graphId, c);
        byName.putIfAbsent(javaName, c);
        return c;
    }

    /** The token of a class spelling, created at its first use. */
    ClassToken token(String text, int line, int column) {
        ClassToken t = tokenByText.get(text);
        if (t == null) {
            t = new ClassToken(tokens.size(), text, line, column);
            tokens.add(t);
            tokenByText.put(text, t);
        }
        return t;
    }

    ArrayClassRef arrayClass(String classText, String elementJava, int line, int column) {
        String key = classText + '\u0000' + elementJava;
        ArrayClassRef r = arrayRefByKey.get(key);
        if (r == null) {
            r = new ArrayClassRef(arrayRefs.size(), classText, elementJava, line, column);
            arrayRefs.add(r);
            arrayRefByKey.put(key, r);
        }
        return r;
    }

    /** The class element a spelling names so far (by id, then by name), or null. */
    ClassElement find(String text) {
        long id = ids.lookup(text);
        ClassElement c = id > 0 ? byId.get(id) : null;
        return c != null ? c : byName.get(TypeNames.toJava(text));
    }

    /** Resolves spellings, links superclasses and computes layouts, once every element has been read. */
    void resolve(Problems problems) throws DumpFormatException {
        for (ClassElement c : elements) {
            if (c.superText == null || IdTable.isNull(c.superText.trim())) {
                continue;
            }
            ClassElement s = find(c.superText);
            if (s == null) {
                problems.report(Problem.UNKNOWN_ID, c.line, c.column, "class " + c.javaName + " names superclass \""
                        + c.superText + "\", which no class element has");
            } else if (s != c) {
                c.superclass = s;
            }
        }
        ClassElement object = byName.get("java.lang.Object");
        for (ClassToken t : tokens) {
            ClassElement c = find(t.text);
            if (c == null && IdTable.numeric(t.text, 0, t.text.length()) >= 0) {
                problems.report(Problem.UNKNOWN_CLASS, t.line, t.column,
                        "class \"" + t.text + "\" is the id of no class element");
                continue;
            }
            if (c == null) {
                c = synthesize(TypeNames.toJava(t.text), null);
            }
            if (c.isArray()) {
                problems.report(Problem.BAD_TYPE, t.line, t.column,
                        "an object's class \"" + t.text + "\" is an array type; arrays are <array> elements");
                continue;
            }
            t.resolved = c;
            c.learn(t.fields());
        }
        for (ArrayClassRef r : arrayRefs) {
            ClassElement c = find(r.classText);
            if (c == null || !c.isArray()) {
                String name = r.elementJava != null ? r.elementJava + "[]" : TypeNames.toJava(r.classText);
                if (!name.endsWith("[]")) {
                    problems.report(Problem.BAD_TYPE, r.line, r.column, "array class \"" + r.classText
                            + "\" is not an array type and the array gives no elementsType");
                    continue;
                }
                c = byName.get(name);
                if (c == null) {
                    c = synthesize(name, object);
                }
            }
            r.resolved = c;
        }
        breakCycles();
        Map<ClassElement, Boolean> done = new IdentityHashMap<>();
        for (ClassElement c : elements) {
            layout(c, done);
        }
        for (ClassElement c : synthetic) {
            layout(c, done);
        }
        for (ClassToken t : tokens) {
            if (t.resolved != null) {
                t.mapSlots();
            }
        }
    }

    private ClassElement synthesize(String javaName, ClassElement superclass) {
        ClassElement c = byName.get(javaName);
        if (c != null) {
            return c;
        }
        c = new ClassElement(-1, ids.fresh(javaName), javaName, null, 0, 0, List.of(), List.of(), true);
        c.superclass = superclass;
        synthetic.add(c);
        byName.put(javaName, c);
        if (!c.isArray()) {
            notes.add("class " + javaName + " is named by objects but has no class element; it was made up "
                    + "(no superclass, no statics)");
        }
        return c;
    }

    private void breakCycles() {
        for (ClassElement c : elements) {
            Set<ClassElement> seen = new HashSet<>();
            for (ClassElement k = c; k != null; k = k.superclass) {
                if (!seen.add(k)) {
                    notes.add("the superclasses of " + c.javaName + " form a cycle; it was cut at " + k.javaName);
                    k.superclass = null;
                    break;
                }
            }
        }
    }

    /**
     * Decides which fields a class declares and lays it out as the graph wants it (declared
     * fields, then the superclass's layout). The dump lists all of an object's fields without
     * saying which class declares each; the superclass's own field order is looked for at the end
     * of the class's order (subclass fields first, as HPROF lists them) or at its start
     * (superclass fields first), which also places shadowed fields (a subclass field with an
     * inherited field's name) right. Failing both, fields are matched by name and type.
     */
    private static void layout(ClassElement c, Map<ClassElement, Boolean> done) {
        if (done.containsKey(c)) {
            return;
        }
        done.put(c, true);
        List<FieldDef> inheritedOrder = List.of();
        int[] inheritedMap = new int[0];
        List<FieldDef> inheritedLayout = List.of();
        if (c.superclass != null) {
            layout(c.superclass, done);
            inheritedOrder = c.superclass.order;
            inheritedMap = c.superclass.orderToLayout;
            inheritedLayout = c.superclass.layout;
        }
        List<FieldDef> seen = c.seenFields;
        if (seen.isEmpty()) {
            c.declared = List.of();
            c.layout = inheritedLayout;
            c.order = inheritedOrder;
            c.orderToLayout = inheritedMap;
            return;
        }
        int n = seen.size();
        int k = inheritedOrder.size();
        int[] map = new int[n];
        List<FieldDef> declared = new ArrayList<>();
        if (n >= k && seen.subList(n - k, n).equals(inheritedOrder)) {
            declared.addAll(seen.subList(0, n - k));
            for (int i = 0; i < n; i++) {
                map[i] = i < n - k ? i : (n - k) + inheritedMap[i - (n - k)];
            }
        } else if (n >= k && seen.subList(0, k).equals(inheritedOrder)) {
            declared.addAll(seen.subList(k, n));
            for (int i = 0; i < n; i++) {
                map[i] = i < k ? (n - k) + inheritedMap[i] : i - k;
            }
        } else {
            boolean[] used = new boolean[k];
            int[] inheritedIndex = new int[n];
            for (int i = 0; i < n; i++) {
                inheritedIndex[i] = -1;
                for (int j = 0; j < k; j++) {
                    if (!used[j] && inheritedOrder.get(j).equals(seen.get(i))) {
                        used[j] = true;
                        inheritedIndex[i] = j;
                        break;
                    }
                }
                if (inheritedIndex[i] < 0) {
                    declared.add(seen.get(i));
                }
            }
            int d = 0;
            for (int i = 0; i < n; i++) {
                map[i] = inheritedIndex[i] < 0 ? d++ : declared.size() + inheritedMap[inheritedIndex[i]];
            }
        }
        c.declared = List.copyOf(declared);
        List<FieldDef> layout = new ArrayList<>(declared);
        layout.addAll(inheritedLayout);
        c.layout = List.copyOf(layout);
        c.order = List.copyOf(seen);
        c.orderToLayout = map;
    }
}
