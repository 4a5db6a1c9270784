package dev.heapwise.analysis.bench;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.StaticField;
import dev.heapwise.hprof.HprofWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a large synthetic HotSpot heap for benchmarks, shaped like the real dumps in
 * {@code shared/data} (measured there: 1.4 references per object, 65-75% of objects with exactly one
 * referrer, half the references to an object within 64 positions): a spanning forest whose
 * parents are mostly just before their children (allocation locality), plus extra references for
 * a quarter of the objects (sharing, cycles, long-range), 1% roots and 2% garbage. Instances have
 * 0 to 6 reference fields by their number of children; bigger fan-outs are object arrays.
 */
public final class LargeHeapWriter {
    private static final int MAX_FIELDS = 6;

    private LargeHeapWriter() {}

    public static void write(Path file, int objects, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        int[] parent = new int[objects];
        for (int i = 0; i < objects; i++) {
            int roll = r.nextInt(1000);
            if (i == 0 || roll < 10) {
                parent[i] = -1; // a root
            } else if (roll < 30) {
                parent[i] = -2; // garbage
            } else if (roll < 730) {
                parent[i] = Math.max(0, i - 1 - r.nextInt(8));
            } else if (roll < 930) {
                parent[i] = Math.max(0, i - 1 - r.nextInt(4096));
            } else {
                parent[i] = r.nextInt(i);
            }
        }
        // Children lists (tree edges, then extra edges) as a CSR.
        int[] extra = new int[objects];
        int[] count = new int[objects + 1];
        for (int i = 0; i < objects; i++) {
            if (parent[i] >= 0) {
                count[parent[i] + 1]++;
            }
            extra[i] = -1;
            if (r.nextInt(4) == 0) {
                int t = r.nextBoolean() ? Math.min(objects - 1, Math.max(0, i + r.nextInt(129) - 64)) : r.nextInt(objects);
                extra[i] = t;
                count[i + 1]++;
            }
        }
        for (int i = 0; i < objects; i++) {
            count[i + 1] += count[i];
        }
        int[] fill = Arrays.copyOf(count, objects);
        int[] kids = new int[count[objects]];
        for (int i = 0; i < objects; i++) {
            if (parent[i] >= 0) {
                kids[fill[parent[i]]++] = i;
            }
            if (extra[i] >= 0) {
                kids[fill[i]++] = extra[i];
            }
        }
        long classBase = 0x1_0000_0000L;
        long objBase = 0x8_0000_0000L;
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 8, 0, 1 << 20)) {
            long sid = 1;
            w.string(sid++, "java/lang/Object");
            w.string(sid++, "java/lang/Object[]");
            long fieldName0 = sid;
            for (int f = 0; f < MAX_FIELDS; f++) {
                w.string(sid++, "f" + f);
            }
            long className0 = sid;
            for (int c = 0; c <= MAX_FIELDS; c++) {
                w.string(sid++, "bench/Node" + c);
            }
            w.loadClass(1, classBase, 0, 1);
            w.loadClass(2, classBase + 16, 0, 2);
            for (int c = 0; c <= MAX_FIELDS; c++) {
                w.loadClass(3 + c, classBase + 32 + 16L * c, 0, className0 + c);
            }
            w.root(0x05, classBase);
            w.root(0x05, classBase + 16);
            for (int c = 0; c <= MAX_FIELDS; c++) {
                w.root(0x05, classBase + 32 + 16L * c);
            }
            for (int i = 0; i < objects; i++) {
                if (parent[i] == -1) {
                    w.root(0xFF, objBase + 16L * i);
                }
            }
            w.classDump(classBase, 0, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            w.classDump(classBase + 16, classBase, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            for (int c = 0; c <= MAX_FIELDS; c++) {
                List<FieldDef> fs = new ArrayList<>();
                long[] names = new long[c];
                for (int f = 0; f < c; f++) {
                    fs.add(new FieldDef("f" + f, FieldType.OBJECT));
                    names[f] = fieldName0 + f;
                }
                w.classDump(classBase + 32 + 16L * c, classBase, 0, 8 * c, List.<StaticField>of(), new long[0], fs,
                        names);
            }
            ByteBuffer values = ByteBuffer.allocate(8 * MAX_FIELDS);
            for (int i = 0; i < objects; i++) {
                int k = count[i + 1] - count[i];
                long id = objBase + 16L * i;
                if (k > MAX_FIELDS) {
                    long[] refs = new long[k];
                    for (int j = 0; j < k; j++) {
                        refs[j] = objBase + 16L * kids[count[i] + j];
                    }
                    w.objectArray(id, classBase + 16, refs);
                } else {
                    values.clear();
                    for (int j = 0; j < k; j++) {
                        values.putLong(objBase + 16L * kids[count[i] + j]);
                    }
                    w.instance(id, classBase + 32 + 16L * k, Arrays.copyOf(values.array(), 8 * k));
                }
            }
            w.endHeapDump();
        }
    }

    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]), Integer.parseInt(args[1]), 42);
    }
}
