package dev.heapwise.walker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over a real (synthetic) HPROF graph of 400,000 objects, the walk's index path creates no Java
 * object per heap object: what the walking thread allocates stays within the per-object state bits,
 * the stack and a fixed setup (one object per heap object would be 16 bytes each, 6.4 MB here). No
 * timing is asserted.
 */
class IndexPathAllocationTest {
    private static final int N = 400_000;

    @TempDir
    Path dir;

    /** Counts calls without keeping anything. */
    private static final class Count implements HeapInfoCallback {
        long objects;

        @Override
        public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
            if ((flags & ObjectFlags.MORE_REFERENCES) == 0) {
                objects++;
            }
            return WalkAction.CONTINUE;
        }
    }

    private static long allocatedBy(Runnable r) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        long before = threads.getThreadAllocatedBytes(id);
        r.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }

    @Test
    void theIndexPathAllocatesNothingPerObject() throws IOException {
        Path file = dir.resolve("big.hprof");
        // No null slots and no arrays: with or without null reporting, every object takes the index path.
        SyntheticHeap.write(file, N, 7, 0, false);
        try (HeapGraph g = Hprof.open(file)) {
            for (boolean nulls : new boolean[] {false, true}) {
                Count count = new Count();
                WalkResult[] result = new WalkResult[1];
                WalkOptions options = WalkOptions.defaults().withIncludeNulls(nulls);
                HeapWalker.walk(g, new Count(), options); // warm-up: lazy graph structures, class loading
                long allocated = allocatedBy(() -> result[0] = HeapWalker.walk(g, count, options));
                assertThat(count.objects).isEqualTo(g.objectCount());
                assertThat(result[0].objectsReadFromDump()).isZero();
                long states = ((g.objectCount() + 15L) / 16) * 8; // four state bits per object
                // An int per entry, in blocks of 64 Ki entries (never copied), plus the first small block.
                long stack = 4L * result[0].maxPending() + 2 * 4L * 65536;
                System.out.printf("nulls=%s: %,d objects, %,d bytes allocated (state %,d, stack high water %,d)%n",
                        nulls, g.objectCount(), allocated, states, result[0].maxPending());
                assertThat(allocated).isLessThan(states + stack + 256 * 1024);
            }
        }
    }
}
