package dev.heapwise.walker;

import dev.heapwise.graph.RootKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random heap for property tests: instances of two classes (one a subclass adding fields),
 * object arrays and int arrays, with null, dangling and self references, random roots of several
 * kinds and one thread with frame roots. It is written through {@link TestDump}, and it is also
 * the oracle's model: {@link #slots} gives each object's reference slots as the contract says.
 */
final class RandomGraph {
    final TestDump dump = new TestDump();
    final List<String> names = new ArrayList<>();
    /** Per object (by name order): slot values (object name, null, or TestDump.DANGLING). */
    final List<Object[]> slots = new ArrayList<>();
    final List<String> threadRoots = new ArrayList<>(); // thread object first, frame order
    final List<RootKind> rootKinds = new ArrayList<>();
    final List<String> rootObjects = new ArrayList<>();

    RandomGraph(long seed, int objects) {
        Random r = new Random(seed);
        int baseRefs = r.nextInt(4);
        int subRefs = r.nextInt(3);
        String[] baseFields = new String[baseRefs + 1];
        for (int i = 0; i < baseRefs; i++) {
            baseFields[i] = "b" + i;
        }
        baseFields[baseRefs] = "int n";
        String[] subFields = new String[subRefs];
        for (int i = 0; i < subRefs; i++) {
            subFields[i] = "s" + i;
        }
        TestDump.Cls base = dump.cls("Base", null, baseFields);
        TestDump.Cls sub = dump.cls("Sub", base, subFields);
        for (int i = 0; i < objects; i++) {
            names.add(String.format("o%04d", i));
        }
        for (String name : names) {
            int kind = r.nextInt(10);
            if (kind < 4) {
                Object[] s = randomSlots(r, baseRefs);
                dump.obj(name, base, withInt(s, baseRefs, r.nextInt()));
                slots.add(s);
            } else if (kind < 7) {
                Object[] own = randomSlots(r, subRefs);
                Object[] inherited = randomSlots(r, baseRefs);
                Object[] values = new Object[subRefs + baseRefs + 1];
                System.arraycopy(own, 0, values, 0, subRefs);
                System.arraycopy(inherited, 0, values, subRefs, baseRefs);
                values[subRefs + baseRefs] = 1;
                dump.obj(name, sub, values);
                Object[] s = new Object[subRefs + baseRefs];
                System.arraycopy(own, 0, s, 0, subRefs);
                System.arraycopy(inherited, 0, s, subRefs, baseRefs);
                slots.add(s);
            } else if (kind < 9) {
                Object[] s = randomSlots(r, r.nextInt(7));
                dump.array(name, s);
                slots.add(s);
            } else {
                dump.ints(name, r.nextInt(4));
                slots.add(new Object[0]);
            }
        }
        RootKind[] kinds = {RootKind.UNKNOWN, RootKind.JNI_GLOBAL, RootKind.STICKY_CLASS, RootKind.MONITOR_USED};
        int roots = objects == 0 ? 0 : r.nextInt(1 + objects / 5);
        for (int i = 0; i < roots; i++) {
            RootKind k = kinds[r.nextInt(kinds.length)];
            String o = names.get(r.nextInt(objects));
            dump.root(k, o);
            rootKinds.add(k);
            rootObjects.add(o);
        }
        if (objects > 0 && r.nextBoolean()) {
            String t = names.get(r.nextInt(objects));
            dump.thread(1, t, "main", 2);
            threadRoots.add(t);
            List<String> frame0 = new ArrayList<>();
            List<String> frame1 = new ArrayList<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                String o = names.get(r.nextInt(objects));
                int frame = r.nextInt(2);
                dump.stackRoot(RootKind.JAVA_FRAME, 1, frame, o);
                (frame == 0 ? frame0 : frame1).add(o);
            }
            threadRoots.addAll(frame0);
            threadRoots.addAll(frame1);
        }
    }

    private static Object[] withInt(Object[] refs, int n, int value) {
        Object[] v = new Object[n + 1];
        System.arraycopy(refs, 0, v, 0, n);
        v[n] = value;
        return v;
    }

    private Object[] randomSlots(Random r, int n) {
        Object[] s = new Object[n];
        for (int i = 0; i < n; i++) {
            int p = r.nextInt(20);
            s[i] = p < 5 ? null : p == 5 ? (Object) TestDump.DANGLING : names.get(r.nextInt(names.size()));
        }
        return s;
    }
}
