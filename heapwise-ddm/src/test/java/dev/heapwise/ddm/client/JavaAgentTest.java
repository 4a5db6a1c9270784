package dev.heapwise.ddm.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Await;
import dev.heapwise.ddm.ChildJvm;
import dev.heapwise.ddm.monitor.Monitor;
import dev.heapwise.ddm.monitor.MonitorOptions;
import dev.heapwise.ddm.monitor.Target;
import dev.heapwise.ddm.monitor.VmSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client library as {@code -javaagent} on an application that knows nothing about it. The
 * packaged jar does not exist yet when unit tests run, so the test builds an equivalent one from
 * the compiled classes, with the same manifest attributes the pom sets.
 */
class JavaAgentTest {
    private static final long T = 20_000;

    @Test
    void agentServesDdmWithoutCodeChanges(@TempDir Path tmp) throws Exception {
        Path agent = agentJar(tmp.resolve("heapwise-ddm-agent.jar"));
        try (ChildJvm app = ChildJvm.start("dev.heapwise.ddm.testapp.PlainApp",
                List.of("-javaagent:" + agent + "=port=0,name=agent-app,quiet=false"), List.of(), testAppOnly())) {
            String announced = app.await("heapwise-ddm agent: DDM on ", T);
            int port = Integer.parseInt(announced.substring(announced.lastIndexOf(':') + 1));
            app.await("READY", T);
            MonitorOptions options = MonitorOptions.builder().scanPorts(port, port)
                    .scanInterval(Duration.ofMillis(300)).pollInterval(Duration.ofMillis(200))
                    .noDebuggerPorts().useAdb(false).build();
            try (Monitor monitor = Monitor.start(options)) {
                VmSnapshot vm = Await.until("the agent's VM", T, () -> monitor.vm(new Target("127.0.0.1", port))
                        .filter(v -> Boolean.TRUE.equals(v.ddm()) && !v.threads().isEmpty() && !v.heaps().isEmpty()));
                assertThat(vm.appName()).isEqualTo("agent-app");
                assertThat(vm.pid()).isEqualTo((int) app.pid());
                assertThat(vm.threads()).extracting(t -> t.name()).contains("main");
                assertThat(vm.debuggerPort()).isNull();
            }
        }
    }

    @Test
    void badAgentOptionsLeaveTheApplicationRunning(@TempDir Path tmp) throws Exception {
        Path agent = agentJar(tmp.resolve("agent.jar"));
        try (ChildJvm app = ChildJvm.start("dev.heapwise.ddm.testapp.PlainApp",
                List.of("-javaagent:" + agent + "=port=banana"), List.of(), testAppOnly())) {
            assertThat(app.await("heapwise-ddm agent:", T)).contains("port=banana is not a number");
            app.await("READY", T);
            assertThat(app.isAlive()).isTrue();
        }
    }

    /** Only the test application's classes: the agent jar must bring everything else. */
    private static String testAppOnly() {
        return Path.of(dev.heapwise.ddm.testapp.PlainApp.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .toString();
    }

    static Path agentJar(Path jar) throws IOException {
        Path classes = Path.of(DdmAgent.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Premain-Class", DdmAgent.class.getName());
        m.getMainAttributes().putValue("Agent-Class", DdmAgent.class.getName());
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream j = new JarOutputStream(out, m);
             Stream<Path> files = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                j.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, j);
                j.closeEntry();
            }
        }
        return jar;
    }
}
