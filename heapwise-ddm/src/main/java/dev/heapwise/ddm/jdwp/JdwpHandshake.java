package dev.heapwise.ddm.jdwp;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The JDWP handshake: both sides send the 14 ASCII bytes {@code JDWP-Handshake}; the side that
 * connects sends first. Calls block on the streams; stateless and thread-safe.
 */
public final class JdwpHandshake {
    private static final byte[] BYTES = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);

    /** Length of the handshake in bytes. */
    public static final int LENGTH = BYTES.length;

    private JdwpHandshake() {}

    /** A copy of the handshake bytes. */
    public static byte[] bytes() {
        return BYTES.clone();
    }

    /** The connecting side: send, then expect the echo. Blocks until 14 bytes arrive or EOF. */
    public static void initiate(InputStream in, OutputStream out) throws IOException {
        out.write(BYTES);
        out.flush();
        expect(in);
    }

    /** The accepting side: expect the handshake, then echo it. */
    public static void accept(InputStream in, OutputStream out) throws IOException {
        expect(in);
        out.write(BYTES);
        out.flush();
    }

    private static void expect(InputStream in) throws IOException {
        byte[] got = in.readNBytes(LENGTH);
        if (got.length < LENGTH) {
            throw new EOFException("connection closed during the JDWP handshake after " + got.length + " bytes");
        }
        if (!Arrays.equals(got, BYTES)) {
            throw new JdwpHandshakeException(got);
        }
    }

    /** The peer sent something other than the handshake: it is not a JDWP endpoint. */
    public static final class JdwpHandshakeException extends IOException {
        JdwpHandshakeException(byte[] got) {
            super("not a JDWP peer: expected \"JDWP-Handshake\" but got " + printable(got));
        }

        private static String printable(byte[] b) {
            StringBuilder sb = new StringBuilder("\"");
            for (byte x : b) {
                int c = x & 0xff;
                sb.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
            }
            return sb.append('"').toString();
        }
    }
}
