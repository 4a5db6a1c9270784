package dev.heapwise.hprof.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.build.ClassInfo;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One HotSpot object layout: header and reference sizes, alignment, and which field-layout
 * algorithm lays out instance fields. Instance sizes are computed by laying out every class of
 * the hierarchy as the VM does, so holes left by alignment are accounted exactly.
 *
 * @param name           a short description, shown by {@code heapwise info}
 * @param headerSize     instance header bytes: 8 (compact headers), 12 (compressed class
 *                       pointers) or 16; 8 on 32-bit VMs
 * @param refSize        bytes per reference field or array element: 4 (compressed oops, 32-bit) or 8
 * @param arrayLengthAt  offset of the array length field
 * @param elementAligned whether array elements start at the first offset aligned to the element
 *                       size after the length (JDK 22+) or at the next 8-byte boundary (before)
 * @param alignment      object alignment (ObjectAlignmentInBytes)
 * @param jdk15Fields    JDK 15+ field layout (gaps filled, also in superclasses) or the older one
 */
record HotSpotLayout(String name, int headerSize, int refSize, int arrayLengthAt, boolean elementAligned,
        int alignment, boolean jdk15Fields) {

    long align(long n) {
        return (n + alignment - 1) / alignment * alignment;
    }

    long arraySize(FieldType element, long length) {
        int es = element == FieldType.OBJECT ? refSize : element.size(8);
        long afterLength = arrayLengthAt + 4;
        long base;
        if (elementAligned) {
            base = (afterLength + es - 1) / es * es;
        } else {
            // Before JDK 22 elements start at the header rounded up to a heap word (4 bytes on
            // 32-bit VMs), and 8-byte elements always at an 8-byte boundary.
            int word = refSize == 4 && headerSize == 8 ? 4 : 8;
            int a = Math.max(word, es);
            base = (afterLength + a - 1) / a * a;
        }
        return align(base + length * es);
    }

    /** Computes instance sizes per class, caching each class's field map. Not thread-safe. */
    final class Sizer {
        private final Map<ClassInfo, Occupancy> cache = new IdentityHashMap<>();

        long instanceSize(ClassInfo c) {
            Occupancy o = layout(c);
            return Math.max(align(o.end), align(headerSize));
        }

        private Occupancy layout(ClassInfo c) {
            Occupancy done = cache.get(c);
            if (done != null) {
                return done;
            }
            // Iterative over the hierarchy to avoid deep recursion on long chains.
            List<ClassInfo> chain = new ArrayList<>();
            for (ClassInfo k = c; k != null && !cache.containsKey(k) && chain.size() < 10_000; k = k.superclass()) {
                chain.add(k);
            }
            Occupancy base = chain.isEmpty() || chain.get(chain.size() - 1).superclass() == null
                    ? null : cache.get(chain.get(chain.size() - 1).superclass());
            for (int i = chain.size() - 1; i >= 0; i--) {
                ClassInfo k = chain.get(i);
                Occupancy o = base == null ? new Occupancy(headerSize) : base.copy();
                if (jdk15Fields) {
                    layoutJdk15(o, k.fields());
                } else {
                    layoutLegacy(o, k.fields());
                }
                cache.put(k, o);
                base = o;
            }
            return cache.get(c);
        }

        private int size(FieldType t) {
            return t == FieldType.OBJECT ? refSize : t.size(8);
        }

        /**
         * JDK 15+ (FieldLayoutBuilder): primitives from largest to smallest, each in the first
         * hole that fits at its natural alignment; then the references as one contiguous block.
         */
        private void layoutJdk15(Occupancy o, List<FieldDef> fields) {
            for (int s : new int[] {8, 4, 2, 1}) {
                for (FieldDef f : fields) {
                    if (f.type() != FieldType.OBJECT && size(f.type()) == s) {
                        o.place(o.firstFit(s, s), s);
                    }
                }
            }
            int refs = 0;
            for (FieldDef f : fields) {
                if (f.type() == FieldType.OBJECT) {
                    refs++;
                }
            }
            if (refs > 0) {
                o.place(o.firstFit(refs * refSize, refSize), refs * refSize);
            }
        }

        /**
         * Before JDK 15: the class's fields start after its superclass's, at a reference-size
         * boundary; longs/doubles, ints/floats, shorts/chars, bytes/booleans, then references.
         * A gap before the first long is filled with smaller fields (CompactFields).
         */
        private void layoutLegacy(Occupancy o, List<FieldDef> fields) {
            int start = (int) ((o.end + refSize - 1) / refSize * refSize);
            List<FieldDef> pending = new ArrayList<>(fields);
            boolean hasLong = pending.stream().anyMatch(f -> f.type() != FieldType.OBJECT && size(f.type()) == 8);
            int cursor = start;
            if (hasLong && cursor % 8 != 0) {
                // fill the gap up to 8 with ints, then shorts, then bytes, then compressed references
                for (int s : new int[] {4, 2, 1}) {
                    for (var it = pending.iterator(); it.hasNext(); ) {
                        FieldDef f = it.next();
                        if (f.type() != FieldType.OBJECT && size(f.type()) == s && cursor % 8 != 0
                                && cursor + s <= (cursor + 7) / 8 * 8) {
                            o.place(cursor, s);
                            cursor += s;
                            it.remove();
                        }
                    }
                }
                if (refSize == 4) {
                    for (var it = pending.iterator(); it.hasNext(); ) {
                        FieldDef f = it.next();
                        if (f.type() == FieldType.OBJECT && cursor % 8 != 0) {
                            o.place(cursor, 4);
                            cursor += 4;
                            it.remove();
                        }
                    }
                }
                cursor = (cursor + 7) / 8 * 8;
            }
            for (int s : new int[] {8, 4, 2, 1}) {
                for (FieldDef f : pending) {
                    if (f.type() != FieldType.OBJECT && size(f.type()) == s) {
                        cursor = (cursor + s - 1) / s * s;
                        o.place(cursor, s);
                        cursor += s;
                    }
                }
            }
            for (FieldDef f : pending) {
                if (f.type() == FieldType.OBJECT) {
                    cursor = (cursor + refSize - 1) / refSize * refSize;
                    o.place(cursor, refSize);
                    cursor += refSize;
                }
            }
        }
    }

    /** Which bytes of an instance are taken; {@code end} is one past the last taken byte. */
    static final class Occupancy {
        final BitSet taken;
        long end;

        Occupancy(int header) {
            taken = new BitSet();
            taken.set(0, header);
            end = header;
        }

        private Occupancy(BitSet taken, long end) {
            this.taken = taken;
            this.end = end;
        }

        Occupancy copy() {
            return new Occupancy((BitSet) taken.clone(), end);
        }

        int firstFit(int size, int align) {
            for (int at = 0; ; at += align) {
                int next = taken.nextSetBit(at);
                if (next < 0 || next >= at + size) {
                    return at;
                }
            }
        }

        void place(int at, int size) {
            taken.set(at, at + size);
            end = Math.max(end, at + size);
        }
    }
}
