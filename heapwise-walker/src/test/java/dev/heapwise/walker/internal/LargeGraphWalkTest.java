package dev.heapwise.walker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.walker.ContainerType;
import dev.heapwise.walker.HeapInfoCallback;
import dev.heapwise.walker.ObjectFlags;
import dev.heapwise.walker.WalkAction;
import dev.heapwise.walker.WalkOptions;
import dev.heapwise.walker.WalkResult;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The walk over a 33-million-object graph computed on the fly (no storage at all), through the
 * walker's tiny {@link ReferenceSource} interface: object {@code o} holds {@code o+1} (a chain 33
 * million deep, which a recursive walk could never descend), itself, a null and its "parent"
 * {@code o/2}. The test measures what the walk allocates on its thread: it must stay within the
 * per-object state (4 bits per object) plus small change, so no Java object is made per heap
 * object and nothing per call. No timing is asserted.
 */
class LargeGraphWalkTest {
    private static final int N = 33_000_000;

    /** The formula graph. Ids are {@code 0x1000 + 16 * o}, like addresses. */
    private static final class Chain implements ReferenceSource {
        private int object;
        private int next;

        @Override
        public int objectCount() {
            return N;
        }

        @Override
        public long id(int o) {
            return 0x1000L + 16L * o;
        }

        @Override
        public void open(int o) {
            object = o;
            next = 0;
        }

        @Override
        public boolean hasMore() {
            return next < 4;
        }

        @Override
        public int read(long[] ids, int[] targets, int max) {
            int count = 0;
            while (count < max && next < 4) {
                int t = switch (next) {
                    case 0 -> object + 1 < N ? object + 1 : -1;
                    case 1 -> object;
                    case 2 -> -1;
                    default -> object / 2;
                };
                targets[count] = t;
                ids[count] = t < 0 ? 0 : id(t);
                count++;
                next++;
            }
            return count;
        }

        @Override
        public long dumpReads() {
            return 0;
        }
    }

    /** Checks order and flags with counters only (a list of 33M calls would be the per-object cost). */
    private static final class Checker implements HeapInfoCallback {
        long visits;
        long expectedNext = 0x1000L;
        long errors;

        @Override
        public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
            visits++;
            if (objectId != expectedNext || count != 4 || (flags & ObjectFlags.ALREADY_REPORTED) == 0) {
                errors++;
            }
            expectedNext += 16;
            int both = ObjectFlags.ALREADY_REPORTED | ObjectFlags.ALREADY_VISITED;
            if (refFlags[0] != 0 || refFlags[1] != both || refs[2] != 0 || refFlags[3] != both) {
                errors++;
            }
            return WalkAction.CONTINUE;
        }
    }

    @Test
    void walking33MillionObjectsAllocatesAboutFourBitsPerObject() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        Checker checker = new Checker();
        List<RootContainer> roots = List.of(new RootContainer(ContainerType.ROOTS, 1, 1, new int[] {0}));

        long before = threads.getThreadAllocatedBytes(thread);
        WalkResult result = new DepthFirstWalk(new Chain(), roots, checker, WalkOptions.defaults(), null).run();
        long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertThat(checker.visits).isEqualTo(N);
        assertThat(checker.errors).isZero();
        assertThat(result.objectsVisited()).isEqualTo(N);
        assertThat(result.objectsVisitedInHeap()).isZero();
        assertThat(result.maxPending()).isEqualTo(1);
        long states = ((N + 15L) / 16) * 8; // four state bits per object
        System.out.printf("33M-object walk: %.1f s, %,d bytes allocated (%.2f bits per object)%n",
                result.nanos() / 1e9, allocated, allocated * 8.0 / N);
        assertThat(allocated).isBetween(states, states + (1 << 20));
    }
}
