package dev.heapwise.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The build step that rewrites old class files ({@code src/build/ClassFileUpgrade.java}, run as a
 * source file as the build runs it) on picocli's own jar: every class comes out at version 50 or
 * later, the jar holds the same entries, and each class loads and passes the JVM's verifier, which
 * for those versions needs the stack maps the step generates.
 */
class ClassFileUpgradeTest {
    @TempDir
    Path dir;

    @Test
    void picocliComesOutVerifiableAtVersion52() throws Exception {
        Path original = Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = dir.resolve("picocli.jar");
        Files.copy(original, jar);
        TreeMap<String, Integer> before = versions(original);
        assertThat(before.values()).anyMatch(v -> v < 50); // else this test would check nothing

        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                Path.of("src", "build", "ClassFileUpgrade.java").toAbsolutePath().toString(), jar.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();

        TreeMap<String, Integer> after = versions(jar);
        assertThat(after.keySet()).isEqualTo(before.keySet());
        assertThat(after.values()).allMatch(v -> v >= 50);
        List<String> failures = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            for (String entry : after.keySet()) {
                String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
                if (name.endsWith("module-info") || name.endsWith("package-info")) {
                    continue;
                }
                try {
                    loader.loadClass(name).getDeclaredMethods(); // links the class: the verifier runs here
                } catch (LinkageError e) {
                    failures.add(name + ": " + e);
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    /** Class-file major version per class entry. */
    private static TreeMap<String, Integer> versions(Path jar) throws IOException {
        TreeMap<String, Integer> v = new TreeMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
                    byte[] b = in.readAllBytes();
                    v.put(e.getName(), (b[6] & 0xFF) << 8 | b[7] & 0xFF);
                }
            }
        }
        return v;
    }
}
