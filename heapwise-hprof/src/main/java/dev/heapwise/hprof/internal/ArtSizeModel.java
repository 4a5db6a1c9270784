package dev.heapwise.hprof.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.build.ClassInfo;
import dev.heapwise.graph.build.SizeModel;

/**
 * Android's ART: the class records state the real instance size; objects have an 8-byte header
 * (class and monitor words, references are 4 bytes), arrays a 12-byte header with 8-byte
 * elements starting at 16; everything is 8-byte aligned.
 */
final class ArtSizeModel implements SizeModel {
    @Override
    public String vm() {
        return "art";
    }

    @Override
    public String describe() {
        return "ART: instance sizes as the dump states them, 8-byte object header, 12-byte array header, 8-byte alignment";
    }

    private static long align(long n) {
        return (n + 7) & ~7L;
    }

    @Override
    public long instanceSize(ClassInfo cls) {
        long s = cls.dumpInstanceSize();
        if (s <= 0) {
            // A class without a record: fall back to the field sum.
            s = 8;
            for (ClassInfo c = cls; c != null; c = c.superclass()) {
                for (var f : c.fields()) {
                    s += f.type() == FieldType.OBJECT ? 4 : f.type().size(4);
                }
            }
        }
        return align(s);
    }

    @Override
    public long arraySize(FieldType elementType, long length) {
        int es = elementType == FieldType.OBJECT ? 4 : elementType.size(4);
        long base = es == 8 ? 16 : 12;
        return align(base + length * es);
    }

    @Override
    public long classObjectSize(ClassInfo cls) {
        long statics = 0;
        for (var f : cls.statics()) {
            statics += f.type() == FieldType.OBJECT ? 4 : f.type().size(4);
        }
        return align(statics);
    }

    @Override
    public int alignment() {
        return 8;
    }
}
