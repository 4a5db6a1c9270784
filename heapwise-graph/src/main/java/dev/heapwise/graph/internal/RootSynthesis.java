package dev.heapwise.graph.internal;

import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.util.List;

/**
 * Roots for dump formats that record none (MicroEJ): class statics are roots, and every object
 * they do not reach was held by something the dump does not show. Those get a
 * {@link RootKind#HELD_OUTSIDE_DUMP} root: first each unreachable object nothing refers to, then,
 * for what is still unreached (unreachable cycles), the first object in id order of each.
 */
final class RootSynthesis {
    private RootSynthesis() {}

    /** Adds the synthesized roots to {@code roots}. */
    static void synthesize(IndexStore.Draft draft, int n, RootColumns roots, List<ClassTable.Slot> classes,
            ProgressListener progress) throws IOException {
        progress.phase("finding roots", n);
        int existing = roots.size();
        long[] reached = new long[(n + 63) >>> 6];
        try (IndexStore.Mapping outOff = draft.mapRead(draft.file(Columns.OUT_OFFSETS));
                IndexStore.Mapping outRefs = draft.mapRead(draft.file(Columns.OUT_REFS));
                IndexStore.Mapping inOff = draft.mapRead(draft.file(Columns.IN_OFFSETS))) {
            CsrCursor out = new CsrCursor(EliasFano.open(outOff.segment(), Columns.OUT_OFFSETS),
                    PackedLongs.open(outRefs.segment(), Columns.OUT_REFS));
            EliasFano in = EliasFano.open(inOff.segment(), Columns.IN_OFFSETS);
            IntStack stack = new IntStack();
            for (int i = 0; i < existing; i++) {
                mark(roots.object(i), reached, stack, out);
            }
            for (ClassTable.Slot c : classes) {
                if (c.objectIndex >= 0) {
                    roots.add(c.objectIndex, RootKind.CLASS_STATICS, -1, -1);
                    mark(c.objectIndex, reached, stack, out);
                }
            }
            for (int k = 0; k < n; k++) {
                if (!isSet(reached, k) && in.get(k) == in.get(k + 1L)) {
                    roots.add(k, RootKind.HELD_OUTSIDE_DUMP, -1, -1);
                    mark(k, reached, stack, out);
                }
            }
            for (int k = 0; k < n; k++) {
                if (!isSet(reached, k)) {
                    roots.add(k, RootKind.HELD_OUTSIDE_DUMP, -1, -1);
                    mark(k, reached, stack, out);
                }
            }
        }
    }

    private static boolean isSet(long[] bits, int k) {
        return (bits[k >>> 6] & (1L << k)) != 0;
    }

    /** Marks everything reachable from {@code start} with an explicit stack. */
    private static void mark(int start, long[] reached, IntStack stack, CsrCursor out) {
        if (isSet(reached, start)) {
            return;
        }
        reached[start >>> 6] |= 1L << start;
        stack.push(start);
        while (!stack.isEmpty()) {
            out.reset(stack.pop());
            for (int t; (t = out.next()) >= 0; ) {
                if (!isSet(reached, t)) {
                    reached[t >>> 6] |= 1L << t;
                    stack.push(t);
                }
            }
        }
    }
}
