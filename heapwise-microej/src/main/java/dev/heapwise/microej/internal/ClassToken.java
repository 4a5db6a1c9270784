package dev.heapwise.microej.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import java.util.ArrayList;
import java.util.List;

/**
 * One spelling of a class in objects' {@code class} attributes (a class id or a class name), with
 * the field layout its objects use: slot i holds the i-th field the first object listed. Objects
 * are written to scratch in this layout; once every class is known the token is resolved to its
 * class and {@link #sourceSlots} maps the class's final layout back to these slots. One per
 * distinct spelling. Not thread-safe.
 */
final class ClassToken {
    final int number;
    final String text;
    /** Where the spelling was first used. */
    final int line;
    final int column;
    final List<String> names = new ArrayList<>();
    final List<FieldType> types = new ArrayList<>();
    boolean hasLayout;

    ClassElement resolved;
    /** For each field of the resolved class's layout, the slot of this token holding it, or -1. */
    int[] sourceSlots;

    ClassToken(int number, String text, int line, int column) {
        this.number = number;
        this.text = text;
        this.line = line;
        this.column = column;
    }

    int size() {
        return names.size();
    }

    List<FieldDef> fields() {
        List<FieldDef> out = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            out.add(new FieldDef(names.get(i), types.get(i)));
        }
        return out;
    }

    /** Computes {@link #sourceSlots} against the resolved class's layout (matching name and type, in order). */
    void mapSlots() {
        List<FieldDef> layout = resolved.layout;
        sourceSlots = new int[layout.size()];
        boolean[] used = new boolean[names.size()];
        for (int j = 0; j < layout.size(); j++) {
            FieldDef f = layout.get(j);
            sourceSlots[j] = -1;
            for (int i = 0; i < names.size(); i++) {
                if (!used[i] && names.get(i).equals(f.name()) && types.get(i) == f.type()) {
                    used[i] = true;
                    sourceSlots[j] = i;
                    break;
                }
            }
        }
    }
}
