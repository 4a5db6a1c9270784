package dev.heapwise.hprof.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ClassInfo;
import dev.heapwise.graph.build.ObjectTable;
import dev.heapwise.graph.build.SizeModel;
import java.util.ArrayList;
import java.util.Arrays;
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
 *
 * <p>One sequential scan gathers everything: a sample of (class, kind, length, distance) for
 * scoring, and each class's smallest distance. Scoring then runs on primitive arrays, so trying
 * twenty layouts costs little more than trying one.
 */
final class HotSpotSizeModel implements SizeModel {
    private static final int SAMPLE = 500_000;
    private static final ObjectKind[] KINDS = ObjectKind.values();

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

    /** What one scan of the objects tells: a sample for scoring and each class's smallest gap. */
    private static final class Evidence implements ObjectTable.Visitor {
        final int step;
        final int[] cls;
        final byte[] kind;
        final long[] length;
        final long[] gap;
        int size;
        final long[] minGap;
        final int[] minGapHits;
        private int prevClass = -1;
        private ObjectKind prevKind;
        private long prevLength;
        private long prevId;
        private int untilSample;

        Evidence(int n, int classes) {
            step = Math.max(1, n / SAMPLE);
            int cap = n / step + 2;
            cls = new int[cap];
            kind = new byte[cap];
            length = new long[cap];
            gap = new long[cap];
            minGap = new long[classes];
            minGapHits = new int[classes];
            Arrays.fill(minGap, Long.MAX_VALUE);
        }

        @Override
        public void object(int k, long id, int classIndex, ObjectKind k2, long arrayLength) {
            if (prevClass >= 0 && prevKind != ObjectKind.CLASS) {
                long g = id - prevId;
                if (prevKind == ObjectKind.INSTANCE) {
                    if (g < minGap[prevClass]) {
                        minGap[prevClass] = g;
                        minGapHits[prevClass] = 1;
                    } else if (g == minGap[prevClass]) {
                        minGapHits[prevClass]++;
                    }
                }
                if (--untilSample < 0 && size < cls.length) {
                    untilSample = step - 1;
                    cls[size] = prevClass;
                    kind[size] = (byte) prevKind.ordinal();
                    length[size] = prevLength;
                    gap[size] = g;
                    size++;
                }
            }
            prevClass = classIndex;
            prevKind = k2;
            prevLength = arrayLength;
            prevId = id;
        }
    }

    /** Detection as a factory: the evidence is gathered during the builder's own object pass. */
    static final class Factory implements dev.heapwise.graph.build.SizeModelFactory {
        private final HprofHeader header;
        private Evidence evidence;

        Factory(HprofHeader header) {
            this.header = header;
        }

        @Override
        public ObjectTable.Visitor evidence(int objectCount, List<? extends ClassInfo> classes) {
            evidence = new Evidence(objectCount, classes.size());
            return evidence;
        }

        @Override
        public SizeModel choose(ObjectTable table) {
            return detect(header, table, evidence);
        }
    }

    static HotSpotSizeModel detect(HprofHeader header, ObjectTable table) {
        return detect(header, table, null);
    }

    /**
     * How many sampled objects the layout makes too big for the distance to the next one (a
     * violation), and how many it fits exactly: {violations, matches}. A method of its own, run
     * once per candidate layout (ARCHITECTURE.md, "Hot loops and the JIT").
     */
    private static long[] score(HotSpotLayout l, List<? extends ClassInfo> classes, Evidence ev) {
        HotSpotLayout.Sizer sizer = l.new Sizer();
        long[] instanceSizes = new long[classes.size()];
        Arrays.fill(instanceSizes, -1);
        long violations = 0;
        long matches = 0;
        for (int i = 0; i < ev.size; i++) {
            long predicted;
            int c = ev.cls[i];
            switch (KINDS[ev.kind[i]]) {
                case INSTANCE -> {
                    if (instanceSizes[c] < 0) {
                        instanceSizes[c] = sizer.instanceSize(classes.get(c));
                    }
                    predicted = instanceSizes[c];
                }
                case OBJECT_ARRAY -> predicted = l.arraySize(FieldType.OBJECT, ev.length[i]);
                case PRIMITIVE_ARRAY -> predicted = l.arraySize(classes.get(c).elementType(), ev.length[i]);
                default -> predicted = 0;
            }
            if (ev.gap[i] < predicted) {
                violations++;
            } else if (ev.gap[i] == predicted) {
                matches++;
            }
        }
        return new long[] {violations, matches};
    }

    static HotSpotSizeModel detect(HprofHeader header, ObjectTable table, Evidence gathered) {
        List<? extends ClassInfo> classes = table.classes();
        Evidence ev = gathered;
        if (ev == null) {
            ev = new Evidence(table.objectCount(), classes.size());
            table.scan(ev);
        }
        HotSpotLayout best = null;
        long bestViolations = Long.MAX_VALUE;
        long bestMatches = -1;
        for (HotSpotLayout l : candidates(header.idSize())) {
            long[] score = score(l, classes, ev);
            long violations = score[0];
            long matches = score[1];
            if (best == null || violations < bestViolations || (violations == bestViolations && matches > bestMatches)) {
                best = l;
                bestViolations = violations;
                bestMatches = matches;
            }
        }
        Map<ClassInfo, Long> corrected = new IdentityHashMap<>();
        HotSpotLayout.Sizer sizer = best.new Sizer();
        for (int c = 0; c < classes.size(); c++) {
            ClassInfo ci = classes.get(c);
            if (ev.minGapHits[c] < 3 || ci.shape() != HeapClass.Shape.INSTANCE) {
                continue;
            }
            long computed = sizer.instanceSize(ci);
            long m = ev.minGap[c];
            if (m > computed && m % best.alignment() == 0 && m - computed <= 1024) {
                corrected.put(ci, m);
            }
        }
        String evidence = ev.size == 0 ? "no objects to check it against"
                : String.format("%.1f%% of object distances match it exactly", 100.0 * bestMatches / ev.size);
        ClassInfo javaLangClass = null;
        for (ClassInfo c : classes) {
            if (c.name().equals("java.lang.Class") && c.dumpInstanceSize() >= 0) {
                javaLangClass = c;
                break;
            }
        }
        return new HotSpotSizeModel(best, corrected, evidence, javaLangClass);
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
}
