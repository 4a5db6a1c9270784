package dev.heapwise.analysis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The available-memory probe on fake {@code /proc} and {@code /sys} trees, as Linux lays them out. */
class MemoryBudgetTest {
    @TempDir
    Path root;

    private void write(String path, String text) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private void meminfo(long availableKb) throws IOException {
        write("proc/meminfo", "MemTotal:       24000000 kB\nMemFree:         1000000 kB\nMemAvailable:   "
                + availableKb + " kB\n");
    }

    @Test
    void withoutALimitTheHostsAvailableMemoryCounts() throws IOException {
        meminfo(20_000_000);
        write("proc/self/cgroup", "4:memory:/user.slice\n0::/user.slice\n");
        write("sys/fs/cgroup/memory/user.slice/memory.limit_in_bytes", "9223372036854771712\n");
        write("sys/fs/cgroup/memory/user.slice/memory.usage_in_bytes", "5000000\n");
        assertThat(MemoryBudget.available(root)).isEqualTo(20_000_000L * 1024);
    }

    @Test
    void aCgroupV1LimitLowersIt() throws IOException {
        meminfo(20_000_000);
        write("proc/self/cgroup", "9:name=systemd:/\n4:memory:/ci/job\n0::/\n");
        write("sys/fs/cgroup/memory/ci/job/memory.limit_in_bytes", "1000000000\n");
        write("sys/fs/cgroup/memory/ci/job/memory.usage_in_bytes", "700000000\n");
        write("sys/fs/cgroup/memory/ci/job/memory.stat", "cache 300000\ntotal_inactive_file 100000000\n");
        assertThat(MemoryBudget.available(root)).isEqualTo(1_000_000_000L - 700_000_000L + 100_000_000L);
    }

    @Test
    void aCgroupV2LimitLowersIt() throws IOException {
        meminfo(20_000_000);
        write("proc/self/cgroup", "0::/system.slice/job.scope\n");
        write("sys/fs/cgroup/system.slice/job.scope/memory.max", "2000000000\n");
        write("sys/fs/cgroup/system.slice/job.scope/memory.current", "500000000\n");
        write("sys/fs/cgroup/system.slice/job.scope/memory.stat", "anon 1\ninactive_file 1000\n");
        assertThat(MemoryBudget.available(root)).isEqualTo(1_500_001_000L);
    }

    @Test
    void aContainerSeesItsOwnCgroupAsTheRoot() throws IOException {
        meminfo(20_000_000);
        write("proc/self/cgroup", "0::/docker/abc\n"); // the path is the host's; the mount shows only this group
        write("sys/fs/cgroup/memory.max", "max\n");
        write("sys/fs/cgroup/memory.current", "1\n");
        assertThat(MemoryBudget.available(root)).isEqualTo(20_000_000L * 1024);
        write("sys/fs/cgroup/memory.max", "600000000\n");
        write("sys/fs/cgroup/memory.current", "100000000\n");
        assertThat(MemoryBudget.available(root)).isEqualTo(500_000_000L);
    }

    @Test
    void theHostStillCapsAGenerousLimit() throws IOException {
        meminfo(1000);
        write("proc/self/cgroup", "0::/big\n");
        write("sys/fs/cgroup/big/memory.max", "64000000000\n");
        write("sys/fs/cgroup/big/memory.current", "0\n");
        assertThat(MemoryBudget.available(root)).isEqualTo(1000L * 1024);
    }

    @Test
    void nothingReadableMeansUnknown() {
        assertThat(MemoryBudget.available(root)).isEqualTo(MemoryBudget.UNKNOWN);
        assertThat(MemoryBudget.available()).isPositive(); // the real machine: some number, or unknown
    }
}
