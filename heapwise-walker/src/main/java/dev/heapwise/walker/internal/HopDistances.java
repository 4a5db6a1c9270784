package dev.heapwise.walker.internal;

import java.util.Arrays;

/**
 * Breadth-first hop counts from a set of start objects, up to a limit, for the walk's depth limit:
 * one byte per object, 255 meaning "further than the limit or unreachable". A depth-first walk
 * alone cannot honour "at most N references from a root" (it may first meet an object along a
 * longer path), so the limit is decided from these counts instead.
 */
public final class HopDistances {
    public static final int FAR = 255;

    private HopDistances() {}

    /**
     * Cost: one pass over the references of the objects within {@code limit - 1} hops, through
     * {@code source} (which should skip null slots so that it reads no dump); one byte per object
     * plus two int queues.
     */
    public static byte[] compute(ReferenceSource source, int[] starts, int limit) {
        int n = source.objectCount();
        byte[] hops = new byte[n];
        Arrays.fill(hops, (byte) FAR);
        IntStack level = new IntStack();
        for (int s : starts) {
            if ((hops[s] & 0xFF) != 0) {
                hops[s] = 0;
                level.push(s);
            }
        }
        int batch = 1024;
        long[] ids = new long[batch];
        int[] targets = new int[batch];
        for (int depth = 0; depth < limit && level.size() > 0; depth++) {
            IntStack next = new IntStack();
            byte nextHop = (byte) (depth + 1);
            for (int i = 0; i < level.size(); i++) {
                source.open(level.get(i));
                while (source.hasMore()) {
                    int count = source.read(ids, targets, batch);
                    if (count == 0) {
                        break;
                    }
                    for (int k = 0; k < count; k++) {
                        int t = targets[k];
                        if (t >= 0 && (hops[t] & 0xFF) == FAR) {
                            hops[t] = nextHop;
                            next.push(t);
                        }
                    }
                }
            }
            level = next;
        }
        return hops;
    }
}
