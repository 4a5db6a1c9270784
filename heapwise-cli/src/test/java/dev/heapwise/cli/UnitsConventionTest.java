package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.monitor.HeapSnapshot;
import dev.heapwise.ddm.monitor.Target;
import dev.heapwise.ddm.monitor.VmSnapshot;
import dev.heapwise.graph.Units;
import dev.heapwise.hprof.fixture.FixtureDumps;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One unit convention everywhere: sizes in binary units named KiB, MiB, GiB (powers of 1024, as the JVM
 * and MAT print them), never KB/MB/GB or a bare K/M/G after a number.
 */
class UnitsConventionTest {
    /** A number followed by a decimal-looking unit: "1.2 MB", "512KB", "5.1M /", "3 kB". */
    static final Pattern OTHER_UNITS = Pattern.compile("\\b\\d+(?:[.,]\\d+)?\\s?(?:[KMGT]B|kB|[KMGT])(?![\\w-])");
    private static final Pattern BINARY_UNITS = Pattern.compile("\\b\\d+(?:\\.\\d+)? (?:KiB|MiB|GiB)\\b");
    /** A string literal of the main sources that names a decimal-looking unit ("%d MB", " KB"). */
    private static final Pattern LITERAL_UNIT = Pattern.compile("\"(?:[^\"\\\\\n]|\\\\.)*(?<![\\w.])(?:[KMGT]B|kB)(?!\\w)(?:[^\"\\\\\n]|\\\\.)*\"");

    @TempDir
    Path dir;

    @Test
    void unitsBytesIsBinary() {
        assertThat(Units.bytes(812)).isEqualTo("812 B");
        assertThat(Units.bytes(1536)).isEqualTo("1.5 KiB");
        assertThat(Units.bytes(5L << 20)).isEqualTo("5.0 MiB");
        assertThat(Units.bytes(3L << 30)).isEqualTo("3.0 GiB");
    }

    @Test
    void theCommandsPrintBinaryUnits() throws Exception {
        String dump = FixtureDumps.get().plain.toString();
        StringBuilder all = new StringBuilder();
        List<String[]> commands = List.of(
                new String[] {"info", dump},
                new String[] {"histogram", dump, "--top", "20", "--sort", "retained"},
                new String[] {"dominators", dump, "--top", "10", "--depth", "2"},
                new String[] {"dominators", dump, "--group-by", "package", "--top", "10"},
                new String[] {"suspects", dump, "--threshold", "1"},
                new String[] {"waste", dump},
                new String[] {"leaks", dump, "--class", "java.lang.Thread"},
                new String[] {"compare", dump, dump},
                new String[] {"microej", "types", dump, "--top", "10"},
                new String[] {"microej", "dominators", dump});
        for (String[] c : commands) {
            CliRun r = CliRun.run(c);
            assertThat(r.exit()).as(String.join(" ", c) + ": " + r.err()).isZero();
            all.append(r.out()).append(r.err());
        }
        Path html = dir.resolve("report.html");
        assertThat(CliRun.run("report", dump, "-o", html.toString(), "--quiet").exit()).isZero();
        all.append(Files.readString(html));
        all.append(MonitorTableProbe.render());
        all.append(outOfMemoryLine());
        assertThat(forbidden(all)).as("sizes in other units than KiB/MiB/GiB").isEmpty();
        assertThat(BINARY_UNITS.matcher(all).find()).as("the outputs show sizes at all").isTrue();
    }

    @Test
    void noMessageOfTheSourcesWritesDecimalUnits() throws IOException {
        Path project = Path.of(System.getProperty("heapwise.project.dir", ".."));
        List<String> found = new ArrayList<>();
        try (Stream<Path> modules = Files.list(project)) {
            for (Path main : modules.filter(m -> m.getFileName().toString().startsWith("heapwise-"))
                    .map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> files = Files.walk(main)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        String[] lines = Files.readString(f).split("\n");
                        for (int i = 0; i < lines.length; i++) {
                            if (lines[i].strip().startsWith("*") || lines[i].strip().startsWith("//")) {
                                continue; // comments may speak of sizes in any words
                            }
                            Matcher m = LITERAL_UNIT.matcher(lines[i]);
                            while (m.find()) {
                                found.add(project.relativize(f) + ":" + (i + 1) + ": " + m.group());
                            }
                        }
                    }
                }
            }
        }
        assertThat(found).as("printed units must be KiB, MiB, GiB").isEmpty();
    }

    static List<String> forbidden(CharSequence text) {
        List<String> out = new ArrayList<>();
        Matcher m = OTHER_UNITS.matcher(text);
        while (m.find()) {
            int from = Math.max(0, m.start() - 40);
            out.add(text.subSequence(from, Math.min(text.length(), m.end() + 10)).toString().replace('\n', ' '));
        }
        return out;
    }

    private static String outOfMemoryLine() {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            ErrorReporter.outOfMemory();
        } finally {
            System.setErr(old);
        }
        String line = err.toString(StandardCharsets.UTF_8);
        assertThat(line).contains(" MiB)");
        return line;
    }

    /** The live monitor's table, of a VM with a 5 MiB heap in use. */
    static final class MonitorTableProbe {
        static String render() throws Exception {
            VmSnapshot vm = new VmSnapshot(Target.parse("127.0.0.1:8001"), true, 42, "VM", "app", null, false, List.of(),
                    8601, false, false, List.of(), List.of(new HeapSnapshot(1, 128L << 20, 64L << 20, 5L << 20, 1000, 0)), null);
            Class<?> table = Class.forName("dev.heapwise.cli.ddm.MonitorTable");
            Method render = table.getDeclaredMethod("render", List.class, String.class);
            render.setAccessible(true);
            String text = (String) render.invoke(null, List.of(vm), "heapwise monitor");
            assertThat(text).contains("5.0 MiB / 64.0 MiB / 128.0 MiB");
            return text;
        }
    }
}
