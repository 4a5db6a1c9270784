package dev.heapwise.analysis.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Work for otherwise idle cores: daemon threads at the lowest scheduling priority (Linux nice 19,
 * set per thread), so they take what the main work leaves and barely slow it. Java's own thread
 * priorities do nothing on Linux without root. Elsewhere, or without native access, the threads
 * run at normal priority. Thread-safe.
 */
public final class Background implements AutoCloseable {
    private static final int PRIO_PROCESS = 0;
    private static final int LOWEST = 19;
    private static final MethodHandle GETTID;
    private static final MethodHandle SETPRIORITY;

    static {
        MethodHandle gettid = null;
        MethodHandle setpriority = null;
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                Optional<MemorySegment> a = libc.find("gettid");
                Optional<MemorySegment> b = libc.find("setpriority");
                if (a.isPresent() && b.isPresent()) {
                    gettid = linker.downcallHandle(a.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT));
                    setpriority = linker.downcallHandle(b.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                }
            } catch (RuntimeException | LinkageError e) {
                gettid = null; // no native access: normal priority
            }
        }
        GETTID = gettid;
        SETPRIORITY = setpriority;
    }

    private final List<Thread> threads = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean cancelled;

    private Background() {}

    /** Starts {@code parts} threads running {@code body.accept(part)}; returns at once. */
    public static Background start(String name, int parts, IntConsumer body) {
        Background b = new Background();
        for (int p = 0; p < parts; p++) {
            int part = p;
            b.threads.add(Thread.ofPlatform().daemon().name(name + "-" + p).start(() -> {
                lowerPriority();
                try {
                    body.accept(part);
                } catch (Throwable e) {
                    b.failure.compareAndSet(null, e);
                    b.cancelled = true;
                }
            }));
        }
        return b;
    }

    /** Whether the work should stop early: {@link #close} was called, or another part failed. */
    public boolean cancelled() {
        return cancelled;
    }

    /** Waits for every part; rethrows the first failure. */
    public void join() {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }

    /** Asks the parts to stop and waits for them; a failure is dropped. */
    @Override
    public void close() {
        cancelled = true;
        try {
            join();
        } catch (RuntimeException | Error ignored) {
            // the result is not wanted any more
        }
    }

    /** Lowers the calling thread's scheduling priority to the lowest, where the system allows it. */
    static void lowerPriority() {
        if (SETPRIORITY == null) {
            return;
        }
        try {
            int tid = (int) GETTID.invokeExact();
            int ignored = (int) SETPRIORITY.invokeExact(PRIO_PROCESS, tid, LOWEST); // a hint: failure is harmless
        } catch (Throwable e) {
            // normal priority then
        }
    }
}
