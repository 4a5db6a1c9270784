package dev.heapwise.walker.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Breadth-first hop counts from a set of start objects, up to a limit, for the walk's depth limit:
 * one byte per object in native memory (1 GB for 10^9 objects, outside the Java heap), 255
 * meaning "further than the limit or unreachable". A depth-first walk alone cannot honour "at
 * most N references from a root" (it may first meet an object along a longer path), so the limit
 * is decided from these counts instead.
 */
public final class HopDistances {
    public static final int FAR = 255;
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    private HopDistances() {}

    /**
     * Cost: one pass over the references of the objects within {@code limit - 1} hops, through
     * {@code source} (which should skip null slots so that it reads no dump); one byte per object
     * from {@code arena}, and two level queues ({@link IntStack}s, reused from level to level, freed
     * on return). Runs on the arena's thread.
     *
     * @return the hop count of each object (read it with {@link #get}), valid as long as the arena
     */
    public static MemorySegment compute(ReferenceSource source, int[] starts, int limit, Arena arena) {
        int n = source.objectCount();
        MemorySegment hops = arena.allocate(Math.max(1, n));
        hops.fill((byte) FAR);
        try (Arena queues = Arena.ofConfined()) {
            IntStack level = new IntStack(queues);
            IntStack next = new IntStack(queues);
            for (int s : starts) {
                if (get(hops, s) != 0) {
                    hops.set(BYTE, s, (byte) 0);
                    level.push(s);
                }
            }
            int batch = 1024;
            long[] ids = new long[batch];
            int[] targets = new int[batch];
            for (int depth = 0; depth < limit && level.size() > 0; depth++) {
                byte nextHop = (byte) (depth + 1);
                next.truncate(0);
                for (int i = 0; i < level.size(); i++) {
                    source.open(level.get(i));
                    while (source.hasMore()) {
                        int count = source.read(ids, targets, batch);
                        if (count == 0) {
                            break;
                        }
                        for (int k = 0; k < count; k++) {
                            int t = targets[k];
                            if (t >= 0 && get(hops, t) == FAR) {
                                hops.set(BYTE, t, nextHop);
                                next.push(t);
                            }
                        }
                    }
                }
                IntStack done = level;
                level = next;
                next = done;
            }
        }
        return hops;
    }

    /** The hop count of object {@code o} in {@code hops}, {@link #FAR} beyond the limit. */
    public static int get(MemorySegment hops, int o) {
        return hops.get(BYTE, o) & 0xFF;
    }
}
