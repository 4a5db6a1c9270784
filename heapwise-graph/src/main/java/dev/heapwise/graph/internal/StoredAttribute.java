package dev.heapwise.graph.internal;

import dev.heapwise.graph.ObjectAttribute;
import java.util.List;

/** An attribute column of an index folder (see {@link Manifest.AttributeSpec}). */
final class StoredAttribute implements ObjectAttribute {
    private final Manifest.AttributeSpec spec;
    private final PackedLongs column;
    private final List<String> dictionary;

    StoredAttribute(Manifest.AttributeSpec spec, PackedLongs column, List<String> dictionary) {
        this.spec = spec;
        this.column = column;
        this.dictionary = dictionary;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public boolean numeric() {
        return spec.numeric();
    }

    @Override
    public String text(int object) {
        long v = column.get(object);
        if (v == 0) {
            return null;
        }
        return spec.numeric() ? Long.toString(v - 1 + spec.base()) : dictionary.get((int) (v - 1));
    }

    @Override
    public long number(int object, long missing) {
        long v = column.get(object);
        return v == 0 || !spec.numeric() ? missing : v - 1 + spec.base();
    }

    @Override
    public int code(int object) {
        return spec.numeric() ? -1 : (int) column.get(object) - 1;
    }

    @Override
    public List<String> values() {
        return dictionary;
    }
}
