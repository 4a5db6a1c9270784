package dev.heapwise.walker;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.hprof.HprofWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a large heap-like HPROF dump (4-byte ids) for memory tests and the measurements in
 * docs/walker.md: 55% {@code Node} instances (three references, each null with probability
 * {@code nullShare}, else pointing near by or anywhere), 25% {@code Leaf} instances (one
 * reference), 10% object arrays (0-15 elements, 30% null), 10% int arrays; 200 JNI-global roots and
 * one thread holding ten objects. With {@code nullShare} 0 and no arrays nothing forces a dump
 * read. Deterministic for a seed.
 *
 * <p>Run as a program: {@code SyntheticHeap OUT.hprof OBJECTS [SEED]}.
 */
final class SyntheticHeap {
    private static final long CLASS_BASE = 0x100;
    private static final long FIRST = 0x1000;

    private SyntheticHeap() {}

    static long id(int i) {
        return FIRST + 16L * i;
    }

    static void write(Path file, int n, long seed, double nullShare, boolean arrays) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 4, 0, 1 << 20)) {
            String[] strings = {"bench/Node", "bench/Leaf", "[Ljava/lang/Object;", "a", "b", "c", "v", "ref", "w",
                "java/lang/Thread", "main", "run", "()V", "T.java"};
            for (int i = 0; i < strings.length; i++) {
                w.string(0x10 + i, strings[i]);
            }
            w.loadClass(1, CLASS_BASE, 0, 0x10);
            w.loadClass(2, CLASS_BASE + 0x10, 0, 0x11);
            w.loadClass(3, CLASS_BASE + 0x20, 0, 0x12);
            w.loadClass(4, CLASS_BASE + 0x30, 0, 0x19);
            w.frame(0x500, 0x1B, 0x1C, 0x1D, 4, 1);
            w.trace(7, 1, new long[] {0x500});
            w.startThread(1, id(0), 7, 0x1A, 0, 0);
            w.root(0x08, id(0), 1, 7);
            for (int k = 0; k < 10 && k < n; k++) {
                w.root(0x03, id(r.nextInt(n)), 1, 0);
            }
            for (int k = 0; k < 200 && k < n; k++) {
                w.rootJniGlobal(id(r.nextInt(n)), 0x1);
            }
            List<FieldDef> node = List.of(new FieldDef("a", FieldType.OBJECT), new FieldDef("b", FieldType.OBJECT),
                    new FieldDef("c", FieldType.OBJECT), new FieldDef("v", FieldType.INT));
            w.classDump(CLASS_BASE, 0, 0, 16, List.of(), new long[0], node, new long[] {0x13, 0x14, 0x15, 0x16});
            w.classDump(CLASS_BASE + 0x10, 0, 0, 16, List.of(), new long[0],
                    List.of(new FieldDef("ref", FieldType.OBJECT), new FieldDef("w", FieldType.LONG)),
                    new long[] {0x17, 0x18});
            w.classDump(CLASS_BASE + 0x20, 0, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            w.classDump(CLASS_BASE + 0x30, 0, 0, 8, List.of(), new long[0], List.of(new FieldDef("ref",
                    FieldType.OBJECT)), new long[] {0x17});
            List<FieldType> nodeTypes = List.of(FieldType.OBJECT, FieldType.OBJECT, FieldType.OBJECT, FieldType.INT);
            List<FieldType> leafTypes = List.of(FieldType.OBJECT, FieldType.LONG);
            for (int i = 0; i < n; i++) {
                int kind = i == 0 ? -1 : r.nextInt(100);
                if (kind < 0) {
                    w.instance(id(0), CLASS_BASE + 0x30, w.values(List.of(FieldType.OBJECT), new long[] {ref(r, n, i, 0)}));
                } else if (kind < 55) {
                    long[] v = {ref(r, n, i, nullShare), ref(r, n, i, nullShare), ref(r, n, i, nullShare), i};
                    w.instance(id(i), CLASS_BASE, w.values(nodeTypes, v));
                } else if (kind < 80 || !arrays) {
                    w.instance(id(i), CLASS_BASE + 0x10, w.values(leafTypes, new long[] {ref(r, n, i, nullShare), i}));
                } else if (kind < 90) {
                    long[] e = new long[r.nextInt(16)];
                    for (int k = 0; k < e.length; k++) {
                        e[k] = ref(r, n, i, 0.3);
                    }
                    w.objectArray(id(i), CLASS_BASE + 0x20, e);
                } else {
                    int len = r.nextInt(32);
                    w.primitiveArray(id(i), FieldType.INT, len, new byte[4 * len]);
                }
            }
            w.endHeapDump();
        }
    }

    /** Null with probability {@code nullShare}; else half the time a near successor, half anywhere. */
    private static long ref(SplittableRandom r, int n, int from, double nullShare) {
        if (nullShare > 0 && r.nextDouble() < nullShare) {
            return 0;
        }
        int to = r.nextBoolean() ? Math.min(n - 1, from + 1 + r.nextInt(64)) : r.nextInt(n);
        return id(to);
    }

    public static void main(String[] args) throws IOException {
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        long t0 = System.nanoTime();
        write(Path.of(args[0]), Integer.parseInt(args[1]), seed, 0.25, true);
        System.out.printf("wrote %s (%,d objects) in %.1f s%n", args[0], Integer.parseInt(args[1]),
                (System.nanoTime() - t0) / 1e9);
    }
}
