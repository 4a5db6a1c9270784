package dev.heapwise.ddm;

/**
 * The four-character chunk type codes of DDM, as big-endian ints ({@code "HELO"} is
 * {@code 0x48454c4f}). Pure functions and constants: thread-safe, no I/O, no allocation except
 * {@link #name(int)}.
 */
public final class ChunkType {
    /** Hello: server version (to the VM); VM identity (from the VM). */
    public static final int HELO = of("HELO");
    /** Feature list request / reply. */
    public static final int FEAT = of("FEAT");
    /** Application name changed (from the VM). */
    public static final int APNM = of("APNM");
    /** Threads are waiting for something, e.g. a debugger (from the VM). */
    public static final int WAIT = of("WAIT");
    /** The debugger disconnected (to the VM); acknowledgement (from the VM). */
    public static final int DBGD = of("DBGD");
    /** Enable/disable thread creation and death notifications. */
    public static final int THEN = of("THEN");
    /** Thread created. */
    public static final int THCR = of("THCR");
    /** Thread died. */
    public static final int THDE = of("THDE");
    /** Thread status request / report. */
    public static final int THST = of("THST");
    /** Heap info request / report. */
    public static final int HPIF = of("HPIF");
    /** Heap segment request / heap segment data. */
    public static final int HPSG = of("HPSG");
    /** Heap segment data with runs ending at object boundaries. */
    public static final int HPSO = of("HPSO");
    /** Native heap segment request / data. */
    public static final int NHSG = of("NHSG");
    /** Heap start (VM heap). */
    public static final int HPST = of("HPST");
    /** Heap end (VM heap). */
    public static final int HPEN = of("HPEN");
    /** Heap start (native heap). */
    public static final int NHST = of("NHST");
    /** Heap end (native heap). */
    public static final int NHEN = of("NHEN");
    /** Failure reply: error code and message. */
    public static final int FAIL = of("FAIL");
    /** Ask the VM to exit. */
    public static final int EXIT = of("EXIT");
    /** Run a garbage collection now. */
    public static final int HPGC = of("HPGC");
    /** Dump the heap to a file on the VM's side. */
    public static final int HPDU = of("HPDU");
    /** Dump the heap and stream it back over the connection. */
    public static final int HPDS = of("HPDS");
    /** A zlib-compressed chunk wrapping another chunk. */
    public static final int ZLIB = of("ZLIB");
    /** Recent allocation tracking: enable. */
    public static final int REAE = of("REAE");
    /** Recent allocation tracking: query status. */
    public static final int REAQ = of("REAQ");
    /** Recent allocation tracking: the records. */
    public static final int REAL = of("REAL");

    private ChunkType() {}

    /** The type code of a four-character ASCII name. */
    public static int of(String name) {
        if (name.length() != 4) {
            throw new IllegalArgumentException("a chunk type has 4 characters: \"" + name + "\"");
        }
        int type = 0;
        for (int i = 0; i < 4; i++) {
            char c = name.charAt(i);
            if (c > 0x7f) {
                throw new IllegalArgumentException("a chunk type is ASCII: \"" + name + "\"");
            }
            type = (type << 8) | c;
        }
        return type;
    }

    /** The four characters of a type, or {@code 0x........} when they are not printable ASCII. */
    public static String name(int type) {
        char[] chars = new char[4];
        for (int i = 0; i < 4; i++) {
            int c = (type >>> (24 - 8 * i)) & 0xff;
            if (c < 0x20 || c > 0x7e) {
                return String.format("0x%08x", type);
            }
            chars[i] = (char) c;
        }
        return new String(chars);
    }
}
