package dev.heapwise.hprof.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The HPROF file header: the format name, the id size and the dump's timestamp. */
public record HprofHeader(String format, int idSize, long timestampMillis) {

    static HprofHeader read(RecordInput in) throws IOException {
        byte[] name = new byte[64];
        int n = 0;
        try {
            for (int b; (b = in.u1()) != 0; ) {
                if (n == name.length || b < 0x20 || b > 0x7E) {
                    throw in.error(0, "not an HPROF dump (no \"JAVA PROFILE\" header)");
                }
                name[n++] = (byte) b;
            }
        } catch (RecordInput.Truncated t) {
            throw in.error(0, n == 0 ? "empty file: not an HPROF dump" : "not an HPROF dump (the header is cut short)");
        }
        String format = new String(name, 0, n, StandardCharsets.US_ASCII);
        if (!format.startsWith("JAVA PROFILE ")) {
            throw in.error(0, "not an HPROF dump (header \"" + format + "\")");
        }
        if (!format.equals("JAVA PROFILE 1.0.1") && !format.equals("JAVA PROFILE 1.0.2")
                && !format.equals("JAVA PROFILE 1.0.3")) {
            throw in.error(0, "unsupported HPROF version \"" + format + "\"");
        }
        long idAt = in.position();
        int idSize;
        long time;
        try {
            idSize = in.i4();
            time = in.i8();
        } catch (RecordInput.Truncated t) {
            throw in.error(idAt, "the dump ends inside its header");
        }
        if (idSize != 4 && idSize != 8) {
            throw in.error(idAt, "id size " + idSize + " is not 4 or 8");
        }
        return new HprofHeader(format, idSize, time);
    }

    public boolean android() {
        return format.equals("JAVA PROFILE 1.0.3");
    }
}
