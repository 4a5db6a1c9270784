package dev.heapwise.ddm.monitor.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The adb server's forward list, from a scripted adb server on a free loopback port. */
class AdbForwardsTest {

    @Test
    void jdwpForwardsAreRecognised() throws Exception {
        String list = "emulator-5554 tcp:8000 jdwp:1234\nemulator-5554 tcp:9000 tcp:9000\nR58M tcp:8003 jdwp:77\n";
        AtomicReference<String> request = new AtomicReference<>();
        try (ServerSocket adb = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket s = adb.accept()) {
                    InputStream in = s.getInputStream();
                    int len = Integer.parseInt(new String(in.readNBytes(4), StandardCharsets.US_ASCII), 16);
                    request.set(new String(in.readNBytes(len), StandardCharsets.US_ASCII));
                    OutputStream out = s.getOutputStream();
                    out.write(("OKAY" + String.format("%04x", list.length()) + list).getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } catch (Exception ignored) {
                    // test fails on the assertions below
                }
            });
            server.start();
            assertThat(AdbForwards.jdwpPorts(adb.getLocalPort(), 2000)).containsExactlyInAnyOrder(8000, 8003);
            server.join(2000);
        }
        assertThat(request.get()).isEqualTo("host:list-forward");
    }

    @Test
    void noAdbServerMeansNothingIsAndroid() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        assertThat(AdbForwards.jdwpPorts(closed, 500)).isEmpty();
    }
}
