package dev.heapwise.testsupport;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says, once per test run of a module, which tests were skipped and why, where Maven only counts them:
 * {@code heapwise-ddm: 6 tests skipped: ../shared/data is absent (the real dumps of other projects
 * the tests check against)}. A test skipped for want of the shared data is one whose assumption failed with a message
 * naming it ("shared data", the {@code heapwise.shared.data} folder or a file in it). Registered for
 * every module's tests through META-INF/services (the parent pom adds this folder to each module's
 * test sources and resources).
 */
public final class SkippedTestsSummary implements TestExecutionListener {
    private static final int MAX_REASONS = 3;

    private final Consumer<String> out;
    private TestPlan plan;
    private int sharedDataSkips;
    private final Map<String, Integer> otherSkips = new LinkedHashMap<>();

    /** The listener the JUnit Platform finds: it prints to the process's standard error (see {@link #stderr}). */
    public SkippedTestsSummary() {
        this(stderr()::println);
    }

    /** A listener that hands its lines to {@code out}. */
    public SkippedTestsSummary(Consumer<String> out) {
        this.out = out;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        sharedDataSkips = 0;
        otherSkips.clear();
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        count(test, reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            count(test, result.getThrowable().map(Throwable::getMessage).orElse(null));
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        lines().forEach(out);
    }

    /** The summary lines: none when nothing was skipped. */
    private List<String> lines() {
        List<String> lines = new ArrayList<>();
        String module = moduleName();
        if (sharedDataSkips > 0) {
            String root = sharedRoot();
            String shown = root == null ? "../shared/data" : display(root);
            boolean absent = root == null || !Files.isDirectory(Path.of(root));
            lines.add(module + tests(sharedDataSkips) + " skipped: " + shown
                    + (absent ? " is absent (the real dumps of other projects the tests check against)"
                            : " lacks the files they read"));
        }
        if (!otherSkips.isEmpty()) {
            int n = otherSkips.values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder why = new StringBuilder();
            int shownReasons = 0;
            for (Map.Entry<String, Integer> e : otherSkips.entrySet()) {
                if (shownReasons++ == MAX_REASONS) {
                    why.append("; ...");
                    break;
                }
                why.append(why.isEmpty() ? "" : "; ").append(e.getKey()).append(e.getValue() > 1 ? " (" + e.getValue() + ")" : "");
            }
            lines.add(module + tests(n) + " skipped" + (sharedDataSkips > 0 ? " for other reasons" : "") + ": " + why);
        }
        return lines;
    }

    private void count(TestIdentifier test, String reason) {
        int tests = test.isTest() ? 1 : (int) Math.max(1, plan == null ? 1
                : plan.getDescendants(test).stream().filter(TestIdentifier::isTest).count());
        if (isSharedData(reason)) {
            sharedDataSkips += tests;
        } else {
            String why = reason == null || reason.isBlank() ? "no reason given"
                    : reason.strip().lines().findFirst().orElse("").replaceFirst("^Assumption failed: ", "");
            otherSkips.merge(why, tests, Integer::sum);
        }
    }

    static boolean isSharedData(String reason) {
        if (reason == null) {
            return false;
        }
        String r = reason.toLowerCase(Locale.ROOT);
        if (r.contains("shared data") || r.contains("shared.data") || r.contains("shared/data")) {
            return true;
        }
        String root = sharedRoot();
        return root != null && (reason.contains(root) || reason.contains(Path.of(root).normalize().toString()));
    }

    private static String sharedRoot() {
        String root = System.getProperty("heapwise.shared.data");
        return root == null || root.isBlank() ? null : root;
    }

    /** The shared folder as the build names it, relative to the project when it sits beside it. */
    private static String display(String root) {
        String project = System.getProperty("heapwise.project.dir");
        Path r = Path.of(root).toAbsolutePath().normalize();
        if (project != null) {
            Path p = Path.of(project).toAbsolutePath().normalize();
            if (r.startsWith(p.getParent() == null ? p : p.getParent())) {
                return p.relativize(r).toString();
            }
        }
        return r.toString();
    }

    private static String moduleName() {
        String module = Path.of(System.getProperty("user.dir", "")).getFileName() + "";
        return module.startsWith("heapwise") ? module + ": " : "";
    }

    private static String tests(int n) {
        return n + (n == 1 ? " test" : " tests");
    }

    /**
     * The process's own standard error, which surefire copies to the console as it is, where
     * {@code System.out} and {@code System.err} may be redirected into a test's report file.
     */
    private static PrintStream stderr() {
        return new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    }
}
