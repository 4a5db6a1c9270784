package dev.heapwise.ddm.monitor.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * Asks the local adb server (127.0.0.1:5037) which local TCP ports it forwards to Android JDWP
 * processes ({@code adb forward tcp:8000 jdwp:1234}). Such ports lead to ART, which speaks DDM,
 * so HELO may be sent at once without a non-DDM probe (which would make ART load its full
 * debugger). The adb protocol here is one request: {@code host:list-forward}, answered with
 * {@code OKAY}, a 4-hex-digit length and lines {@code serial tcp:LOCAL jdwp:PID}.
 *
 * <p>Blocking (up to the timeout) and thread-safe; no state.
 */
public final class AdbForwards {
    private static final int ADB_PORT = 5037;

    private AdbForwards() {}

    /** Local ports forwarded to JDWP; empty when no adb server answers. */
    public static Set<Integer> jdwpPorts(int timeoutMillis) {
        return jdwpPorts(ADB_PORT, timeoutMillis);
    }

    /** The same, asking an adb server on another local port. */
    static Set<Integer> jdwpPorts(int adbPort, int timeoutMillis) {
        Set<Integer> ports = new HashSet<>();
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", adbPort), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            OutputStream out = s.getOutputStream();
            String request = "host:list-forward";
            out.write(String.format("%04x%s", request.length(), request).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            if (!"OKAY".equals(ascii(in, 4))) {
                return ports;
            }
            int length = Integer.parseInt(ascii(in, 4), 16);
            for (String line : ascii(in, length).split("\n")) {
                String[] parts = line.trim().split("\\s+");
                if (parts.length == 3 && parts[1].startsWith("tcp:") && parts[2].startsWith("jdwp:")) {
                    ports.add(Integer.parseInt(parts[1].substring(4)));
                }
            }
        } catch (IOException | RuntimeException noAdb) {
            // no adb server, or an answer we do not understand: nothing is known to be Android
        }
        return ports;
    }

    private static String ascii(InputStream in, int n) throws IOException {
        byte[] b = in.readNBytes(n);
        if (b.length != n) {
            throw new IOException("short adb answer");
        }
        return new String(b, StandardCharsets.US_ASCII);
    }
}
