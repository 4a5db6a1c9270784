package dev.heapwise.ddm.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Await;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The monitor's debugger ports: a debugger that attaches to the "current VM" port while the monitor
 * has no connection to that VM (it is not up yet, or the monitor is reconnecting) is kept waiting,
 * not cut off after its handshake, and is served once the monitor connects; and a scan range that
 * covers the monitor's own debugger port does not make it connect to itself. Loopback only.
 */
class DebuggerPortsTest {
    private static final long T = 20_000;

    @Test
    void aDebuggerBeforeTheVmIsServedOnceTheMonitorConnects() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort(); // nothing listens there until the fake VM starts below
        }
        Target target = new Target("127.0.0.1", port);
        MonitorOptions options = MonitorOptions.builder().noScan().target(target).scanInterval(Duration.ofMillis(200))
                .pollInterval(Duration.ofSeconds(30)).debuggerPorts(0, 0).useAdb(false).build();
        try (Monitor monitor = Monitor.start(options)) {
            monitor.select(target);
            assertThat(monitor.vm(target)).isEmpty();
            try (Socket debugger = new Socket("127.0.0.1", monitor.selectedDebuggerPort())) {
                debugger.setSoTimeout((int) T);
                InputStream in = debugger.getInputStream();
                OutputStream out = debugger.getOutputStream();
                JdwpHandshake.initiate(in, out);
                out.write(JdwpPacket.command(5, 100, 1, null).encode()); // waits in the socket until attached
                out.flush();
                try (FakeDdmVm vm = new FakeDdmVm(port)) {
                    Await.until("the VM connected", T, () -> monitor.vm(target));
                    JdwpPacket reply = new JdwpPacketReader(in, 1 << 20, null).read();
                    assertThat(reply).isNotNull();
                    assertThat(reply.isReply()).isTrue();
                    assertThat(reply.id()).isEqualTo(5);
                    assertThat(reply.data()).isEqualTo(FakeDdmVm.pattern(10_000));
                    assertThat(monitor.vm(target).orElseThrow().debuggerAttached()).isTrue();
                }
            }
        }
    }

    @Test
    void theMonitorDoesNotTakeItsOwnDebuggerPortForAVm() throws Exception {
        int own;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            own = probe.getLocalPort();
        }
        // The scan covers the "current VM" port, which answers the JDWP handshake as a VM would.
        MonitorOptions options = MonitorOptions.builder().scanPorts(own, own).scanInterval(Duration.ofMillis(100))
                .debuggerPorts(0, own).useAdb(false).build();
        try (Monitor monitor = Monitor.start(options)) {
            assertThat(monitor.selectedDebuggerPort()).isEqualTo(own);
            assertThat(monitor.awaitSettled(Duration.ofSeconds(10))).isTrue();
            Thread.sleep(500); // several scan rounds
            assertThat(monitor.vms()).isEmpty();
        }
    }
}
