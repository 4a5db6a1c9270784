package dev.heapwise.ddm;

/**
 * Bytes that do not follow the DDM or JDWP layout. The message is one line naming where the bytes
 * came from, the byte offset and the problem, for example
 * {@code "127.0.0.1:8001 HPSG chunk at byte 17: runs cover 1030 units but the piece declares 1024"}.
 *
 * <p>Receiving sides reject the offending chunk or packet with this exception and keep the
 * connection open; only a lost packet framing closes a connection. Immutable.
 */
public class DdmFormatException extends RuntimeException {
    private final String where;
    private final long offset;
    private final String problem;

    public DdmFormatException(String where, long offset, String problem) {
        super(where + " at byte " + offset + ": " + problem);
        this.where = where;
        this.offset = offset;
        this.problem = problem;
    }

    /** What was being read, e.g. {@code "HPSG chunk"}. */
    public String where() {
        return where;
    }

    /** Byte offset of the problem within {@link #where()}. */
    public long offset() {
        return offset;
    }

    /** The problem alone, without place and offset. */
    public String problem() {
        return problem;
    }

    /** The same problem with a prefix naming the source, e.g. the VM's address. */
    public DdmFormatException in(String source) {
        DdmFormatException e = new DdmFormatException(source + " " + where, offset, problem);
        e.setStackTrace(getStackTrace());
        return e;
    }
}
