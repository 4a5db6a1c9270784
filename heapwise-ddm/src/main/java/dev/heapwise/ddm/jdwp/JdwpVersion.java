package dev.heapwise.ddm.jdwp;

import dev.heapwise.ddm.internal.PayloadReader;
import dev.heapwise.ddm.internal.PayloadWriter;
import java.nio.charset.StandardCharsets;

/**
 * The reply to JDWP {@code VirtualMachine.Version} (command set 1, command 1): the one standard
 * JDWP command the monitor sends, to learn whether a peer is a full JDWP VM before risking DDM.
 * JDWP strings are a u4 byte length and modified UTF-8 (read here as UTF-8). Immutable and
 * thread-safe; no I/O.
 */
public record JdwpVersion(String description, int jdwpMajor, int jdwpMinor, String vmVersion, String vmName) {
    /** Command set of {@code VirtualMachine}. */
    public static final int COMMAND_SET = 1;
    /** Command {@code Version}. */
    public static final int COMMAND = 1;

    /** Parses the data of a successful reply. */
    public static JdwpVersion parse(byte[] data) {
        PayloadReader r = new PayloadReader("VirtualMachine.Version reply", data, 0, data.length);
        String description = utf8(r, "description");
        int major = r.s4("jdwpMajor");
        int minor = r.s4("jdwpMinor");
        String vmVersion = utf8(r, "vmVersion");
        String vmName = utf8(r, "vmName");
        return new JdwpVersion(description, major, minor, vmVersion, vmName);
    }

    /** Encodes the reply data. */
    public byte[] encode() {
        PayloadWriter w = new PayloadWriter();
        putUtf8(w, description);
        w.u4(jdwpMajor).u4(jdwpMinor);
        putUtf8(w, vmVersion);
        putUtf8(w, vmName);
        return w.toByteArray();
    }

    /** True when the VM is Android's (ART and Dalvik report {@code java.vm.name} "Dalvik"). */
    public boolean isAndroid() {
        String all = (vmName + " " + description).toLowerCase(java.util.Locale.ROOT);
        return all.contains("dalvik") || all.contains("android") || all.contains(" art ");
    }

    private static String utf8(PayloadReader r, String field) {
        int len = r.count(field + " length", 1);
        String s = new String(r.array(), r.absolutePosition(), len, StandardCharsets.UTF_8);
        r.skip(len, field);
        return s;
    }

    private static void putUtf8(PayloadWriter w, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        w.u4(b.length).bytes(b);
    }
}
