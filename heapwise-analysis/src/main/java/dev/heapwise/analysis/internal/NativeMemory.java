package dev.heapwise.analysis.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Big blocks of native memory for per-object arrays, recycled within the process.
 *
 * <p>Why not {@link Arena#allocate}: it takes memory from {@code malloc} and zeroes it, touching
 * every 4 KB page, and the analyses allocate and free gigabytes of such arrays. What costs is the
 * first touch of a page: on a virtual machine that hands freed memory back to its host, a fresh page
 * costs a fault in the guest and one in the host (measured here: 0.7 to 2.8 s per GB, against 0.1 s
 * per GB for memory the process used before). So, on Linux, blocks of 4 MB and more come from an
 * anonymous {@code mmap} (zero-filled by the kernel, nothing to clear), aligned to 2 MB, and a
 * closed block goes back to a pool instead of to the kernel: the next phase reuses the pages the
 * previous one faulted in. {@link #trim} gives the pool back when a computation is over. Elsewhere,
 * or if {@code mmap} is unavailable, blocks come from an {@link Arena}.
 *
 * <p>Blocks use the kernel's ordinary 4 KB pages unless {@code -Dheapwise.nativeMemory.hugePages=true}
 * marks them {@code MADV_HUGEPAGE}. Huge pages mean 512 times fewer faults and fewer TLB misses, but
 * a guest that reports free memory to its host reports only free blocks of 2 MB and more: a huge
 * page is always such a block, so its first touch costs the host faults, while 4 KB pages come first
 * from the smaller free fragments the guest still has backed. On the benchmark VM the
 * {@code dominators} command took 5.8-6.3 s with 4 KB pages against 6.9-8.7 s with huge pages, its
 * system time 0.9 s against 2.8-3.4 s (BENCHMARKS.md, "Huge pages or not").
 *
 * <p>When memory is short, big blocks go to files instead: before mapping new anonymous memory,
 * the total this class holds is checked against what the system (or the process's container) had
 * available when the first of them was mapped ({@link MemoryBudget}), less what the Java heap may
 * still grow and a reserve for page cache. A block that does not fit is a shared mapping of a
 * scratch file in the {@link #spillTo spill folder} (by default {@code java.io.tmpdir}), deleted as
 * soon as it is mapped: the kernel can write such pages out and read them back, so a computation
 * bigger than memory finishes, slower, instead of being killed. Nothing is left behind if the
 * process dies.
 *
 * <p>Cost: a system call per new block; a recycled block is cleared with a memset when asked to be
 * zeroed; a spilled block costs a file creation and its pages cost disk traffic. Thread-safe.
 */
public final class NativeMemory {
    private static final long HUGE = 2L << 20;
    /** Pages are faulted in this much at a time, so that a writer starting at the front finds its first ones soon. */
    private static final long POPULATE_SLICE = HUGE * 16;
    /** Smaller blocks are not worth a mapping of their own. */
    private static final long MAP_AT_LEAST = 4L << 20;
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS_NORESERVE = 0x02 | 0x20 | 0x4000;
    private static final int MADV_HUGEPAGE = 14;
    private static final int MADV_DONTNEED = 4;
    /** Linux 5.14 and later: faults pages in, writable, without changing what they hold. */
    private static final int MADV_POPULATE_WRITE = 23;
    /** Whether blocks are marked {@code MADV_HUGEPAGE} (see the class comment for why not by default). */
    private static final boolean HUGE_PAGES = Boolean.getBoolean("heapwise.nativeMemory.hugePages");
    /** Prints each budget and each block that spills, on stderr. */
    private static final boolean DEBUG = Boolean.getBoolean("heapwise.nativeMemory.debug");
    /** Kept free beyond the Java heap's growth, at least: page cache for the mapped index, and the rest. */
    private static final long RESERVE = 256L << 20;

    /** Bytes of big anonymous blocks held, in use or pooled; guarded by the class lock. */
    private static long held;
    /** How many bytes {@link #held} may reach: fixed when the first block is taken while none is held. */
    private static long allowed;
    /** A budget set for tests and measurements (bytes), or -1. */
    private static long forcedBudget = Math.max(-1L, Long.getLong("heapwise.nativeMemory.budgetMB", -1L) << 20);
    private static volatile Path spillFolder;
    /** Bytes ever put in scratch files; guarded by the class lock. */
    private static long spilledTotal;

    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    private static final MethodHandle MADVISE;

    static {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        MethodHandle madvise = null;
        if (System.getProperty("os.name", "").startsWith("Linux")
                && !Boolean.getBoolean("heapwise.nativeMemory.noMmap")) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                Optional<MemorySegment> a = libc.find("mmap");
                Optional<MemorySegment> b = libc.find("munmap");
                Optional<MemorySegment> c = libc.find("madvise");
                if (a.isPresent() && b.isPresent() && c.isPresent()) {
                    mmap = linker.downcallHandle(a.get(), FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
                    munmap = linker.downcallHandle(b.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
                    madvise = linker.downcallHandle(c.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
                }
            } catch (RuntimeException | LinkageError e) {
                mmap = null; // no native access: the Arena path below still works
            }
        }
        MMAP = mmap;
        MUNMAP = munmap;
        MADVISE = madvise;
    }

    /** A mapped range: address, length (a multiple of 2 MB), and whether it is known to hold only zeros. */
    private record Range(long start, long length, boolean zero) {}

    /** Mapped ranges not in use, kept for reuse; guarded by the class lock. */
    private static final List<Range> POOL = new ArrayList<>();

    private NativeMemory() {}

    /** A block of native memory: its segment, and how to give it back. */
    public interface Block extends AutoCloseable {
        MemorySegment segment();

        /** Returns the memory (to the pool); idempotent. The segment must not be used afterwards. */
        @Override
        void close();
    }

    /** Whether big blocks come from anonymous mappings (for tests and measurements). */
    public static boolean usesMappings() {
        return MMAP != null;
    }

    /** A zero-filled block of at least {@code bytes} bytes (8-byte aligned). */
    public static Block allocate(long bytes) {
        return allocate(bytes, true);
    }

    /** A block of at least {@code bytes} bytes whose contents are undefined: for arrays written before they are read. */
    public static Block allocateUninitialized(long bytes) {
        return allocate(bytes, false);
    }

    private static Block allocate(long bytes, boolean zero) {
        long size = Math.max(8, bytes);
        if (size >= MAP_AT_LEAST) {
            long length = (size + HUGE - 1) & -HUGE;
            if (MMAP != null) {
                Range r = take(length);
                if (r != null) {
                    Block b = new Mapped(r);
                    if (zero && !r.zero()) {
                        b.segment().fill((byte) 0);
                    }
                    return b;
                }
            }
            if (reserve(length)) {
                Range r = MMAP == null ? null : map(length);
                if (r != null) {
                    return new Mapped(r);
                }
                return arenaBlock(size, length);
            }
            Block spilled = spill(size);
            if (spilled != null) {
                return spilled;
            }
            // No scratch file could be made: try memory anyway, as if no budget applied.
            synchronized (NativeMemory.class) {
                held += length;
            }
            Range r = MMAP == null ? null : map(length);
            return r != null ? new Mapped(r) : arenaBlock(size, length);
        }
        return arenaBlock(size, 0);
    }

    /** A block from an {@link Arena} ({@code malloc}, zeroed); {@code counted} bytes leave {@link #held} on close. */
    private static Block arenaBlock(long size, long counted) {
        Arena arena = Arena.ofShared();
        MemorySegment s;
        try {
            s = arena.allocate(size, 8);
        } catch (RuntimeException | Error e) {
            release(counted);
            throw e;
        }
        return new ArenaBlock(arena, s, counted);
    }

    /** A block that is an {@link Arena}'s segment; {@code counted} bytes leave {@link #held} when it closes. */
    private static final class ArenaBlock implements Block {
        private final Arena arena;
        private final MemorySegment segment;
        private final long counted;

        ArenaBlock(Arena arena, MemorySegment segment, long counted) {
            this.arena = arena;
            this.segment = segment;
            this.counted = counted;
        }

        @Override
        public MemorySegment segment() {
            return segment;
        }

        @Override
        public synchronized void close() {
            if (arena.scope().isAlive()) {
                arena.close();
                release(counted);
            }
        }
    }

    /**
     * Counts {@code length} more bytes of memory as held if the budget allows; the budget is taken
     * afresh when nothing is held (a new computation).
     */
    private static synchronized boolean reserve(long length) {
        if (held == 0) {
            allowed = budget();
        }
        if (held + length > allowed) {
            return false;
        }
        held += length;
        return true;
    }

    private static synchronized void release(long length) {
        held -= length;
    }

    private static long budget() {
        if (forcedBudget >= 0) {
            return forcedBudget;
        }
        long available = MemoryBudget.available();
        if (available == MemoryBudget.UNKNOWN) {
            return Long.MAX_VALUE;
        }
        // The Java heap may still grow to its maximum, and the mapped index needs page cache.
        Runtime rt = Runtime.getRuntime();
        long heapGrowth = Math.max(0, rt.maxMemory() - rt.totalMemory());
        long allowed = available - heapGrowth - Math.max(RESERVE, available / 8);
        if (DEBUG) {
            System.err.printf("heapwise: native memory budget %d MiB (available %d MiB, Java heap may grow %d MiB)%n",
                    allowed >> 20, available >> 20, heapGrowth >> 20);
        }
        return allowed;
    }

    /**
     * Where scratch files go when memory is short (a folder on a disk, best the one the index is
     * on); null restores the default, {@code java.io.tmpdir}. Process-wide.
     */
    public static void spillTo(Path folder) {
        spillFolder = folder;
    }

    /**
     * Sets the budget for big blocks in bytes (for tests and measurements); negative returns to the
     * system's available memory. Also {@code -Dheapwise.nativeMemory.budgetMB=N}.
     */
    public static synchronized void budgetForTesting(long bytes) {
        forcedBudget = bytes < 0 ? -1 : bytes;
        allowed = held == 0 ? 0 : budget();
    }

    /**
     * Bytes of big blocks that can still be taken before new ones go to scratch files: the budget
     * (as it would be taken now when nothing is held) less what is held; {@code Long.MAX_VALUE} when
     * the system's available memory is unknown. For work worth starting early only when memory is
     * ample.
     */
    public static synchronized long headroom() {
        long budget = held == 0 ? budget() : allowed;
        return budget == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, budget - held);
    }

    /** Bytes put in scratch files since the process started (for tests and measurements). */
    public static synchronized long spilledBytes() {
        return spilledTotal;
    }

    /**
     * A shared mapping of a new scratch file, deleted at once (the mapping keeps its pages): the
     * kernel writes them out under memory pressure. Null if no file can be made.
     */
    private static Block spill(long size) {
        Path folder = spillFolder;
        if (folder == null || !Files.isDirectory(folder) || !Files.isWritable(folder)) {
            folder = Path.of(System.getProperty("java.io.tmpdir"));
        }
        Path file = null;
        try {
            file = Files.createTempFile(folder, ".heapwise-scratch-", ".tmp");
            Arena arena = Arena.ofShared();
            MemorySegment s;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                s = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena); // grows the file: sparse, reads as zero
            } catch (IOException | RuntimeException e) {
                arena.close();
                throw e;
            }
            synchronized (NativeMemory.class) {
                spilledTotal += size;
            }
            if (DEBUG) {
                System.err.printf("heapwise: %d MiB of working memory in a scratch file in %s%n", size >> 20, folder);
            }
            return new ArenaBlock(arena, s, 0); // closing unmaps: the pages go with the deleted file
        } catch (IOException | RuntimeException e) {
            return null;
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    file.toFile().deleteOnExit(); // where a mapped file cannot be deleted
                }
            }
        }
    }

    /**
     * On a background thread (which may be joined, or not): {@link #populate} the segments of
     * {@code first} side by side, 32 MB of each at a time (writers filling them at the same pace find
     * their pages ready), and {@link #prefault} {@code bytes} into the pool: one range of
     * {@code piece} bytes before each round of slices, the rest at the end. For an idle core while one
     * thread fills arrays it has just allocated and takes blocks of {@code piece} bytes as it goes:
     * the page faults then happen on the idle core, ahead of the writer and of the later phases.
     */
    public static Thread prefaultInBackground(long bytes, long piece, MemorySegment... first) {
        Thread t = Thread.ofPlatform().daemon().name("heapwise-prefault").unstarted(() -> {
            long longest = 0;
            for (MemorySegment s : first) {
                longest = Math.max(longest, s.byteSize());
            }
            long left = bytes;
            for (long at = 0; at < longest; at += POPULATE_SLICE) {
                if (piece > 0 && left >= piece) {
                    prefault(piece);
                    left -= piece;
                }
                for (MemorySegment s : first) {
                    if (at < s.byteSize()) {
                        populate(s.asSlice(at, Math.min(POPULATE_SLICE, s.byteSize() - at)));
                    }
                }
            }
            prefault(left);
        });
        t.start();
        return t;
    }

    /**
     * Gives the pages lying wholly inside bytes {@code [from, to)} of a block's segment back to the
     * system ({@code MADV_DONTNEED}): for a part of a block that will not be read again before it
     * is written. Afterwards those bytes of anonymous memory read as zero (a scratch file's keep
     * their contents). Does nothing where unsupported.
     */
    public static void discard(MemorySegment s, long from, long to) {
        if (MADVISE == null || to <= from) {
            return;
        }
        long start = (s.address() + from + 4095) & -4096L;
        long end = (s.address() + to) & -4096L;
        if (end - start >= HUGE) {
            try {
                int ignored = (int) MADVISE.invokeExact(start, end - start, MADV_DONTNEED); // a hint as well
            } catch (Throwable e) {
                // the pages simply stay
            }
        }
    }

    /**
     * Faults in every page of a segment about to be written, without changing its contents: safe
     * while another thread is writing to it. Where the kernel cannot do that ({@code
     * MADV_POPULATE_WRITE}, Linux 5.14), nothing happens and returns false: the writer then takes
     * the faults itself.
     */
    public static boolean populate(MemorySegment s) {
        if (MADVISE == null || s.byteSize() == 0) {
            return false;
        }
        long start = s.address() & -4096L;
        long end = (s.address() + s.byteSize() + 4095) & -4096L;
        for (long at = start; at < end; at += POPULATE_SLICE) {
            try {
                if ((int) MADVISE.invokeExact(at, Math.min(POPULATE_SLICE, end - at), MADV_POPULATE_WRITE) != 0) {
                    return false;
                }
            } catch (Throwable e) {
                return false;
            }
        }
        return true;
    }

    /**
     * Faults in every page of a segment about to be overwritten, by writing a zero to its first
     * byte: only while nothing else writes to it (see {@link #populate}).
     */
    public static void touchForWriting(MemorySegment s) {
        for (long at = 0; at < s.byteSize(); at += 4096) {
            s.set(ValueLayout.JAVA_BYTE, at, (byte) 0);
        }
    }

    /**
     * Maps and touches {@code bytes} of memory into the pool, for a later phase to take without
     * faulting pages in: worth it on an otherwise idle core.
     */
    public static void prefault(long bytes) {
        long length = (bytes + HUGE - 1) & -HUGE;
        if (MMAP == null || bytes < MAP_AT_LEAST || !reserve(length)) {
            return;
        }
        Range r = map(length);
        if (r == null) {
            release(length);
            return;
        }
        MemorySegment s = MemorySegment.ofAddress(r.start()).reinterpret(r.length());
        if (!populate(s)) {
            for (long at = 0; at < r.length(); at += 4096) {
                s.set(ValueLayout.JAVA_BYTE, at, (byte) 0); // already zero: this only faults the page in
            }
        }
        give(r);
    }

    /**
     * Closes each of {@code owners} that is not null, for clean-up paths holding several blocks (or
     * things that own blocks). A failure to close is rethrown after the others are closed.
     */
    public static void closeAll(AutoCloseable... owners) {
        RuntimeException failed = null;
        for (AutoCloseable a : owners) {
            if (a == null) {
                continue;
            }
            try {
                a.close();
            } catch (Exception e) {
                failed = failed != null ? failed : e instanceof RuntimeException r ? r : new IllegalStateException(e);
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    /** Unmaps every pooled range: call when a computation is over, so the memory goes back to the system. */
    public static void trim() {
        List<Range> all;
        synchronized (NativeMemory.class) {
            all = new ArrayList<>(POOL);
            POOL.clear();
        }
        for (Range r : all) {
            unmap(r.start(), r.length());
            release(r.length());
        }
    }

    /** Bytes held in the pool (for tests and measurements). */
    public static synchronized long pooledBytes() {
        long s = 0;
        for (Range r : POOL) {
            s += r.length();
        }
        return s;
    }

    /** The smallest pooled range that fits, split when much bigger; null if none fits. */
    private static synchronized Range take(long length) {
        int best = -1;
        for (int i = 0; i < POOL.size(); i++) {
            long l = POOL.get(i).length();
            if (l >= length && (best < 0 || l < POOL.get(best).length())) {
                best = i;
            }
        }
        if (best < 0) {
            return null;
        }
        Range r = POOL.remove(best);
        if (r.length() > length) {
            POOL.add(new Range(r.start() + length, r.length() - length, r.zero()));
            r = new Range(r.start(), length, r.zero());
        }
        return r;
    }

    private static synchronized void give(Range r) {
        POOL.add(r);
    }

    private static Range map(long length) {
        try {
            long raw = (long) MMAP.invokeExact(0L, length + HUGE, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS_NORESERVE,
                    -1, 0L);
            if (raw == -1L || raw == 0L) {
                return null;
            }
            // Trim to a 2 MB-aligned start so every page of the block can be a huge page.
            long start = (raw + HUGE - 1) & -HUGE;
            long head = start - raw;
            if (head > 0) {
                unmap(raw, head);
            }
            if (HUGE - head > 0) {
                unmap(start + length, HUGE - head);
            }
            if (HUGE_PAGES) {
                int ignored = (int) MADVISE.invokeExact(start, length, MADV_HUGEPAGE); // a hint: failure is harmless
            }
            return new Range(start, length, true);
        } catch (Throwable e) {
            return null;
        }
    }

    private static void unmap(long start, long length) {
        try {
            int ignored = (int) MUNMAP.invokeExact(start, length);
        } catch (Throwable e) {
            throw new IllegalStateException("munmap failed", e);
        }
    }

    /** A block on a pooled range: closing invalidates its segment, then returns the range to the pool. */
    private static final class Mapped implements Block {
        private final Range range;
        private final Arena arena = Arena.ofShared();
        private final MemorySegment segment;
        private boolean closed;

        Mapped(Range range) {
            this.range = range;
            this.segment = MemorySegment.ofAddress(range.start()).reinterpret(range.length(), arena, null);
        }

        @Override
        public MemorySegment segment() {
            return segment;
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                arena.close(); // no thread can still be using the segment after this
                give(new Range(range.start(), range.length(), false));
            }
        }
    }
}
