package dev.heapwise.ddm.jdwp;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * One JDWP packet: an 11-byte header (u4 length, u4 id, u1 flags, then either u1 command set and
 * u1 command, or u2 error code when the 0x80 reply flag is set) and its data.
 *
 * <p>Immutable by contract ({@link #data()} is not copied). Thread-safe when that contract holds.
 */
public final class JdwpPacket {
    /** Header size in bytes. */
    public static final int HEADER_SIZE = 11;
    /** The flag bit that marks a reply. */
    public static final int FLAG_REPLY = 0x80;
    /** Command set of DDM packets. */
    public static final int DDM_COMMAND_SET = 0xC7;
    /** Command of DDM packets within {@link #DDM_COMMAND_SET}. */
    public static final int DDM_COMMAND = 0x01;

    private static final byte[] NO_DATA = new byte[0];

    private final int id;
    private final int flags;
    private final int commandSet;
    private final int command;
    private final int errorCode;
    private final byte[] data;

    private JdwpPacket(int id, int flags, int commandSet, int command, int errorCode, byte[] data) {
        this.id = id;
        this.flags = flags & 0xff;
        this.commandSet = commandSet & 0xff;
        this.command = command & 0xff;
        this.errorCode = errorCode & 0xffff;
        this.data = Objects.requireNonNull(data);
    }

    /** A command packet. */
    public static JdwpPacket command(int id, int commandSet, int command, byte[] data) {
        return new JdwpPacket(id, 0, commandSet, command, 0, data == null ? NO_DATA : data);
    }

    /** A DDM command packet (command set 0xC7, command 1) carrying encoded chunks. */
    public static JdwpPacket ddm(int id, byte[] chunks) {
        return command(id, DDM_COMMAND_SET, DDM_COMMAND, chunks);
    }

    /** A reply packet. */
    public static JdwpPacket reply(int id, int errorCode, byte[] data) {
        return new JdwpPacket(id, FLAG_REPLY, 0, 0, errorCode, data == null ? NO_DATA : data);
    }

    /** Rebuilds a packet from header fields as read from the wire. */
    static JdwpPacket fromHeader(int id, int flags, int b9, int b10, byte[] data) {
        if ((flags & FLAG_REPLY) != 0) {
            return new JdwpPacket(id, flags, 0, 0, (b9 << 8) | b10, data);
        }
        return new JdwpPacket(id, flags, b9, b10, 0, data);
    }

    public int id() {
        return id;
    }

    public int flags() {
        return flags;
    }

    public boolean isReply() {
        return (flags & FLAG_REPLY) != 0;
    }

    /** Command set; 0 for replies. */
    public int commandSet() {
        return commandSet;
    }

    /** Command; 0 for replies. */
    public int command() {
        return command;
    }

    /** Error code of a reply; 0 means no error; 0 for commands. */
    public int errorCode() {
        return errorCode;
    }

    /** True for a DDM command (command set 0xC7, command 1). Replies carry no such mark. */
    public boolean isDdmCommand() {
        return !isReply() && commandSet == DDM_COMMAND_SET && command == DDM_COMMAND;
    }

    /** The data after the header (not a copy). */
    public byte[] data() {
        return data;
    }

    /** Total length on the wire, header included. */
    public int length() {
        return HEADER_SIZE + data.length;
    }

    /** The same packet with another id (for request-id mapping). */
    public JdwpPacket withId(int newId) {
        return new JdwpPacket(newId, flags, commandSet, command, errorCode, data);
    }

    /** The header and data as one array. */
    public byte[] encode() {
        byte[] out = new byte[length()];
        writeHeader(out, length(), id, flags, isReply() ? errorCode >>> 8 : commandSet,
                isReply() ? errorCode & 0xff : command);
        System.arraycopy(data, 0, out, HEADER_SIZE, data.length);
        return out;
    }

    /** Writes the packet; the caller serialises concurrent writers and flushes. */
    public void writeTo(OutputStream out) throws IOException {
        out.write(encode());
    }

    /** Writes an 11-byte header into {@code out[0..11)}. */
    public static void writeHeader(byte[] out, int length, int id, int flags, int b9, int b10) {
        out[0] = (byte) (length >>> 24);
        out[1] = (byte) (length >>> 16);
        out[2] = (byte) (length >>> 8);
        out[3] = (byte) length;
        out[4] = (byte) (id >>> 24);
        out[5] = (byte) (id >>> 16);
        out[6] = (byte) (id >>> 8);
        out[7] = (byte) id;
        out[8] = (byte) flags;
        out[9] = (byte) b9;
        out[10] = (byte) b10;
    }

    @Override
    public String toString() {
        return isReply()
                ? "reply#" + id + "(error " + errorCode + ", " + data.length + " bytes)"
                : "command#" + id + "(" + commandSet + "/" + command + ", " + data.length + " bytes)";
    }
}
