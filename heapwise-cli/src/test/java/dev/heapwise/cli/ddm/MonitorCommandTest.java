package dev.heapwise.cli.ddm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.cli.CliRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heapwise monitor} and {@code heapwise agent-path} against a real child JVM that runs the
 * packaged agent jar (so these tests need {@code heapwise-ddm/target/heapwise-ddm.jar}, which the
 * reactor build makes before the CLI's tests run). Loopback only, free ports only.
 */
class MonitorCommandTest {
    private static Process child;
    private static int port;
    private static Path agentJar;

    @BeforeAll
    static void startChild() throws Exception {
        agentJar = AgentJarLocator.find().orElseThrow(() -> new AssertionError(
                "agent jar not built; looked at " + AgentJarLocator.candidates()));
        String classes = Path.of(SleeperApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-javaagent:" + agentJar + "=port=0,name=cli-test-app", "-cp", classes, SleeperApp.class.getName())
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        for (String line; (line = out.readLine()) != null; ) {
            seen.add(line);
            if (line.startsWith("heapwise-ddm agent: DDM on ")) {
                port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim());
            }
            if (line.equals("READY")) {
                break;
            }
        }
        assertThat(port).as("agent port; child said " + seen).isPositive();
    }

    @AfterAll
    static void stopChild() throws InterruptedException {
        if (child != null) {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }



    private static String[] monitor(String... more) {
        List<String> args = new ArrayList<>(List.of("monitor", "--ports", port + "-" + port, "--wait", "15000",
                "--interval", "200", "--scan-interval", "300", "--debug-port-base", "0", "--selected-debug-port", "0"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void onceJsonHasExactlyTheDocumentedNames() throws Exception {
        CliRun r = CliRun.run(monitor("--once", "--json"));
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(names(doc)).containsExactly("vms");
        assertThat(doc.get("vms")).hasSize(1);
        JsonNode vm = doc.get("vms").get(0);
        assertThat(names(vm)).containsExactly("target", "ddm", "pid", "vmIdent", "appName", "debuggerPort", "threads", "heaps");
        assertThat(vm.get("target").asText()).isEqualTo("127.0.0.1:" + port);
        assertThat(vm.get("ddm").asBoolean()).isTrue();
        assertThat(vm.get("pid").asLong()).isEqualTo(child.pid());
        assertThat(vm.get("appName").asText()).isEqualTo("cli-test-app");
        assertThat(vm.get("vmIdent").asText()).contains(System.getProperty("java.vm.name"));
        assertThat(vm.get("debuggerPort").asInt()).isPositive();
        JsonNode thread = vm.get("threads").get(0);
        assertThat(names(thread)).containsExactly("id", "name", "status");
        List<String> threadNames = new ArrayList<>();
        vm.get("threads").forEach(t -> threadNames.add(t.get("name").asText()));
        assertThat(threadNames).contains("main");
        JsonNode heap = vm.get("heaps").get(0);
        assertThat(names(heap)).containsExactly("id", "maxBytes", "sizeBytes", "allocatedBytes", "allocatedObjects");
        assertThat(heap.get("maxBytes").asLong()).isEqualTo(64L << 20);
        assertThat(heap.get("allocatedBytes").asLong()).isPositive().isLessThanOrEqualTo(heap.get("sizeBytes").asLong());
    }

    @Test
    void onceTableNamesTheVm() {
        CliRun r = CliRun.run(monitor("--once"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("127.0.0.1:" + port).contains("cli-test-app").contains("yes").contains("main");
    }

    @Test
    void heapBitmapWritesAPng(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("heap.png");
        CliRun r = CliRun.run(monitor("--heap-bitmap", "cli-test-app", "-o", png.toString(), "--json"));
        assertThat(r.exit()).as(r.err()).isZero();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("output").asText()).isEqualTo(png.toAbsolutePath().toString());
        assertThat(doc.get("totalBytes").asLong()).isPositive();
        assertThat(doc.get("usedBytes").asLong() + doc.get("freeBytes").asLong()).isEqualTo(doc.get("totalBytes").asLong());
        assertThat(doc.get("byKindAndSolidity")).isNotEmpty();
    }

    @Test
    void dumpLeavesAnHprofFileAndPrintsItsPath(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("child.hprof");
        CliRun r = CliRun.run(monitor("--dump", String.valueOf(port), "-o", file.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().trim()).isEqualTo(file.toAbsolutePath().toString());
        byte[] head = new byte[18];
        try (var in = Files.newInputStream(file)) {
            assertThat(in.readNBytes(head, 0, head.length)).isEqualTo(18);
        }
        assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("JAVA PROFILE 1.0.2");
        assertThat(Files.size(file)).isGreaterThan(100_000);
    }

    @Test
    void agentPathPrintsTheAgentJar() throws Exception {
        CliRun r = CliRun.run("agent-path");
        assertThat(r.exit()).isZero();
        Path printed = Path.of(r.out().trim());
        assertThat(printed).isAbsolute().isEqualTo(agentJar);
        assertThat(AgentJarLocator.isAgentJar(printed)).isTrue();
        CliRun json = CliRun.run("agent-path", "--json");
        assertThat(new ObjectMapper().readTree(json.out()).get("agentJar").asText()).isEqualTo(printed.toString());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        CliRun badRange = CliRun.run("monitor", "--ports", "9-1", "--once");
        assertThat(badRange.exit()).isEqualTo(2);
        assertThat(badRange.err().trim()).isEqualTo(
                "heapwise: --ports 9-1: expected FIRST-LAST with 1 <= FIRST <= LAST <= 65535, or none");
        CliRun noOutput = CliRun.run(monitor("--heap-bitmap", "x"));
        assertThat(noOutput.exit()).isEqualTo(2);
        assertThat(noOutput.err()).contains("--heap-bitmap needs -o FILE.png");
        CliRun noDir = CliRun.run(monitor("--dump", "x", "-o", "/no/such/dir/x.hprof"));
        assertThat(noDir.exit()).isEqualTo(2);
        assertThat(noDir.err().trim()).isEqualTo("heapwise: -o /no/such/dir/x.hprof: the directory /no/such/dir does not exist");
        CliRun unknownVm = CliRun.run("monitor", "--ports", port + "-" + port, "--gc", "no-such-vm", "--wait", "300",
                "--no-debug-ports");
        assertThat(unknownVm.exit()).isEqualTo(2);
        assertThat(unknownVm.err()).startsWith("heapwise: no VM matches \"no-such-vm\"").doesNotContain("Exception");
    }

    @Test
    void aNamedTargetThatDoesNotConnectSaysWhyAndExitsTwo() throws Exception {
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort(); // free again once closed: nothing listens there
        }
        CliRun r = CliRun.run("monitor", "--ports", "none", "-t", "127.0.0.1:" + closed, "--no-debug-ports", "--once",
                "--wait", "1500");
        assertThat(r.exit()).as("a target that does not answer is bad input").isEqualTo(2);
        assertThat(r.out()).contains("no VMs found yet");
        assertThat(r.err().trim()).isEqualTo("heapwise: 127.0.0.1:" + closed + ": nothing listens there");
        CliRun json = CliRun.run("monitor", "--ports", "none", "-t", "127.0.0.1:" + closed, "--no-debug-ports", "--once",
                "--json", "--wait", "1500");
        assertThat(json.exit()).isEqualTo(2);
        assertThat(json.json().get("vms")).isEmpty();
        assertThat(json.err().trim()).isEqualTo("heapwise: 127.0.0.1:" + closed + ": nothing listens there");
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}
