package dev.heapwise.analysis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Background work runs every part at the lowest priority, reports failures, and stops when closed. */
class BackgroundTest {

    /** The nice value of the calling thread, from /proc (field 19 of its stat line). */
    private static int niceOfThisThread() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[16]); // fields after the name start at 3: nice is the 19th
        } catch (IOException e) {
            return Integer.MIN_VALUE;
        }
    }

    @Test
    void everyPartRunsAtTheLowestPriority() {
        assumeTrue(Files.exists(Path.of("/proc/thread-self/stat")), "Linux only");
        var nice = new ConcurrentHashMap<Integer, Integer>();
        Background b = Background.start("test", 2, part -> nice.put(part, niceOfThisThread()));
        b.join();
        assertThat(nice).containsEntry(0, 19).containsEntry(1, 19);
        assertThat(niceOfThisThread()).as("the caller keeps its priority").isNotEqualTo(19);
    }

    @Test
    void aFailureReachesJoinAndStopsTheOtherParts() {
        AtomicReference<Background> self = new AtomicReference<>();
        Background b = Background.start("test", 2, part -> {
            if (part == 0) {
                throw new IllegalStateException("boom");
            }
            while (self.get() == null || !self.get().cancelled()) { // ends only because part 0 failed
                Thread.onSpinWait();
            }
        });
        self.set(b);
        assertThatThrownBy(b::join).isInstanceOf(IllegalStateException.class).hasMessage("boom");
    }

    @Test
    void closeAsksThePartsToStop() {
        AtomicReference<Background> self = new AtomicReference<>();
        Background b = Background.start("test", 1, part -> {
            while (self.get() == null || !self.get().cancelled()) {
                Thread.onSpinWait();
            }
        });
        self.set(b);
        b.close(); // returns only once the part has seen the request
        assertThat(b.cancelled()).isTrue();
    }
}
