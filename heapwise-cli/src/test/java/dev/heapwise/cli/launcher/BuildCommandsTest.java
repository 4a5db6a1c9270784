package dev.heapwise.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every build command the docs or an error message give works on a machine whose default java is 17
 * with a JDK 25 beside it: the commands go through bin/build, bin/mvn or bin/test (which find the
 * JDK 25), Maven itself starts on 17 (.mvn/jvm.config holds nothing 17 refuses), and Maven on 17
 * says what to run instead of failing in javac.
 */
class BuildCommandsTest {
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\n]+)`");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\n]|\\\\.)*)\"");

    private Path project;

    @BeforeEach
    void setUp() {
        String dir = System.getProperty("heapwise.project.dir");
        assumeTrue(dir != null, "project folder not known");
        project = Path.of(dir);
    }

    @Test
    void theDocsAndMessagesGiveNoBareMavenCommand() throws IOException {
        List<String> bare = new ArrayList<>();
        for (Path doc : docs()) {
            for (String command : commands(Files.readString(doc))) {
                if (command.matches("(?:\\$\\s*)?mvn(?:\\s.*)?")) {
                    bare.add(project.relativize(doc) + ": " + command);
                }
            }
        }
        for (Path source : messageSources()) {
            String text = Files.readString(source);
            Matcher m = (source.toString().endsWith(".java") ? STRING_LITERAL : Pattern.compile("echo (.*)")).matcher(text);
            while (m.find()) {
                if (m.group(1).matches(".*(?:^|[\\s:(])mvn\\s.*")) {
                    bare.add(project.relativize(source) + ": " + m.group(1));
                }
            }
        }
        assertThat(bare).as("bare mvn fails where the default java is not 25: give bin/build, bin/mvn or bin/test").isEmpty();
    }

    @Test
    void theScriptsTheReadmeNamesExist() throws IOException {
        String readme = Files.readString(project.resolve("README.md"));
        assertThat(readme).contains("`bin/build`");
        for (String command : commands(readme)) {
            String name = command.split("\\s+")[0];
            if (name.matches("bin/[\\w-]+")) {
                assertThat(Files.isExecutable(project.resolve(name))).as(command).isTrue();
            }
        }
    }

    @Test
    void theBuildScriptsRunMavenOnAJdk25WhenTheDefaultJavaIs17() throws Exception {
        Path jdk17 = jdk17();
        Result r = run(jdk17, project.resolve("bin/mvn").toString(), "-v");
        assertThat(r.exit()).as(r.output()).isZero();
        assertThat(r.output()).contains("Java version: 25");
        assertThat(Files.readString(project.resolve("bin/build"))).contains("bin/mvn");
        assertThat(Files.readString(project.resolve("bin/test"))).contains("bin/mvn");
    }

    @Test
    void mavenStartsOnJava17AndSaysWhatToRun() throws Exception {
        Path jdk17 = jdk17();
        Result version = run(jdk17, "mvn", "-v");
        assertThat(version.exit()).as("Maven on Java 17 must start (.mvn/jvm.config): " + version.output()).isZero();
        List<String> validate = new ArrayList<>(List.of("mvn", "-B", "-q", "-o", "-N", "validate"));
        String repo = System.getProperty("heapwise.maven.repo");
        if (repo != null && !repo.isBlank() && !repo.contains("${")) {
            validate.add("-Dmaven.repo.local=" + repo);
        }
        Result r = run(jdk17, validate.toArray(String[]::new));
        assertThat(r.exit()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("heapwise builds with a JDK 25").contains("bin/build");
    }

    /** README.md, the docs and the modules' READMEs (BENCHMARKS.md records past runs, not instructions). */
    private List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(project.resolve("README.md"), project.resolve("ARCHITECTURE.md")));
        try (Stream<Path> s = Files.list(project.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        try (Stream<Path> s = Files.list(project)) {
            s.map(m -> m.resolve("README.md")).filter(Files::isRegularFile).filter(p -> !p.getParent().equals(project))
                    .sorted().forEach(docs::add);
        }
        return docs;
    }

    /** The CLI's Java sources and the bin/ scripts: where error messages are written. */
    private List<Path> messageSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> s = Files.walk(project.resolve("bin"))) {
            s.filter(Files::isRegularFile).sorted().forEach(sources::add);
        }
        try (Stream<Path> s = Files.list(project)) {
            for (Path module : s.filter(p -> p.getFileName().toString().startsWith("heapwise-")).sorted().toList()) {
                Path main = module.resolve("src/main/java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> files = Files.walk(main)) {
                        files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(sources::add);
                    }
                }
            }
        }
        return sources;
    }

    /** The shell commands of a Markdown text: its code spans and the lines of its code blocks, split at ; && ||. */
    static List<String> commands(String markdown) {
        List<String> pieces = new ArrayList<>();
        boolean inBlock = false;
        for (String line : markdown.split("\n")) {
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
            } else if (inBlock) {
                pieces.add(line.replaceAll("\\s+#.*$", ""));
            } else {
                Matcher m = CODE_SPAN.matcher(line);
                while (m.find()) {
                    pieces.add(m.group(1));
                }
            }
        }
        List<String> commands = new ArrayList<>();
        for (String piece : pieces) {
            for (String c : piece.split(";|&&|\\|\\||\\$\\(|\\)")) {
                if (!c.isBlank()) {
                    commands.add(c.strip());
                }
            }
        }
        return commands;
    }

    private static Path jdk17() throws IOException {
        Optional<Path> found = Optional.empty();
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> s = Files.list(jvms)) {
                found = s.sorted().filter(j -> Files.isExecutable(j.resolve("bin/java")))
                        .filter(j -> release(j).contains("JAVA_VERSION=\"17")).findFirst();
            }
        }
        assumeTrue(found.isPresent(), "no JDK 17 under /usr/lib/jvm: nothing to check the build commands with");
        assumeTrue(onPath("mvn"), "no mvn on the PATH");
        return found.get();
    }

    private static String release(Path jdk) {
        try {
            return Files.readString(jdk.resolve("release"));
        } catch (IOException e) {
            return "";
        }
    }

    private static boolean onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
    }

    record Result(int exit, String output) {}

    /** Runs a command in the project folder as on a machine whose default java (and JAVA_HOME) is {@code jdk}. */
    private Result run(Path jdk, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("JAVA_HOME", jdk.toString());
        env.put("PATH", jdk.resolve("bin") + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.remove("MAVEN_OPTS");
        env.remove("JDK_JAVA_OPTIONS");
        env.remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
