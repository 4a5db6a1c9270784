package dev.heapwise.microej.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.build.ClassInfo;
import dev.heapwise.graph.build.SizeModel;
import java.util.HashSet;
import java.util.Set;

/**
 * How the MicroEJ Core Engine (a 32-bit VM) accounts object sizes, as its Heap Analyzer shows
 * them. The MicroEJ documentation gives no layout; this model is the one that explains every
 * number of the Heap Analyzer screenshot in the docs (e.g. 25 {@code Page[]} of length 25 =
 * 108 bytes, 15 {@code ClassSelector} with one int = 120 bytes, 7117 bytes in all — an odd total,
 * so there is no alignment padding):
 * <ul>
 *   <li>an instance: a 4-byte header plus its fields, references 4 bytes, {@code long}/{@code double}
 *       8, {@code int}/{@code float} 4, {@code short}/{@code char} 2, {@code byte}/{@code boolean} 1;</li>
 *   <li>an array: an 8-byte header (header word and length) plus its elements at those sizes;</li>
 *   <li>a class: 0 bytes, since MicroEJ types live in flash and statics outside the managed heap.</li>
 * </ul>
 * Immutable and thread-safe.
 */
public final class MicroEjSizeModel implements SizeModel {
    public static final int HEADER = 4;
    public static final int ARRAY_HEADER = 8;
    public static final int REFERENCE = 4;

    @Override
    public String vm() {
        return "microej";
    }

    @Override
    public String describe() {
        return "MicroEJ Core Engine: 4-byte object header, 8-byte array header, 4-byte references, "
                + "fields packed without padding, classes 0 bytes (inferred from the Heap Analyzer's numbers)";
    }

    /** Bytes a value of this type takes in a MicroEJ object. */
    public static int valueSize(FieldType type) {
        return type == FieldType.OBJECT ? REFERENCE : type.size(REFERENCE);
    }

    @Override
    public long instanceSize(ClassInfo cls) {
        long size = HEADER;
        Set<ClassInfo> seen = new HashSet<>();
        for (ClassInfo c = cls; c != null && seen.add(c); c = c.superclass()) {
            for (FieldDef f : c.fields()) {
                size += valueSize(f.type());
            }
        }
        return size;
    }

    @Override
    public long arraySize(FieldType elementType, long length) {
        return ARRAY_HEADER + length * valueSize(elementType);
    }

    @Override
    public long classObjectSize(ClassInfo cls) {
        return 0;
    }

    @Override
    public int alignment() {
        return 1;
    }
}
