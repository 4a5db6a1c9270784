package dev.heapwise.ddm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A child JVM running a test class, with its output lines (stdout and stderr) queued. */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> all = new CopyOnWriteArrayList<>();
    private final Writer stdin;

    private ChildJvm(Process process) {
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    all.add(line);
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // process ended
            }
        }, "child-output");
        t.setDaemon(true);
        t.start();
    }

    /** Starts {@code mainClass} from this module's classes with extra JVM options and arguments. */
    public static ChildJvm start(String mainClass, List<String> jvmOptions, List<String> args) throws IOException {
        return start(mainClass, jvmOptions, args, System.getProperty("java.class.path"));
    }

    /** Starts {@code mainClass} with an explicit class path. */
    public static ChildJvm start(String mainClass, List<String> jvmOptions, List<String> args, String classPath)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xshare:auto");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        return new ChildJvm(pb.start());
    }

    /** Waits for a line starting with {@code prefix}; returns the rest of it. */
    public String await(String prefix, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            long left = deadline - System.currentTimeMillis();
            String line = left <= 0 ? null : lines.poll(left, TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new AssertionError("no line starting with \"" + prefix + "\" within " + timeoutMillis
                        + " ms; alive=" + process.isAlive() + "; output so far:\n" + String.join("\n", all));
            }
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
        }
    }

    public void send(String command) throws IOException {
        stdin.write(command + "\n");
        stdin.flush();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public int exitValue() {
        return process.exitValue();
    }

    public long pid() {
        return process.pid();
    }

    public String output() {
        return String.join("\n", all);
    }

    /** Kills the process at once and waits for it. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        kill();
    }
}
