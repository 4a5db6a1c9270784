package dev.heapwise.ddm;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A light structural read of an HPROF file, enough to tell a real dump from garbage without
 * depending on the hprof module: header, id size, then every top-level record's tag and length
 * must walk exactly to the end of the file.
 */
public final class HprofCheck {
    public record Summary(String version, int idSize, long records, long heapDumpBytes, long strings) {}

    private HprofCheck() {}

    public static Summary read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
             DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(raw, 1 << 16))) {
            StringBuilder version = new StringBuilder();
            for (int c; (c = in.read()) != 0; ) {
                if (c < 0 || version.length() > 32) {
                    throw new IOException("no HPROF header");
                }
                version.append((char) c);
            }
            if (!version.toString().startsWith("JAVA PROFILE 1.0.")) {
                throw new IOException("not an HPROF file: " + version);
            }
            int idSize = in.readInt();
            in.readLong(); // timestamp
            long records = 0;
            long heap = 0;
            long strings = 0;
            while (true) {
                int tag;
                try {
                    tag = in.readUnsignedByte();
                } catch (EOFException end) {
                    break;
                }
                in.readInt(); // time
                long length = in.readInt() & 0xffffffffL;
                in.skipNBytes(length); // EOFException here means a truncated record
                records++;
                if (tag == 0x0C || tag == 0x1C) {
                    heap += length;
                } else if (tag == 0x01) {
                    strings++;
                }
            }
            return new Summary(version.toString(), idSize, records, heap, strings);
        }
    }
}
