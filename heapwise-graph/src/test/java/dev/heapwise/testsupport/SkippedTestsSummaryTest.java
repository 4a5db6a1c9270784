package dev.heapwise.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * test-support's listener: a run whose tests skip for want of ../shared/data says so in one line,
 * other skips in another, and nothing when nothing was skipped. It is registered for every module.
 */
class SkippedTestsSummaryTest {

    /** Tests as the modules write them (run here by a launcher of our own, never by surefire). */
    static class Examples {
        @Test
        void readsASharedDump() {
            String root = System.getProperty("heapwise.shared.data") + "-not-there";
            assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of(root)), "shared data folder not available");
        }

        @ParameterizedTest
        @ValueSource(strings = {"a.hprof", "b.hprof"})
        void readsEachSharedDump(String name) {
            java.nio.file.Path p = java.nio.file.Path.of(System.getProperty("heapwise.shared.data"), "nope", name);
            assumeTrue(java.nio.file.Files.isRegularFile(p), p + " not available");
        }

        @Test
        void needsAJdk17() {
            assumeTrue(false, "no JDK 17 under /usr/lib/jvm");
        }

        @Test
        @Disabled("slow")
        void disabled() {}

        @Test
        void runs() {}
    }

    static class NothingSkipped {
        @Test
        void runs() {}
    }

    @Test
    void saysWhatWasSkippedAndWhy() {
        List<String> lines = run(Examples.class);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).endsWith("3 tests skipped: " + shownSharedFolder()
                + (java.nio.file.Files.isDirectory(java.nio.file.Path.of(System.getProperty("heapwise.shared.data")))
                        ? " lacks the files they read"
                        : " is absent (the real dumps of other projects the tests check against)"));
        assertThat(lines.get(1)).endsWith("2 tests skipped for other reasons: no JDK 17 under /usr/lib/jvm; slow");
        assertThat(run(NothingSkipped.class)).isEmpty();
    }

    @Test
    void everyModuleRegistersIt() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/services/org.junit.platform.launcher.TestExecutionListener")) {
            assertThat(in).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip()).isEqualTo(SkippedTestsSummary.class.getName());
        }
    }

    private static String shownSharedFolder() {
        String project = System.getProperty("heapwise.project.dir");
        String root = System.getProperty("heapwise.shared.data");
        return project != null && java.nio.file.Path.of(root).normalize().startsWith(java.nio.file.Path.of(project).getParent())
                ? java.nio.file.Path.of(project).relativize(java.nio.file.Path.of(root).normalize()).toString()
                : root;
    }

    private static List<String> run(Class<?> tests) {
        List<String> lines = new java.util.ArrayList<>();
        SkippedTestsSummary summary = new SkippedTestsSummary(lines::add);
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false).build());
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(tests)).build();
        launcher.execute(launcher.discover(request), summary);
        return lines;
    }
}
