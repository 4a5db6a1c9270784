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
 * distances: how many objects it makes larger than the room they have (violations: impossible)
 * and how many distances it explains exactly (matches). Among the layouts with the fewest
 * violations, give or take one sampled object in a thousand (a class the layout tables get wrong
 * must not hand the win to a layout too small for most objects), the one with the most matches
 * wins.
 *
 * <p>A winner that explains fewer than half of the distances is not trusted: {@link #describe}
 * says so and {@link #warnings} warns. The sizes then come from what the distances prove, where
 * they prove something (below), and are the winner's estimates elsewhere.
 *
 * <p>The distances also correct single classes, unless they do not look like the addresses of
 * packed objects at all (every layout has violations): a class with at least three instances at
 * exactly the same smallest distance from their successors, larger than its computed size, has
 * that distance as its size (fields a VM injects that the layout tables do not know); a class
 * with any instance closer to its successor than its computed size has that distance as its size
 * (objects never overlap, so the layout is wrong for that class).
 *
 * <p>One sequential scan gathers everything: a sample of (class, kind, length, distance) for
 * scoring, and each class's smallest distance. Scoring then runs on primitive arrays, so trying
 * twenty layouts costs little more than trying one.
 */
final class HotSpotSizeModel implements SizeModel {
    private static final int SAMPLE = 500_000;
    private static final ObjectKind[] KINDS = ObjectKind.values();
    /** Violations tolerated beyond the fewest, per sampled object: one in a thousand. */
    private static final int TOLERANCE_DIVISOR = 1000;

    private final HotSpotLayout layout;
    private final HotSpotLayout.Sizer sizer;
    private final Map<ClassInfo, Long> corrected;
    private final String description;
    private final List<String> warnings;
    private final long classInstanceSize;

    private HotSpotSizeModel(HotSpotLayout layout, Map<ClassInfo, Long> corrected, String description,
            List<String> warnings, ClassInfo javaLangClass) {
        this.layout = layout;
        this.sizer = layout.new Sizer();
        this.corrected = corrected;
        this.description = description;
        this.warnings = warnings;
        this.classInstanceSize = javaLangClass != null ? sizer.instanceSize(javaLangClass)
                : layout.align(layout.headerSize() + 8L * layout.refSize());
    }

    static List<HotSpotLayout> candidates(int idSize) {
        List<HotSpotLayout> c = new ArrayList<>();
        if (idSize == 4) {
            c.add(new HotSpotLayout("32-bit", 8, 4, 8, false, 8, false, true, 6, 14));
            c.add(new HotSpotLayout("32-bit", 8, 4, 8, false, 8, true, true, 15, 0));
            return c;
        }
        for (int align : new int[] {8, 16}) {
            String cc = "compressed oops and class pointers";
            c.add(new HotSpotLayout(cc, 12, 4, 12, true, align, true, false, 22, 0));
            c.add(new HotSpotLayout(cc, 12, 4, 12, false, align, true, false, 15, 21));
            c.add(new HotSpotLayout(cc, 12, 4, 12, false, align, false, false, 8, 14));
            c.add(new HotSpotLayout("compact object headers and compressed oops", 8, 4, 8, true, align, true, false, 24, 0));
            c.add(new HotSpotLayout("compact object headers, uncompressed oops", 8, 8, 8, true, align, true, false, 24, 0));
            String ccp = "compressed class pointers, uncompressed oops";
            c.add(new HotSpotLayout(ccp, 12, 8, 12, true, align, true, false, 22, 0));
            c.add(new HotSpotLayout(ccp, 12, 8, 12, false, align, true, false, 15, 21));
            String coops = "compressed oops, uncompressed class pointers";
            c.add(new HotSpotLayout(coops, 16, 4, 16, true, align, true, false, 22, 0));
            c.add(new HotSpotLayout(coops, 16, 4, 16, false, align, true, false, 15, 21));
            c.add(new HotSpotLayout(coops, 16, 4, 16, false, align, false, false, 8, 14));
            String none = "uncompressed oops and class pointers";
            c.add(new HotSpotLayout(none, 16, 8, 16, true, align, true, false, 22, 0));
            c.add(new HotSpotLayout(none, 16, 8, 16, false, align, true, false, 15, 21));
            c.add(new HotSpotLayout(none, 16, 8, 16, false, align, false, false, 6, 14));
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

        /** The classes of the sampled instances, each once. */
        int[] instanceClasses(int classes) {
            boolean[] seen = new boolean[classes];
            int count = 0;
            byte instance = (byte) ObjectKind.INSTANCE.ordinal();
            for (int i = 0; i < size; i++) {
                if (kind[i] == instance && !seen[cls[i]]) {
                    seen[cls[i]] = true;
                    count++;
                }
            }
            int[] out = new int[count];
            for (int c = 0, j = 0; c < classes; c++) {
                if (seen[c]) {
                    out[j++] = c;
                }
            }
            return out;
        }

        @Override
        public void object(int k, long id, int classIndex, ObjectKind k2, long arrayLength) {
            if (prevClass >= 0 && prevKind != ObjectKind.CLASS) {
                long g = id - prevId;
                if (prevKind == ObjectKind.INSTANCE && g > 0) { // not across the runs of a parallel dump
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
     * For every candidate layout, how many sampled objects it makes too big for the distance to the
     * next one (a violation), and how many it fits exactly: {violations, matches} per candidate.
     * One pass over the sample with the candidates in an inner loop over primitive tables (each
     * class's instance size and element size, each layout's array parameters): on a small dump the
     * whole scoring runs before the JIT has compiled much, so a loop that does little per step is
     * what keeps it short (ARCHITECTURE.md, "Hot loops and the JIT").
     */
    private static long[][] scoreAll(List<HotSpotLayout> candidates, List<? extends ClassInfo> classes, Evidence ev) {
        int m = candidates.size();
        int[] present = ev.instanceClasses(classes.size());
        long[][] instanceSize = new long[m][];
        // Each class is laid out once per way of placing fields, not once per candidate (a third of them).
        Map<String, HotSpotLayout.FieldMaps> fieldMaps = new java.util.HashMap<>();
        long[] align = new long[m];
        long[] refSize = new long[m];
        long[][] arrayBase = new long[m][9]; // by element size 1, 2, 4, 8
        for (int k = 0; k < m; k++) {
            HotSpotLayout l = candidates.get(k);
            HotSpotLayout.Sizer sizer = l.new Sizer(fieldMaps.computeIfAbsent(l.fieldPlacement(),
                    x -> new HotSpotLayout.FieldMaps()));
            instanceSize[k] = new long[classes.size()];
            for (int c : present) {
                instanceSize[k][c] = sizer.instanceSize(classes.get(c));
            }
            align[k] = l.alignment();
            refSize[k] = l.refSize();
            for (int es = 1; es <= 8; es <<= 1) {
                arrayBase[k][es] = l.arrayBase(es);
            }
        }
        int[] elementSize = new int[classes.size()]; // primitive arrays' element bytes
        for (int c = 0; c < classes.size(); c++) {
            FieldType t = classes.get(c).elementType();
            elementSize[c] = t == null || t == FieldType.OBJECT ? 0 : t.size(8);
        }
        long[] violations = new long[m];
        long[] matches = new long[m];
        int instance = ObjectKind.INSTANCE.ordinal();
        int objectArray = ObjectKind.OBJECT_ARRAY.ordinal();
        int primitiveArray = ObjectKind.PRIMITIVE_ARRAY.ordinal();
        for (int i = 0; i < ev.size; i++) {
            int kind = ev.kind[i];
            int c = ev.cls[i];
            long gap = ev.gap[i];
            long length = ev.length[i];
            for (int k = 0; k < m; k++) {
                long predicted;
                if (kind == instance) {
                    predicted = instanceSize[k][c];
                } else if (kind == objectArray || kind == primitiveArray) {
                    int es = kind == objectArray ? (int) refSize[k] : elementSize[c];
                    long a = align[k];
                    predicted = (arrayBase[k][es] + length * es + a - 1) / a * a;
                } else {
                    predicted = 0;
                }
                if (gap < predicted) {
                    violations[k]++;
                } else if (gap == predicted) {
                    matches[k]++;
                }
            }
        }
        long[][] scores = new long[m][];
        for (int k = 0; k < m; k++) {
            scores[k] = new long[] {violations[k], matches[k]};
        }
        return scores;
    }

    static HotSpotSizeModel detect(HprofHeader header, ObjectTable table, Evidence gathered) {
        List<? extends ClassInfo> classes = table.classes();
        Evidence ev = gathered;
        if (ev == null) {
            ev = new Evidence(table.objectCount(), classes.size());
            table.scan(ev);
        }
        List<HotSpotLayout> candidates = candidates(header.idSize());
        long[][] scores = scoreAll(candidates, classes, ev);
        long fewest = Long.MAX_VALUE;
        for (long[] score : scores) {
            fewest = Math.min(fewest, score[0]);
        }
        long tolerated = ev.size / TOLERANCE_DIVISOR;
        int b = -1;
        for (int i = 0; i < candidates.size(); i++) {
            long[] s = scores[i];
            if (s[0] <= fewest + tolerated
                    && (b < 0 || s[1] > scores[b][1] || (s[1] == scores[b][1] && s[0] < scores[b][0]))) {
                b = i;
            }
        }
        HotSpotLayout best = candidates.get(b);
        long matches = scores[b][1];
        boolean packed = fewest <= tolerated;
        boolean trusted = ev.size == 0 || 2 * matches >= ev.size;

        Map<ClassInfo, Long> corrected = new IdentityHashMap<>();
        if (trusted || packed) {
            correctFromDistances(best, classes, ev, corrected);
        }
        int[] jdk = jdkRange(best, b, candidates, scores, classes);
        String layoutWords = best.describe(jdk[0], jdk[1]);
        String share = ev.size == 0 ? "" : String.format("%.1f%%", 100.0 * matches / ev.size);
        String fixes = corrected.isEmpty() ? "" : "; " + corrected.size() + " class sizes taken from object addresses";
        String description;
        List<String> warnings = new ArrayList<>();
        if (ev.size == 0) {
            description = "HotSpot, " + layoutWords + " (no objects to check it against)";
        } else if (trusted) {
            description = "HotSpot, " + layoutWords + " (" + share + " of object distances match it exactly)" + fixes;
        } else if (packed) {
            description = "HotSpot, layout not recognized: the closest, " + layoutWords + ", explains only " + share
                    + " of object distances" + fixes + ", the other sizes are its estimates";
            warnings.add("object sizes: no known HotSpot layout explains the distances between objects (the closest, "
                    + layoutWords + ", explains " + share + "); " + corrected.size()
                    + " class sizes are taken from object addresses, the other sizes are estimates");
        } else {
            description = "HotSpot, layout not recognized: object ids do not look like the addresses of packed objects;"
                    + " sizes are the estimates of the closest layout, " + layoutWords + " (" + share
                    + " of object distances match it exactly)";
            warnings.add("object sizes: object ids do not look like the addresses of packed objects, so no layout"
                    + " could be checked; sizes are the estimates of " + layoutWords);
        }
        ClassInfo javaLangClass = null;
        for (ClassInfo c : classes) {
            if (c.name().equals("java.lang.Class") && c.dumpInstanceSize() >= 0) {
                javaLangClass = c;
                break;
            }
        }
        return new HotSpotSizeModel(best, corrected, description, List.copyOf(warnings), javaLangClass);
    }

    /**
     * Class sizes the distances prove: a computed size larger than the smallest distance from an
     * instance to its successor is impossible, so that distance is the size; at least three
     * instances at the same smallest distance, larger than the computed size, mean the VM added
     * what the layout tables do not know, and that distance is the size.
     */
    private static void correctFromDistances(HotSpotLayout layout, List<? extends ClassInfo> classes, Evidence ev,
            Map<ClassInfo, Long> corrected) {
        HotSpotLayout.Sizer sizer = layout.new Sizer();
        for (int c = 0; c < classes.size(); c++) {
            ClassInfo ci = classes.get(c);
            if (ev.minGapHits[c] == 0 || ci.shape() != HeapClass.Shape.INSTANCE) {
                continue;
            }
            long computed = sizer.instanceSize(ci);
            long m = ev.minGap[c];
            if (m < computed && m >= layout.headerSize() && m % 8 == 0) {
                corrected.put(ci, m);
            } else if (ev.minGapHits[c] >= 3 && m > computed && m % layout.alignment() == 0 && m - computed <= 1024) {
                corrected.put(ci, m);
            }
        }
    }

    /**
     * The JDKs that lay objects out as the winner does, {from, to} (0: the current one): its own
     * range, widened to every layout that differs only in the array layout and scored the same
     * (with a 12-byte header both array layouts give the same sizes), then narrowed to the JDKs
     * the dump's classes come from.
     */
    private static int[] jdkRange(HotSpotLayout best, int b, List<HotSpotLayout> candidates, long[][] scores,
            List<? extends ClassInfo> classes) {
        int from = best.jdkFrom();
        int to = best.jdkTo();
        for (int i = 0; i < candidates.size(); i++) {
            HotSpotLayout o = candidates.get(i);
            if (best.sameButArrays(o) && Arrays.equals(scores[i], scores[b])) {
                from = Math.min(from, o.jdkFrom());
                to = to == 0 || o.jdkTo() == 0 ? 0 : Math.max(to, o.jdkTo());
            }
        }
        int[] dump = HotSpotVmFields.jdksOfClasses(classes);
        int f = Math.max(from, dump[0]);
        int t = to == 0 ? dump[1] : dump[1] == 0 ? to : Math.min(to, dump[1]);
        return t != 0 && f > t ? new int[] {from, to} : new int[] {f, t};
    }

    @Override
    public String vm() {
        return "hotspot";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public List<String> warnings() {
        return warnings;
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
