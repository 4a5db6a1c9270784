package dev.heapwise.graph.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-object attributes as a reader reports them, in dump order: for each attribute a scratch
 * column with one value per logged object (a dictionary code for text, the number itself for
 * numbers, {@link #ABSENT} when the object has none). Not thread-safe.
 */
public final class AttributeLog implements AutoCloseable {
    public static final long ABSENT = Long.MIN_VALUE;

    final Map<String, Attr> attrs = new LinkedHashMap<>();
    private final Path scratch;

    static final class Attr {
        final String name;
        final boolean numeric;
        final ScratchColumn column;
        final Map<String, Integer> codes = new HashMap<>();
        /** Values of class objects, by their position among logged class objects (few). */
        final Map<Integer, Long> classValues = new HashMap<>();
        final List<String> dictionary = new ArrayList<>();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;

        Attr(String name, boolean numeric, ScratchColumn column) {
            this.name = name;
            this.numeric = numeric;
            this.column = column;
        }

        void pad(long count) {
            while (column.count() < count) {
                column.addLong(ABSENT);
            }
        }
    }

    public AttributeLog(Path scratch) {
        this.scratch = scratch;
    }

    private Attr attr(String name, boolean numeric) throws IOException {
        Attr a = attrs.get(name);
        if (a == null) {
            a = new Attr(name, numeric, new ScratchColumn(scratch.resolve("attr." + attrs.size()), 8));
            attrs.put(name, a);
        } else if (a.numeric != numeric) {
            throw new IllegalArgumentException("attribute " + name + " used both as text and as a number");
        }
        return a;
    }

    /** Sets a text attribute of the object with log position {@code object}. */
    public void setText(long object, String name, String value) throws IOException {
        Attr a = attr(name, false);
        a.pad(object);
        if (a.column.count() > object) {
            return; // set twice: the first value wins
        }
        Integer code = a.codes.get(value);
        if (code == null) {
            code = a.dictionary.size();
            a.codes.put(value, code);
            a.dictionary.add(value);
        }
        a.column.addLong(code);
    }

    /** Sets a number attribute of the object with log position {@code object}. */
    public void setNumber(long object, String name, long value) throws IOException {
        if (value == ABSENT) {
            throw new IllegalArgumentException("Long.MIN_VALUE is reserved");
        }
        Attr a = attr(name, true);
        a.pad(object);
        if (a.column.count() > object) {
            return;
        }
        a.column.addLong(value);
        a.min = Math.min(a.min, value);
        a.max = Math.max(a.max, value);
    }

    /** Sets a text attribute of the {@code e}-th logged class object. */
    public void setClassText(int e, String name, String value) throws IOException {
        Attr a = attr(name, false);
        Integer code = a.codes.get(value);
        if (code == null) {
            code = a.dictionary.size();
            a.codes.put(value, code);
            a.dictionary.add(value);
        }
        a.classValues.putIfAbsent(e, (long) code);
    }

    /** Sets a number attribute of the {@code e}-th logged class object. */
    public void setClassNumber(int e, String name, long value) throws IOException {
        if (value == ABSENT) {
            throw new IllegalArgumentException("Long.MIN_VALUE is reserved");
        }
        Attr a = attr(name, true);
        if (a.classValues.putIfAbsent(e, value) == null) {
            a.min = Math.min(a.min, value);
            a.max = Math.max(a.max, value);
        }
    }

    /** Pads every column to {@code count} objects and closes them. */
    public void finish(long count) throws IOException {
        for (Attr a : attrs.values()) {
            a.pad(count);
            a.column.close();
        }
    }

    @Override
    public void close() throws IOException {
        for (Attr a : attrs.values()) {
            a.column.close();
        }
    }
}
