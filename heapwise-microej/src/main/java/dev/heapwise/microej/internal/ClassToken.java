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

    /**
     * Computes {@link #sourceSlots}: each slot is matched (name and type, in order of
     * occurrence) to the resolved class's field order, which the class maps to its layout.
     */
    void mapSlots() {
        List<FieldDef> order = resolved.order;
        sourceSlots = new int[resolved.layout.size()];
        java.util.Arrays.fill(sourceSlots, -1);
        boolean[] used = new boolean[order.size()];
        for (int i = 0; i < names.size(); i++) {
            for (int k = 0; k < order.size(); k++) {
                if (!used[k] && order.get(k).name().equals(names.get(i)) && order.get(k).type() == types.get(i)) {
                    used[k] = true;
                    sourceSlots[resolved.orderToLayout[k]] = i;
                    break;
                }
            }
        }
    }
}
