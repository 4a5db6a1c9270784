package dev.heapwise.ddm.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.request.BreakpointRequest;
import dev.heapwise.ddm.Await;
import dev.heapwise.ddm.ChildJvm;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * A plain HotSpot JVM with {@code -agentlib:jdwp}: the monitor must mark it plain JDWP without
 * sending it DDM (HotSpot's agent crashes the JVM on command set 0xC7), and a JDI debugger must
 * work through the monitor's "current VM" port. Loopback only.
 */
class PlainJdwpEndToEndTest {
    private static final long T = 20_000;

    @Test
    void plainVmIsListedKeepsRunningAndCanBeDebuggedThroughTheMonitor() throws Exception {
        // A fixed port: with address=...:0 HotSpot would listen on a new port after each debugger.
        int fixed = freePort();
        try (ChildJvm child = ChildJvm.start("dev.heapwise.ddm.testapp.PlainApp",
                List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:" + fixed), List.of())) {
            int port = Integer.parseInt(child.await("Listening for transport dt_socket at address:", T));
            assertThat(port).isEqualTo(fixed);
            child.await("READY", T);
            Target target = new Target("127.0.0.1", port);
            List<String> problems = new CopyOnWriteArrayList<>();
            List<String> events = new CopyOnWriteArrayList<>();
            MonitorOptions options = MonitorOptions.builder()
                    .scanPorts(Math.max(1, port - 2), Math.min(65535, port + 2))
                    .scanInterval(Duration.ofMillis(300)).pollInterval(Duration.ofMillis(200))
                    .debuggerPorts(0, 0).useAdb(false).build();
            try (Monitor monitor = Monitor.start(options, new MonitorListener() {
                @Override
                public void problem(Target t, String message) {
                    problems.add(message);
                }

                @Override
                public void vmDisconnected(Target t, String reason) {
                    events.add("disconnected: " + reason);
                }
            })) {
                VmSnapshot vm = Await.until("the plain VM", T, () -> monitor.vm(target).filter(v -> v.ddm() != null));
                assertThat(vm.ddm()).isFalse();
                assertThat(vm.vmIdent()).contains("OpenJDK");
                assertThat(vm.pid()).isNull();
                assertThat(vm.threads()).isEmpty();
                Thread.sleep(1000); // a few poll rounds: still no DDM may reach it
                assertThat(child.isAlive()).as("JVM alive; output:\n" + child.output()).isTrue();
                assertThat(monitor.vm(target)).isPresent();
                assertThat(child.output()).doesNotContain("fatal error");

                // DDM requests are refused locally instead of being sent.
                assertThat(monitor.gc(target)).failsWithin(Duration.ofSeconds(5))
                        .withThrowableOfType(ExecutionException.class).withMessageContaining("plain JDWP");

                // A JDI debugger attaches through the "current VM" port.
                monitor.select(target);
                int debugPort = monitor.selectedDebuggerPort();
                assertThat(debugPort).isPositive();
                VirtualMachine jdi;
                try {
                    jdi = attach(debugPort);
                } catch (java.io.IOException e) { // say what the monitor saw, for a failure seen once in 36 CI runs
                    throw new AssertionError("attach through the monitor failed; monitor events " + events + ", problems "
                            + problems + ", VM " + monitor.vm(target) + "; child output:\n" + child.output(), e);
                }
                try {
                    assertThat(jdi.allThreads()).extracting(ThreadReference::name).contains("main");
                    ReferenceType app = jdi.classesByName("dev.heapwise.ddm.testapp.PlainApp").get(0);
                    Method tick = app.methodsByName("tick").get(0);
                    BreakpointRequest bp = jdi.eventRequestManager().createBreakpointRequest(tick.location());
                    bp.enable();
                    BreakpointEvent hit = null;
                    long deadline = System.currentTimeMillis() + T;
                    while (hit == null && System.currentTimeMillis() < deadline) {
                        EventSet set = jdi.eventQueue().remove(1000);
                        if (set == null) {
                            continue;
                        }
                        for (Event e : set) {
                            if (e instanceof BreakpointEvent b) {
                                hit = b;
                            }
                        }
                        set.resume();
                    }
                    assertThat(hit).as("breakpoint hit").isNotNull();
                    assertThat(hit.location().method().name()).isEqualTo("tick");
                    assertThat(monitor.vm(target).orElseThrow().debuggerAttached()).isTrue();
                    bp.disable();
                } finally {
                    jdi.dispose();
                }

                // The debugger left: HotSpot drops the connection after VirtualMachine.Dispose (or
                // the monitor drops it to clear the VM's debugger state); the VM runs on and the
                // monitor lists it again.
                Await.until("the plain VM again after the debugger left", T, () -> monitor.vm(target)
                        .filter(v -> Boolean.FALSE.equals(v.ddm()) && !v.debuggerAttached()));
                assertThat(events).isNotEmpty();
                Thread.sleep(300);
                assertThat(child.isAlive()).isTrue();
                assertThat(problems).isEmpty();
            }
            assertThat(child.isAlive()).as("alive after the monitor left").isTrue();
        }
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static VirtualMachine attach(int port) throws Exception {
        AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(c -> c.name().equals("com.sun.jdi.SocketAttach")).findFirst().orElseThrow();
        Map<String, Connector.Argument> args = socket.defaultArguments();
        args.get("hostname").setValue("127.0.0.1");
        args.get("port").setValue(String.valueOf(port));
        args.get("timeout").setValue("10000");
        return socket.attach(args);
    }
}
