package dev.heapwise.walker;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;

/**
 * The contract written the obvious way, recursively and with hash sets, straight from the seed:
 * report all of an object's references (batched), then descend into the ones first seen there, in
 * order; postponing drops the descent; FAIL stops everything but END. The walker's iterative,
 * bit-set implementation must make exactly the same calls.
 */
final class OracleWalk {
    record Container(ContainerType type, long id1, long id2, long[] roots) {}

    private final SortedSet<Long> objects;
    private final Map<Long, long[]> slots; // 0 = null; ids not in objects are missing
    private final HeapInfoCallback cb;
    private final int batch;
    private final Set<Long> reported = new HashSet<>();
    private final Set<Long> visited = new HashSet<>();
    private final Set<Long> pending = new HashSet<>();

    OracleWalk(SortedSet<Long> objects, Map<Long, long[]> slots, HeapInfoCallback cb, int batch) {
        this.objects = objects;
        this.slots = slots;
        this.cb = cb;
        this.batch = batch;
    }

    void run(List<Container> containers) {
        walk(containers);
        cb.beginContainer(ContainerType.END, 0, 0);
    }

    private boolean walk(List<Container> containers) {
        if (cb.beginContainer(ContainerType.BEGIN, 0, 0) == WalkAction.FAIL) {
            return false;
        }
        for (Container c : containers) {
            if (cb.beginContainer(c.type(), c.id1(), c.id2()) == WalkAction.FAIL) {
                return false;
            }
            List<Long> descend = new ArrayList<>();
            for (int from = 0; from < c.roots().length; from += batch) {
                int n = Math.min(batch, c.roots().length - from);
                long[] refs = new long[n];
                int[] flags = new int[n];
                List<Long> fresh = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    long o = c.roots()[from + i];
                    refs[i] = o;
                    flags[i] = flagsOf(o);
                    reported.add(o);
                    if (!visited.contains(o) && pending.add(o)) {
                        fresh.add(o);
                    }
                }
                WalkAction a = cb.rootReferences(refs, flags, n);
                if (a == WalkAction.FAIL) {
                    return false;
                }
                if (a == WalkAction.POSTPONE_REFERENCES) {
                    pending.removeAll(fresh);
                } else {
                    descend.addAll(fresh);
                }
            }
            for (long o : descend) {
                pending.remove(o);
                if (!visit(o)) {
                    return false;
                }
            }
        }
        if (cb.beginContainer(ContainerType.HEAP, 0, 0) == WalkAction.FAIL) {
            return false;
        }
        for (long o : objects) {
            if (!visited.contains(o) && !visit(o)) {
                return false;
            }
        }
        return true;
    }

    private int flagsOf(long o) {
        return (reported.contains(o) ? ObjectFlags.ALREADY_REPORTED : 0)
                | (visited.contains(o) ? ObjectFlags.ALREADY_VISITED : 0);
    }

    private boolean visit(long o) {
        visited.add(o);
        int objectFlags = reported.contains(o) ? ObjectFlags.ALREADY_REPORTED : 0;
        long[] s = slots.getOrDefault(o, new long[0]);
        List<Long> children = new ArrayList<>();
        WalkAction last = WalkAction.CONTINUE;
        int from = 0;
        do {
            int n = Math.min(batch, s.length - from);
            long[] refs = new long[n];
            int[] flags = new int[n];
            for (int i = 0; i < n; i++) {
                long t = s[from + i];
                refs[i] = t;
                if (t == 0) {
                    flags[i] = 0;
                } else if (!objects.contains(t)) {
                    flags[i] = ObjectFlags.MISSING;
                } else {
                    flags[i] = flagsOf(t);
                    reported.add(t);
                    if (!visited.contains(t) && pending.add(t)) {
                        children.add(t);
                    }
                }
            }
            from += n;
            boolean more = from < s.length;
            last = cb.objectReferences(o, objectFlags | (more ? ObjectFlags.MORE_REFERENCES : 0), refs, flags, n);
            if (last == WalkAction.FAIL) {
                return false;
            }
        } while (from < s.length);
        if (last == WalkAction.POSTPONE_REFERENCES) {
            pending.removeAll(children);
            return true;
        }
        for (long c : children) {
            pending.remove(c);
            if (!visit(c)) {
                return false;
            }
        }
        return true;
    }
}
