package dev.heapwise.microej.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.build.ClassDef;
import java.util.ArrayList;
import java.util.List;

/**
 * A class of the dump: a {@code class} element, or one heapwise made up for a class that objects
 * or arrays name but no element describes. Its instance fields are learned from its objects
 * (class elements carry only statics). One per class, kept in memory. Not thread-safe.
 */
final class ClassElement {
    final int number;
    final long graphId;
    final String javaName;
    final String superText;
    final int line;
    final int column;
    final List<StaticField> statics;
    /** Line and column of each static reference, parallel to the reference statics, for checks. */
    final List<int[]> staticRefPlaces;
    final boolean synthetic;

    ClassElement superclass;
    /** The instance fields its objects list (all of them, inherited ones included), in first-seen order. */
    final List<FieldDef> seenFields = new ArrayList<>();
    /** The fields this class declares, once the hierarchy is known. */
    List<FieldDef> declared = List.of();
    /** The whole instance layout: declared fields, then the superclass's layout. */
    List<FieldDef> layout = List.of();
    /** The order the dump lists this class's instance fields in (its superclass's when it has no objects). */
    List<FieldDef> order = List.of();
    /** For each entry of {@link #order}, its index in {@link #layout}. */
    int[] orderToLayout = new int[0];

    ClassElement(int number, long graphId, String javaName, String superText, int line, int column,
            List<StaticField> statics, List<int[]> staticRefPlaces, boolean synthetic) {
        this.number = number;
        this.graphId = graphId;
        this.javaName = javaName;
        this.superText = superText;
        this.line = line;
        this.column = column;
        this.statics = statics;
        this.staticRefPlaces = staticRefPlaces;
        this.synthetic = synthetic;
    }

    boolean isArray() {
        return javaName.endsWith("[]");
    }

    /** The class for the graph builder, with provisional ids turned final. */
    ClassDef def(IdTable ids) {
        List<StaticField> finals = new ArrayList<>(statics.size());
        for (StaticField s : statics) {
            finals.add(s.type() == FieldType.OBJECT ? new StaticField(s.name(), s.type(), ids.finalId(s.raw())) : s);
        }
        return new ClassDef(ids.finalId(graphId), javaName, superclass == null ? 0 : ids.finalId(superclass.graphId),
                0, 0, 0, 0, declared, finals, null);
    }

    /** Adds fields (name and type) this class's objects list that it does not know yet, keeping duplicates' counts. */
    void learn(List<FieldDef> fields) {
        List<FieldDef> remaining = new ArrayList<>(seenFields);
        for (FieldDef f : fields) {
            if (!remaining.remove(f)) {
                seenFields.add(f);
            }
        }
    }

    static boolean isReference(FieldType t) {
        return t == FieldType.OBJECT;
    }

    @Override
    public String toString() {
        return javaName;
    }
}
