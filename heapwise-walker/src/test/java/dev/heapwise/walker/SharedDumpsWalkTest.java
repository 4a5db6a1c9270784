package dev.heapwise.walker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared real dumps (HotSpot JDK 6 with 8- and 4-byte ids, with dangling references; Android
 * 1.0.3 with its own root kinds): every object visited once, every object's slots as the dump holds
 * them. Skipped when {@code heapwise.shared.data} is absent. Indexes go to a temporary folder.
 */
class SharedDumpsWalkTest {
    @TempDir
    Path indexes;

    @ParameterizedTest
    @ValueSource(strings = {"haha_sun_jdk6_18_x64.hprof", "haha_sun_jdk6_32bit.hprof", "leak_service_binder.hprof",
        "aosp_perflib_dialer.android-hprof"})
    void walkVisitsEveryObjectOnceWithItsDumpSlots(String name) throws Exception {
        String root = System.getProperty("heapwise.shared.data");
        assumeTrue(root != null && Files.isDirectory(Path.of(root)), "shared data folder not available");
        Path dump = Path.of(root, "hprof", name);
        assumeTrue(Files.isRegularFile(dump), dump + " not available");
        try (HeapGraph g = Hprof.open(dump, Hprof.Options.defaults().withIndexDir(indexes.resolve(name)))) {
            SlotChecker check = new SlotChecker(g, true);
            WalkResult result = HeapWalker.walk(g, check, WalkOptions.defaults().withBatchSize(7));
            assertThat(check.mismatches).isEmpty();
            assertThat(Arrays.stream(check.visits).allMatch(v -> v == 1)).isTrue();
            assertThat(result.objectsVisited()).isEqualTo(g.objectCount());
            assertThat(result.rootReferences()).isEqualTo(g.rootCount());
        }
    }
}
