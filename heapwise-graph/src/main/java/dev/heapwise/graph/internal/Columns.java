package dev.heapwise.graph.internal;

/** The file names of an index folder. See ARCHITECTURE.md for the layout of each. */
public final class Columns {
    /** Object ids in index order (Elias–Fano): the index of an id is its rank. */
    public static final String IDS = "objects.ids";
    /** Class index per object (bit-packed). */
    public static final String CLASS = "objects.class";
    /** Position of each object's record in the content (Elias–Fano when ascending, else bit-packed). */
    public static final String POSITIONS = "objects.pos";
    /** Runs of {@link #POSITIONS} when it is stored run-adjusted: (first index, delta) pairs. */
    public static final String POSITION_RUNS = "objects.pos-runs";
    /** Shallow size per object in size units, one byte; 255 means "see the overflow table". */
    public static final String SIZES = "objects.size";
    /** Sorted (index, size) pairs for objects whose size does not fit the byte column. */
    public static final String SIZE_OVERFLOW = "objects.size-overflow";
    /** Heap index per object (bit-packed); absent when the dump has one heap. */
    public static final String HEAPS = "objects.heap";
    public static final String OUT_OFFSETS = "refs.out.offsets";
    public static final String OUT_REFS = "refs.out";
    public static final String IN_OFFSETS = "refs.in.offsets";
    public static final String IN_REFS = "refs.in";
    public static final String CLASSES = "classes.bin";
    public static final String ROOTS = "roots.bin";
    public static final String THREADS = "threads.bin";
    /** Gzip member table (file offset, content offset) for dumps read per gzip member. */
    public static final String GZIP_BLOCKS = "content.blocks";
    /** Analyses' own files live under this prefix. */
    public static final String ATTACHMENT_PREFIX = "extra.";

    private Columns() {}
}
