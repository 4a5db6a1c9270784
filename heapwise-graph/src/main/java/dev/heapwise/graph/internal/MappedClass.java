package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldType;
import java.util.Arrays;
import java.util.List;

/**
 * One class of a mapping file: its original and obfuscated names, its fields (kept, as every class
 * of a dump needs them when the graph opens), and where its member lines are in the file (methods
 * are read from there only for the classes stack frames name). Immutable, thread-safe.
 */
public final class MappedClass {
    private final String original;
    private final String obfuscated;
    private final int line;
    private final long membersFrom;
    private final long membersTo;
    /** Field names, obfuscated, sorted; parallel to the two arrays below. */
    private final String[] fieldKeys;
    private final String[] fieldNames;
    private final FieldType[] fieldTypes;

    /**
     * @param line        the class line's number
     * @param membersFrom where the line after the class line starts
     * @param membersTo   where the next class line (or the end of the file) starts
     * @param fields      the class's field lines
     */
    public MappedClass(String original, String obfuscated, int line, long membersFrom, long membersTo,
            List<MappingSyntax.FieldLine> fields) {
        this.original = original;
        this.obfuscated = obfuscated;
        this.line = line;
        this.membersFrom = membersFrom;
        this.membersTo = membersTo;
        MappingSyntax.FieldLine[] sorted = fields.toArray(new MappingSyntax.FieldLine[0]);
        Arrays.sort(sorted, (a, b) -> a.obfuscated().compareTo(b.obfuscated()));
        fieldKeys = new String[sorted.length];
        fieldNames = new String[sorted.length];
        fieldTypes = new FieldType[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            fieldKeys[i] = sorted[i].obfuscated();
            fieldNames[i] = sorted[i].simpleName();
            fieldTypes[i] = fieldType(sorted[i].type());
        }
    }

    /** The dump's basic type for a Java type name: the primitive's, else OBJECT. */
    static FieldType fieldType(String javaType) {
        FieldType t = FieldType.ofJavaName(javaType);
        return t != null ? t : FieldType.OBJECT;
    }

    public String original() {
        return original;
    }

    public String obfuscated() {
        return obfuscated;
    }

    /** The number of the class line in the file. */
    public int line() {
        return line;
    }

    public long membersFrom() {
        return membersFrom;
    }

    public long membersTo() {
        return membersTo;
    }

    /**
     * The original name of the field {@code obfuscatedName} of type {@code type}, or null when the
     * mapping does not list it. R8 may give fields of different types one name; the type then
     * tells them apart. O(log fields), allocates nothing.
     */
    public String fieldName(String obfuscatedName, FieldType type) {
        int i = Arrays.binarySearch(fieldKeys, obfuscatedName);
        if (i < 0) {
            return null;
        }
        while (i > 0 && fieldKeys[i - 1].equals(obfuscatedName)) {
            i--;
        }
        String any = fieldNames[i];
        for (int k = i; k < fieldKeys.length && fieldKeys[k].equals(obfuscatedName); k++) {
            if (fieldTypes[k] == type) {
                return fieldNames[k];
            }
        }
        return any;
    }
}
