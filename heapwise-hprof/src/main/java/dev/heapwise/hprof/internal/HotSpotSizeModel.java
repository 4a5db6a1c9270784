package dev.heapwise.hprof.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ClassInfo;
import dev.heapwise.graph.build.ObjectTable;
import dev.heapwise.graph.build.SizeModel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * HotSpot's size accounting. HPROF does not say whether the VM used compressed oops, compressed
 * class pointers or compact headers, nor which field-layout algorithm it ran; but object ids are
 * addresses and objects are packed in memory, so the distance from one object to the next is at
 * least its size and usually exactly its size. Every candidate layout is scored on those
 * distances: a layout that predicts an object larger than the room it has is impossible, and the
 * one that explains the most distances exactly wins.
 *
 * <p>The same distances then correct classes whose size the dump cannot explain (fields a VM
 * injects that the layout tables do not know): when at least three instances of a class sit
 * exactly the same distance from their successors and that distance exceeds the computed size,
 * that distance is the size.
 */
final class HotSpotSizeModel implements SizeModel {
    private static final int SAMPLE = 4_000_000;

    private final HotSpotLayout layout;
    private final HotSpotLayout.Sizer sizer;
    private final Map<ClassInfo, Long> corrected;
    private final String evidence;

    private final long classInstanceSize;

    private HotSpotSizeModel(HotSpotLayout layout, Map<ClassInfo, Long> corrected, String evidence,
            ClassInfo javaLangClass) {
        this.layout = layout;
        this.sizer = layout.new Sizer();
        this.corrected = corrected;
        this.evidence = evidence;
        this.classInstanceSize = javaLangClass != null ? sizer.instanceSize(javaLangClass)
                : layout.align(layout.headerSize() + 8L * layout.refSize());
    }

    static List<HotSpotLayout> candidates(int idSize) {
        List<HotSpotLayout> c = new ArrayList<>();
        if (idSize == 4) {
            c.add(new HotSpotLayout("32-bit", 8, 4, 8, false, 8, false, true));
            c.add(new HotSpotLayout("32-bit, JDK 15+ field layout", 8, 4, 8, false, 8, true, true));
            return c;
        }
        for (int align : new int[] {8, 16}) {
            String a = align == 8 ? "" : ", " + align + "-byte alignment";
            c.add(new HotSpotLayout("compressed oops and class pointers, JDK 22+" + a, 12, 4, 12, true, align, true, false));
            c.add(new HotSpotLayout("compressed oops and class pointers, JDK 15-21" + a, 12, 4, 12, false, align, true, false));
            c.add(new HotSpotLayout("compressed oops and class pointers, JDK 8-14" + a, 12, 4, 12, false, align, false, false));
            c.add(new HotSpotLayout("compact object headers, JDK 24+" + a, 8, 4, 8, true, align, true, false));
            c.add(new HotSpotLayout("compressed class pointers, uncompressed oops, JDK 22+" + a, 12, 8, 12, true, align, true, false));
            c.add(new HotSpotLayout("compressed class pointers, uncompressed oops, JDK 15-21" + a, 12, 8, 12, false, align, true, false));
            c.add(new HotSpotLayout("compressed oops, uncompressed class pointers, JDK 22+" + a, 16, 4, 16, true, align, true, false));
            c.add(new HotSpotLayout("compressed oops, uncompressed class pointers, JDK 15-21" + a, 16, 4, 16, false, align, true, false));
            c.add(new HotSpotLayout("uncompressed oops and class pointers, JDK 22+" + a, 16, 8, 16, true, align, true, false));
            c.add(new HotSpotLayout("uncompressed oops and class pointers, JDK 15-21" + a, 16, 8, 16, false, align, true, false));
            c.add(new HotSpotLayout("uncompressed oops and class pointers, JDK 6-14" + a, 16, 8, 16, false, align, false, false));
        }
        return c;
    }

    static HotSpotSizeModel detect(HprofHeader header, ObjectTable table) {
        List<HotSpotLayout> candidates = candidates(header.idSize());
        int n = table.objectCount();
        int step = Math.max(1, n / SAMPLE);
        HotSpotLayout best = candidates.get(0);
        long bestViolations = Long.MAX_VALUE;
        long bestMatches = -1;
        long pairs = 0;
        for (HotSpotLayout l : candidates) {
            HotSpotLayout.Sizer sizer = l.new Sizer();
            long violations = 0;
            long matches = 0;
            pairs = 0;
            for (int k = 0; k + 1 < n; k += step) {
                ObjectKind kind = table.kind(k);
                if (kind == ObjectKind.CLASS) {
                    continue;
                }
                long gap = table.id(k + 1) - table.id(k);
                long predicted = size(l, sizer, table, k, kind);
                pairs++;
                if (gap < predicted) {
                    violations++;
                } else if (gap == predicted) {
                    matches++;
                }
            }
            if (violations < bestViolations || (violations == bestViolations && matches > bestMatches)) {
                best = l;
                bestViolations = violations;
                bestMatches = matches;
            }
        }
        Map<ClassInfo, Long> corrected = correct(best, table);
        String evidence = pairs == 0 ? "no objects to check it against"
                : String.format("%.1f%% of object distances match it exactly", 100.0 * bestMatches / pairs);
        ClassInfo javaLangClass = null;
        for (ClassInfo c : table.classes()) {
            if (c.name().equals("java.lang.Class") && c.dumpInstanceSize() >= 0) {
                javaLangClass = c;
                break;
            }
        }
        return new HotSpotSizeModel(best, corrected, evidence, javaLangClass);
    }

    private static long size(HotSpotLayout l, HotSpotLayout.Sizer sizer, ObjectTable t, int k, ObjectKind kind) {
        ClassInfo c = t.classInfo(k);
        return switch (kind) {
            case INSTANCE -> sizer.instanceSize(c);
            case OBJECT_ARRAY -> l.arraySize(FieldType.OBJECT, t.arrayLength(k));
            case PRIMITIVE_ARRAY -> l.arraySize(c.elementType(), t.arrayLength(k));
            case CLASS -> 0;
        };
    }

    /** Classes whose instances consistently sit further apart than the layout says. */
    private static Map<ClassInfo, Long> correct(HotSpotLayout l, ObjectTable t) {
        HotSpotLayout.Sizer sizer = l.new Sizer();
        Map<ClassInfo, long[]> minGap = new IdentityHashMap<>();
        int n = t.objectCount();
        for (int k = 0; k + 1 < n; k++) {
            if (t.kind(k) != ObjectKind.INSTANCE) {
                continue;
            }
            ClassInfo c = t.classInfo(k);
            long gap = t.id(k + 1) - t.id(k);
            long[] m = minGap.computeIfAbsent(c, x -> new long[] {Long.MAX_VALUE, 0});
            if (gap < m[0]) {
                m[0] = gap;
                m[1] = 1;
            } else if (gap == m[0]) {
                m[1]++;
            }
        }
        Map<ClassInfo, Long> out = new IdentityHashMap<>();
        for (var e : minGap.entrySet()) {
            long computed = sizer.instanceSize(e.getKey());
            long[] m = e.getValue();
            if (m[1] >= 3 && m[0] > computed && m[0] % l.alignment() == 0 && m[0] - computed <= 1024) {
                out.put(e.getKey(), m[0]);
            }
        }
        return out;
    }

    @Override
    public String vm() {
        return "hotspot";
    }

    @Override
    public String describe() {
        String fixes = corrected.isEmpty() ? "" : "; " + corrected.size() + " class sizes taken from object addresses";
        return "HotSpot, " + layout.name() + " (" + evidence + ")" + fixes;
    }

    @Override
    public long instanceSize(ClassInfo cls) {
        Long c = corrected.get(cls);
        return c != null ? c : sizer.instanceSize(cls);
    }

    @Override
    public long arraySize(FieldType elementType, long length) {
        return layout.arraySize(elementType, length);
    }

    @Override
    public long classObjectSize(ClassInfo cls) {
        return sizer.mirrorSize(cls, classInstanceSize);
    }

    @Override
    public int alignment() {
        return layout.alignment();
    }

    HotSpotLayout layout() {
        return layout;
    }

    static boolean isInstanceShape(ClassInfo c) {
        return c.shape() == HeapClass.Shape.INSTANCE;
    }
}
