package dev.heapwise.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs a main class of heapwise's own class path in a fresh JVM, as the launcher would. */
final class ChildProcess {
    private ChildProcess() {}

    record Result(int exitCode, String out, String err, long millis) {}

    /**
     * As bin/heapwise adds bin/lib/jvm-big-dump.options: for a file of this many bytes or more, and
     * bin/lib/jvm-small-dump.options below. (The launcher leaves the big-dump options out for a
     * command on a dump whose index and tree are saved; bench's runs open a dump without a saved
     * tree, so that never applies here.)
     */
    static final long BIG_DUMP = 256L << 20;
    /** As bin/heapwise adds bin/lib/jvm-few-cpus.options with the big-dump options: below this many CPUs. */
    static final int FEW_CPUS = 4;

    /**
     * bin/heapwise's JVM options for a command on {@code dump} (HEAPWISE_JAVA_OPTS, else its argument
     * files in bin/lib, found from the jar in heapwise-cli/target), with its ahead-of-time cache.
     */
    static List<String> jvmOptions(Path dump) throws IOException {
        String opts = System.getenv("HEAPWISE_JAVA_OPTS");
        List<String> out = new ArrayList<>();
        String classPath = System.getProperty("java.class.path");
        boolean oneJar = classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator);
        if (opts != null && !opts.isBlank()) {
            out.addAll(List.of(opts.trim().split("\\s+")));
        } else if (oneJar) {
            Path lib = Path.of(classPath).toAbsolutePath().resolveSibling("../../bin/lib").normalize();
            if (Files.isRegularFile(lib.resolve("jvm.options"))) {
                out.add("@" + lib.resolve("jvm.options"));
                if (Files.size(dump) >= BIG_DUMP) {
                    out.add("@" + lib.resolve("jvm-big-dump.options"));
                    if (Runtime.getRuntime().availableProcessors() < FEW_CPUS) {
                        out.add("@" + lib.resolve("jvm-few-cpus.options"));
                    }
                } else {
                    out.add("@" + lib.resolve("jvm-small-dump.options"));
                }
            }
        }
        // The cache the build makes beside the jar, as bin/heapwise takes it: not when older than the jar.
        if (oneJar) {
            Path jar = Path.of(classPath);
            Path cache = Path.of(classPath.substring(0, classPath.length() - ".jar".length()) + ".aot");
            if (Files.isRegularFile(cache) && Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(jar)) > 0) {
                out.add("-XX:AOTCache=" + cache);
            }
        }
        out.add("-Xlog:disable");
        out.add("-Xlog:all=warning,cds*=off,aot*=off:stderr");
        out.add("--enable-native-access=ALL-UNNAMED");
        return out;
    }

    static Result run(List<String> jvm, String mainClass, List<String> args, Map<String, String> env)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvm);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        Path out = Files.createTempFile("heapwise-bench", ".out");
        Path err = Files.createTempFile("heapwise-bench", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().putAll(env);
            long t0 = System.nanoTime();
            Process p = pb.start();
            int code = p.waitFor();
            long millis = (System.nanoTime() - t0) / 1_000_000;
            return new Result(code, Files.readString(out), Files.readString(err), millis);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
