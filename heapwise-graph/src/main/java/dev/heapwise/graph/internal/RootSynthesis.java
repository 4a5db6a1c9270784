package dev.heapwise.graph.internal;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Roots for dump formats that record none (MicroEJ): class statics are roots, and every object
 * they do not reach was held by something the dump does not show. Those get a
 * {@link RootKind#HELD_OUTSIDE_DUMP} root: first each unreachable object nothing refers to, then,
 * for what is still unreached (unreachable cycles), the first object in id order of each.
 */
final class RootSynthesis {
    private RootSynthesis() {}

    static List<GcRoot> synthesize(IndexStore.Draft draft, int n, List<GcRoot> existing, List<ClassTable.Slot> classes,
            ProgressListener progress) throws IOException {
        progress.phase("finding roots", n);
        List<GcRoot> added = new ArrayList<>();
        long[] reached = new long[(n + 63) >>> 6];
        try (IndexStore.Mapping outOff = draft.mapRead(draft.file(Columns.OUT_OFFSETS));
                IndexStore.Mapping outRefs = draft.mapRead(draft.file(Columns.OUT_REFS));
                IndexStore.Mapping inOff = draft.mapRead(draft.file(Columns.IN_OFFSETS))) {
            CsrCursor out = new CsrCursor(EliasFano.open(outOff.segment(), Columns.OUT_OFFSETS),
                    PackedLongs.open(outRefs.segment(), Columns.OUT_REFS));
            EliasFano in = EliasFano.open(inOff.segment(), Columns.IN_OFFSETS);
            IntStack stack = new IntStack();
            for (GcRoot r : existing) {
                mark(r.object(), reached, stack, out);
            }
            for (ClassTable.Slot c : classes) {
                if (c.objectIndex >= 0) {
                    added.add(new GcRoot(c.objectIndex, RootKind.CLASS_STATICS, -1, -1));
                    mark(c.objectIndex, reached, stack, out);
                }
            }
            for (int k = 0; k < n; k++) {
                if (!isSet(reached, k) && in.get(k) == in.get(k + 1L)) {
                    added.add(new GcRoot(k, RootKind.HELD_OUTSIDE_DUMP, -1, -1));
                    mark(k, reached, stack, out);
                }
            }
            for (int k = 0; k < n; k++) {
                if (!isSet(reached, k)) {
                    added.add(new GcRoot(k, RootKind.HELD_OUTSIDE_DUMP, -1, -1));
                    mark(k, reached, stack, out);
                }
            }
        }
        return added;
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
