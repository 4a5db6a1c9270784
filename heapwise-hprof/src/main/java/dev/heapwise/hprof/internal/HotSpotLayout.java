package dev.heapwise.hprof.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.build.ClassInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One HotSpot object layout: header and reference sizes, alignment, and which field-layout
 * algorithm lays out instance fields. Instance sizes come from laying out every class of the
 * hierarchy as the VM does (docs/research/hprof-layout.md, sections 1 to 3).
 *
 * @param pointers       how references and class pointers are stored, in words
 * @param headerSize     instance header bytes: 8 (compact headers, or 32-bit), 12 (compressed
 *                       class pointers) or 16
 * @param refSize        bytes per reference field or array element: 4 (compressed oops, 32-bit) or 8
 * @param arrayLengthAt  offset of the array length field
 * @param elementAligned whether array elements start right after the length, aligned to the
 *                       element size (JDK 22+), or at the next heap word (before)
 * @param alignment      object alignment (ObjectAlignmentInBytes)
 * @param jdk15Fields    JDK 15+ field layout (best fit into holes, superclasses included, VM
 *                       injected fields, {@code @Contended} padding) or the older one
 * @param vm32           a 32-bit VM (4-byte heap words)
 * @param jdkFrom        the first JDK that lays objects out so
 * @param jdkTo          the last one, or 0 for the current one
 */
record HotSpotLayout(String pointers, int headerSize, int refSize, int arrayLengthAt, boolean elementAligned,
        int alignment, boolean jdk15Fields, boolean vm32, int jdkFrom, int jdkTo) {

    /** The layout in words, e.g. "compressed oops and class pointers, JDK 22+". */
    String name() {
        return describe(jdkFrom, jdkTo);
    }

    /** The layout in words with the JDK range given, e.g. when the dump narrows or widens it. */
    String describe(int from, int to) {
        return pointers + ", " + jdkText(from, to) + (alignment == 8 ? "" : ", " + alignment + "-byte alignment");
    }

    static String jdkText(int from, int to) {
        if (to == 0) {
            return "JDK " + from + "+";
        }
        return from == to ? "JDK " + from : "JDK " + from + "-" + to;
    }

    /** Whether {@code o} is this layout but for the array layout (which JDK 22 changed). */
    boolean sameButArrays(HotSpotLayout o) {
        return o != this && pointers.equals(o.pointers) && headerSize == o.headerSize && refSize == o.refSize
                && arrayLengthAt == o.arrayLengthAt && alignment == o.alignment && jdk15Fields == o.jdk15Fields
                && vm32 == o.vm32;
    }

    static final int CONTENDED_PADDING = 128;

    long align(long n) {
        return au(n, alignment);
    }

    static long au(long n, long a) {
        return (n + a - 1) / a * a;
    }


    long arraySize(FieldType element, long length) {
        int es = element == FieldType.OBJECT ? refSize : element.size(8);
        return align(arrayBase(es) + length * es);
    }

    /** Where the elements of an array of {@code es}-byte elements start. */
    long arrayBase(int es) {
        long afterLength = arrayLengthAt + 4;
        return elementAligned ? au(afterLength, es) : au(afterLength, Math.max(vm32 ? 4 : 8, es));
    }

    /**
     * What decides where fields go: layouts that differ only in alignment or in the array layout
     * place every field alike, so their {@link Sizer}s can share one {@link FieldMaps}.
     */
    String fieldPlacement() {
        return headerSize + "/" + refSize + "/" + jdk15Fields + "/" + vm32;
    }

    /** Class field maps, shared by the sizers of layouts with the same {@link #fieldPlacement}. Not thread-safe. */
    static final class FieldMaps {
        private final Map<ClassInfo, Sizer.ClassLayout> byClass = new IdentityHashMap<>();
    }

    /** Lays out classes, caching each class's field map. Not thread-safe. */
    final class Sizer {
        private final Map<ClassInfo, ClassLayout> cache;

        Sizer() {
            this(new FieldMaps());
        }

        /** A sizer that keeps its field maps in {@code shared}, which must come from a layout of the same {@link #fieldPlacement}. */
        Sizer(FieldMaps shared) {
            this.cache = shared.byClass;
        }

        /**
         * The offsets and sizes of every instance field of a class, inherited ones included;
         * where the instance ends (its trailing {@code @Contended} padding included); where its
         * last field ends (the header's end when it has none), which is where a subclass's
         * layout continues.
         */
        private record ClassLayout(List<int[]> fields, int end, int fieldsEnd, boolean contended) {
            static ClassLayout of(List<int[]> fields, int end, int headerEnd, boolean contended) {
                int fieldsEnd = headerEnd;
                for (int[] f : fields) {
                    fieldsEnd = Math.max(fieldsEnd, f[0] + f[1]);
                }
                return new ClassLayout(fields, end, fieldsEnd, contended);
            }
        }

        long instanceSize(ClassInfo c) {
            ClassLayout l = layout(c);
            long word = vm32 ? 4 : 8;
            return Math.max(align(au(l.end, word)), align(headerSize));
        }

        /**
         * The size of the class object (mirror) of {@code c}: a {@code java.lang.Class} instance
         * followed by {@code c}'s static fields, references first, then primitives by size.
         */
        long mirrorSize(ClassInfo c, long classInstanceSize) {
            long end = classInstanceSize;
            List<FieldType> prims = new ArrayList<>();
            for (var s : c.statics()) {
                if (s.name().startsWith("<")) {
                    continue; // <resolved_references>, <init_lock>: pseudo-statics of the dump
                }
                if (s.type() == FieldType.OBJECT) {
                    end = au(end, refSize) + refSize;
                } else {
                    prims.add(s.type());
                }
            }
            prims.sort(Comparator.comparingInt((FieldType t) -> t.size(8)).reversed());
            for (FieldType t : prims) {
                int sz = t.size(8);
                end = au(end, sz) + sz;
            }
            return align(au(end, 8));
        }

        private ClassLayout layout(ClassInfo c) {
            ClassLayout done = cache.get(c);
            if (done != null) {
                return done;
            }
            List<ClassInfo> chain = new ArrayList<>();
            for (ClassInfo k = c; k != null && !cache.containsKey(k) && chain.size() < 10_000; k = k.superclass()) {
                chain.add(k);
            }
            for (int i = chain.size() - 1; i >= 0; i--) {
                ClassInfo k = chain.get(i);
                ClassLayout sup = k.superclass() == null ? null : cache.get(k.superclass());
                cache.put(k, jdk15Fields ? layout15(k, sup) : layoutLegacy(k, sup));
            }
            return cache.get(c);
        }

        private int sizeOf(FieldType t) {
            return t == FieldType.OBJECT ? refSize : t.size(8);
        }

        /** JDK 15+ FieldLayoutBuilder: best fit into holes, then append; see research section 1.3. */
        private ClassLayout layout15(ClassInfo c, ClassLayout sup) {
            Blocks b = new Blocks(headerSize);
            boolean superContended = sup != null && sup.contended;
            if (sup != null) {
                // The layout goes on after the superclass's last field, not after its trailing
                // padding: a contended superclass's holes become padding and 128 bytes more
                // follow its last field (FieldLayout::fill_holes), so its own trailing padding
                // is not paid twice.
                b.inherit(sup.fields, sup.fieldsEnd, !superContended);
                if (superContended) {
                    b.trailing += CONTENDED_PADDING;
                    // FieldLayout::initialize_instance_layout: a contended superclass with
                    // fields makes the subclass append, even into the holes it opens itself.
                    b.appendOnly = sup.fieldsEnd > headerSize;
                }
            }
            List<FieldDef> own = new ArrayList<>(c.fields());
            own.addAll(HotSpotVmFields.injected(c));
            List<List<String>> groups = HotSpotVmFields.contendedGroups(c);
            boolean classContended = HotSpotVmFields.CONTENDED_CLASSES.contains(c.name());
            List<FieldDef> root = new ArrayList<>();
            List<List<FieldDef>> grouped = new ArrayList<>();
            for (List<String> g : groups) {
                grouped.add(new ArrayList<>());
            }
            for (FieldDef f : own) {
                int gi = -1;
                for (int i = 0; i < groups.size(); i++) {
                    if (groups.get(i).contains(f.name())) {
                        gi = i;
                    }
                }
                (gi < 0 ? root : grouped.get(gi)).add(f);
            }
            grouped.removeIf(List::isEmpty);
            boolean tail = false;
            // A contended class and each contended group start after 128 bytes of padding and
            // are appended field after field: the layout's start is its last block, so no hole
            // is filled, not even one a field of the group opened by its alignment
            // (FieldLayout::add, "if start is the last block, just append the field").
            if (classContended) {
                b.trailing += CONTENDED_PADDING;
                b.appendOnly = true;
                tail = true;
            }
            placeGroup(b, root);
            for (List<FieldDef> g : grouped) {
                b.trailing += CONTENDED_PADDING;
                b.appendOnly = true;
                placeGroup(b, g);
                tail = true;
            }
            if (tail) {
                b.trailing += CONTENDED_PADDING;
            }
            return ClassLayout.of(b.fields, b.trailing, headerSize, superContended || classContended || !grouped.isEmpty());
        }

        private void placeGroup(Blocks b, List<FieldDef> fields) {
            List<FieldDef> prims = new ArrayList<>();
            for (FieldDef f : fields) {
                if (f.type() != FieldType.OBJECT) {
                    prims.add(f);
                }
            }
            prims.sort(Comparator.comparingInt((FieldDef f) -> sizeOf(f.type())).reversed());
            for (FieldDef f : prims) {
                b.add(sizeOf(f.type()), false);
            }
            for (FieldDef f : fields) {
                if (f.type() == FieldType.OBJECT) {
                    b.add(refSize, true);
                }
            }
        }

        /**
         * Before JDK 15: fields start after the superclass's, rounded to the reference size;
         * longs, ints, shorts, bytes, then references (references first for a few boot
         * classes); a 4-byte gap before the longs takes one int, or shorts and bytes, or a
         * reference. See research section 2.1.
         */
        private ClassLayout layoutLegacy(ClassInfo c, ClassLayout sup) {
            int heapOop = refSize;
            int start = sup == null ? headerSize : (int) au(sup.end, heapOop);
            List<int[]> fields = new ArrayList<>(sup == null ? List.of() : sup.fields);
            int cursor = start;
            List<FieldDef> pending = new ArrayList<>(c.fields());
            boolean refsFirst = HotSpotVmFields.LEGACY_REFERENCES_FIRST.contains(c.name());
            if (refsFirst) {
                for (FieldDef f : pending) {
                    if (f.type() == FieldType.OBJECT) {
                        cursor = (int) au(cursor, heapOop);
                        fields.add(new int[] {cursor, refSize, 1});
                        cursor += refSize;
                    }
                }
                pending.removeIf(f -> f.type() == FieldType.OBJECT);
            }
            boolean hasLong = pending.stream().anyMatch(f -> f.type() != FieldType.OBJECT && sizeOf(f.type()) == 8);
            if (!refsFirst && hasLong && cursor % 8 != 0) {
                int gapEnd = (int) au(cursor, 8);
                FieldDef anInt = pending.stream().filter(f -> f.type() != FieldType.OBJECT && sizeOf(f.type()) == 4)
                        .findFirst().orElse(null);
                if (anInt != null) {
                    fields.add(new int[] {cursor, 4, 0});
                    cursor += 4;
                    pending.remove(anInt);
                } else {
                    for (int s : new int[] {2, 1}) {
                        for (var it = pending.iterator(); it.hasNext(); ) {
                            FieldDef f = it.next();
                            if (f.type() != FieldType.OBJECT && sizeOf(f.type()) == s && cursor + s <= gapEnd) {
                                fields.add(new int[] {cursor, s, 0});
                                cursor += s;
                                it.remove();
                            }
                        }
                    }
                    if (cursor == start && heapOop == 4) {
                        for (var it = pending.iterator(); it.hasNext(); ) {
                            FieldDef f = it.next();
                            if (f.type() == FieldType.OBJECT) {
                                fields.add(new int[] {cursor, 4, 1});
                                cursor += 4;
                                it.remove();
                                break;
                            }
                        }
                    }
                }
                cursor = gapEnd;
            }
            for (int s : new int[] {8, 4, 2, 1}) {
                for (FieldDef f : pending) {
                    if (f.type() != FieldType.OBJECT && sizeOf(f.type()) == s) {
                        cursor = (int) au(cursor, s);
                        fields.add(new int[] {cursor, s, 0});
                        cursor += s;
                    }
                }
            }
            for (FieldDef f : pending) {
                if (f.type() == FieldType.OBJECT) {
                    cursor = (int) au(cursor, heapOop);
                    fields.add(new int[] {cursor, refSize, 1});
                    cursor += refSize;
                }
            }
            return ClassLayout.of(fields, cursor, headerSize, false);
        }
    }

    /** The free and taken space of an instance while its fields are placed (JDK 15+). */
    private static final class Blocks {
        final List<int[]> fields = new ArrayList<>();
        /** Free holes below {@link #trailing}, as {offset, size}, in offset order. */
        final List<int[]> holes = new ArrayList<>();
        int trailing;
        /** Fields go at the end, never into a hole. */
        boolean appendOnly;

        Blocks(int header) {
            trailing = header;
            headerEnd = header;
        }

        void inherit(List<int[]> inherited, int end, boolean keepHoles) {
            fields.addAll(inherited);
            trailing = end;
            if (!keepHoles) {
                return;
            }
            List<int[]> sorted = new ArrayList<>(inherited);
            sorted.sort(Comparator.comparingInt(f -> f[0]));
            int at = headerEnd;
            for (int[] f : sorted) {
                if (f[0] > at) {
                    holes.add(new int[] {at, f[0] - at});
                }
                at = Math.max(at, f[0] + f[1]);
            }
        }

        private final int headerEnd;

        void add(int size, boolean ref) {
            int best = -1;
            for (int i = appendOnly ? -1 : holes.size() - 1; i >= 0; i--) {
                int[] h = holes.get(i);
                int adj = h[0] % size == 0 ? 0 : size - h[0] % size;
                if (h[1] >= size + adj && (best < 0 || h[1] < holes.get(best)[1])) {
                    best = i;
                }
            }
            int at;
            if (best >= 0) {
                int[] h = holes.remove(best);
                int adj = h[0] % size == 0 ? 0 : size - h[0] % size;
                int rest = h[1] - adj - size;
                int insert = best;
                if (adj > 0) {
                    holes.add(insert++, new int[] {h[0], adj});
                }
                at = h[0] + adj;
                if (rest > 0) {
                    holes.add(insert, new int[] {at + size, rest});
                }
            } else {
                int adj = trailing % size == 0 ? 0 : size - trailing % size;
                if (adj > 0) {
                    holes.add(new int[] {trailing, adj});
                }
                at = trailing + adj;
                trailing = at + size;
            }
            fields.add(new int[] {at, size, ref ? 1 : 0});
        }
    }
}
