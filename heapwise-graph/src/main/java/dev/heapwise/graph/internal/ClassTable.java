package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.build.ClassDef;
import dev.heapwise.graph.build.ClassInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes of a graph under construction. Objects name their class by id before or after the
 * class is defined, so every id gets a slot at first sight; {@link #finish} then names, shapes and
 * links the slots and merges the synthetic primitive-array classes into the dump's own ones.
 * Not thread-safe while building; read-only (and thread-safe) after {@link #finish}.
 */
public final class ClassTable {
    private final LongIntMap slotById = new LongIntMap(1024);
    private final LongIntMap namesById = new LongIntMap(1024);
    private final List<String> names = new ArrayList<>();
    private final List<Slot> slots = new ArrayList<>();
    private final int[] primSlots = new int[12];
    private final List<String> warnings;
    private int finalCount;
    private int javaLangClass = -1;

    public ClassTable(List<String> warnings) {
        this.warnings = warnings;
        java.util.Arrays.fill(primSlots, -1);
    }

    /** One class: what the dump said, and what {@link #finish} derived. */
    public static final class Slot implements ClassInfo {
        long classObjectId;
        ClassDef def;
        String name;
        FieldType syntheticElement;
        HeapClass.Shape shape = HeapClass.Shape.INSTANCE;
        FieldType elementType;
        Slot superSlot;
        int index = -1;
        Slot mergedInto;
        /** Byte offsets of reference fields in an instance record's values, whole hierarchy. */
        int[] refOffsets = new int[0];
        /** Names of those reference fields, parallel to refOffsets. */
        String[] refNames = new String[0];
        /** Bytes of field values an instance record holds for the whole hierarchy. */
        int contentSize;
        long instanceSize;
        long classObjectSize;
        int objectIndex = -1;
        long instanceCount;
        long shallowTotal;

        @Override
        public String name() {
            return name;
        }

        @Override
        public ClassInfo superclass() {
            return superSlot;
        }

        @Override
        public List<FieldDef> fields() {
            return def == null ? List.of() : def.fields();
        }

        @Override
        public List<StaticField> statics() {
            return def == null ? List.of() : def.statics();
        }

        @Override
        public HeapClass.Shape shape() {
            return shape;
        }

        @Override
        public FieldType elementType() {
            return elementType;
        }

        @Override
        public long dumpInstanceSize() {
            return def == null ? -1 : def.dumpInstanceSize();
        }

        public long classObjectId() {
            return classObjectId;
        }

        public ClassDef def() {
            return def;
        }

        public int index() {
            return index;
        }

        public int[] refOffsets() {
            return refOffsets;
        }

        public String[] refNames() {
            return refNames;
        }

        public int contentSize() {
            return contentSize;
        }

        public long instanceSize() {
            return instanceSize;
        }

        public int objectIndex() {
            return objectIndex;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private long lastClassId = Long.MIN_VALUE;
    private int lastSlot;

    /** The slot for a class id, creating an undefined one at first sight. */
    public int slotFor(long classId) {
        // Runs of objects of one class are common. The rest apart, so that this inlines into the
        // parser's loop, called once per object.
        return classId == lastClassId ? lastSlot : slotForAnother(classId);
    }

    private int slotForAnother(long classId) {
        int s = slotById.get(classId, -1);
        if (s < 0) {
            Slot slot = new Slot();
            slot.classObjectId = classId;
            s = slots.size();
            slots.add(slot);
            slotById.put(classId, s, -1);
        }
        lastClassId = classId;
        lastSlot = s;
        return s;
    }

    /** The synthetic slot for primitive arrays of {@code type} (merged into a dump class of that name if any). */
    public int primitiveArraySlot(FieldType type) {
        int s = primSlots[type.code()];
        if (s < 0) {
            Slot slot = new Slot();
            slot.syntheticElement = type;
            slot.name = type.javaName() + "[]";
            s = slots.size();
            slots.add(slot);
            primSlots[type.code()] = s;
        }
        return s;
    }

    /** Defines a class; returns its slot, or -1 when the id was already defined (the first wins). */
    public int define(ClassDef def) {
        int s = slotFor(def.classObjectId());
        Slot slot = slots.get(s);
        if (slot.def != null) {
            warnings.add("class " + Ids.hex(def.classObjectId()) + " is dumped twice; the first record is kept");
            return -1;
        }
        slot.def = def;
        return s;
    }

    /** Records a class name given apart from the class record (HPROF LOAD_CLASS). */
    public void name(long classId, String name) {
        if (namesById.get(classId, -1) < 0) {
            namesById.put(classId, names.size(), -1);
            names.add(name);
        }
    }

    /** The name known for a class id, or null. */
    public String knownName(long classId) {
        int i = namesById.get(classId, -1);
        return i < 0 ? null : names.get(i);
    }

    public int slotCount() {
        return slots.size();
    }

    public Slot slot(int s) {
        return slots.get(s);
    }

    /** Names, shapes and links every slot; assigns final class indexes. */
    public void finish(int idSize) {
        for (Slot slot : slots) {
            if (slot.syntheticElement != null) {
                continue;
            }
            String n = slot.def != null && slot.def.name() != null ? slot.def.name() : knownName(slot.classObjectId);
            slot.name = n != null ? n : "unknown class " + Ids.hex(slot.classObjectId);
            if (slot.def == null) {
                warnings.add("objects refer to class " + Ids.hex(slot.classObjectId) + " (" + slot.name
                        + ") which the dump does not describe; their fields cannot be read");
            }
        }
        for (int code = 0; code < primSlots.length; code++) {
            int s = primSlots[code];
            if (s < 0) {
                continue;
            }
            Slot synthetic = slots.get(s);
            for (Slot other : slots) {
                if (other != synthetic && other.syntheticElement == null && other.name.equals(synthetic.name)) {
                    synthetic.mergedInto = other;
                    break;
                }
            }
        }
        for (Slot slot : slots) {
            deriveShape(slot);
            if (slot.def != null && slot.def.superclassId() != 0) {
                int sup = slotById.get(slot.def.superclassId(), -1);
                slot.superSlot = sup < 0 ? null : slots.get(sup);
            }
        }
        int next = 0;
        for (Slot slot : slots) {
            if (slot.mergedInto == null) {
                slot.index = next++;
            }
        }
        for (Slot slot : slots) {
            if (slot.mergedInto != null) {
                slot.index = slot.mergedInto.index;
            }
        }
        finalCount = next;
        for (Slot slot : slots) {
            if (slot.mergedInto == null && slot.shape == HeapClass.Shape.INSTANCE) {
                computeLayout(slot, idSize);
            }
        }
        for (Slot slot : slots) {
            if (slot.mergedInto == null && slot.name.equals("java.lang.Class")) {
                javaLangClass = slot.index;
                break;
            }
        }
    }

    private static void deriveShape(Slot slot) {
        if (slot.syntheticElement != null) {
            slot.shape = HeapClass.Shape.PRIMITIVE_ARRAY;
            slot.elementType = slot.syntheticElement;
            return;
        }
        if (slot.name.endsWith("[]")) {
            String element = slot.name.substring(0, slot.name.length() - 2);
            FieldType prim = FieldType.ofJavaName(element);
            slot.shape = prim != null ? HeapClass.Shape.PRIMITIVE_ARRAY : HeapClass.Shape.OBJECT_ARRAY;
            slot.elementType = prim != null ? prim : FieldType.OBJECT;
        }
    }

    private static void computeLayout(Slot slot, int idSize) {
        List<Integer> offsets = new ArrayList<>();
        List<String> refNames = new ArrayList<>();
        int offset = 0;
        java.util.Set<Slot> seen = new java.util.HashSet<>();
        for (Slot c = slot; c != null && seen.add(c); c = c.superSlot) {
            for (FieldDef f : c.fields()) {
                if (f.type() == FieldType.OBJECT) {
                    offsets.add(offset);
                    refNames.add(f.name());
                }
                offset += f.type().size(idSize);
            }
        }
        slot.contentSize = offset;
        slot.refOffsets = offsets.stream().mapToInt(Integer::intValue).toArray();
        slot.refNames = refNames.toArray(new String[0]);
    }

    /** Number of final classes (merged synthetic slots excluded). */
    public int classCount() {
        return finalCount;
    }

    /** The final index of a slot. */
    public int indexOf(int slot) {
        return slots.get(slot).index;
    }

    /** The final index of the class of class objects, or -1 when the dump has no java.lang.Class. */
    public int javaLangClassIndex() {
        return javaLangClass;
    }

    /** The slot that owns final index {@code index}. */
    public List<Slot> finalSlots() {
        List<Slot> out = new ArrayList<>(finalCount);
        for (Slot s : slots) {
            if (s.mergedInto == null) {
                out.add(s);
            }
        }
        return out;
    }

    /** Adds a synthetic java.lang.Class when the dump has class objects but no such class. */
    public int ensureJavaLangClass() {
        if (javaLangClass < 0) {
            Slot slot = new Slot();
            slot.name = "java.lang.Class";
            slot.index = finalCount++;
            slots.add(slot);
            javaLangClass = slot.index;
        }
        return javaLangClass;
    }
}
