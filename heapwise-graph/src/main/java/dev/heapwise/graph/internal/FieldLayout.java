package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Where each instance field's value sits in an instance record: the class's own fields first,
 * then its superclass's, each in declaration order as the dump lists them.
 */
record FieldLayout(List<Entry> entries, int size) {

    record Entry(HeapClass declaringClass, FieldDef field, int offset) {}

    static FieldLayout of(HeapClass cls, IntFunction<HeapClass> classes, int idSize) {
        List<Entry> entries = new ArrayList<>();
        int offset = 0;
        Set<Integer> seen = new HashSet<>();
        for (HeapClass c = cls; c != null && seen.add(c.index()); c = c.superIndex() < 0 ? null : classes.apply(c.superIndex())) {
            for (FieldDef f : c.fields()) {
                entries.add(new Entry(c, f, offset));
                offset += f.type().size(idSize);
            }
        }
        return new FieldLayout(List.copyOf(entries), offset);
    }
}
