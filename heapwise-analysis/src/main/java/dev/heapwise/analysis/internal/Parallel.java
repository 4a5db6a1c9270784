package dev.heapwise.analysis.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Runs the parts of a split loop on the machine's cores: part 0 on the calling thread, the others
 * on the common pool, and waits for all. Two cores are the design point: the analyses split a pass
 * in two where the halves do not depend on each other.
 */
public final class Parallel {
    /** Threads the analyses use; {@code -Dheapwise.analysis.threads=1} to compare. */
    public static final int THREADS = Math.max(1, Integer.getInteger("heapwise.analysis.threads",
            Integer.getInteger("heapwise.dominators.threads", Math.min(2, Runtime.getRuntime().availableProcessors()))));

    /** Below this many items per part a loop is not split (tests lower it to split tiny graphs). */
    private static volatile int minimumPart = 4096;

    private Parallel() {}

    /** How many parts to split {@code n} items into for {@code threads} threads. */
    public static int parts(int n, int threads) {
        return Math.max(1, Math.min(threads, n / Math.max(1, minimumPart)));
    }

    /** For tests: split loops of any size, to exercise the parallel paths on small inputs. */
    public static void splitEverythingForTests(boolean on) {
        minimumPart = on ? 1 : 4096;
    }

    /** One part of a split loop. */
    @FunctionalInterface
    public interface Part {
        void run(int part);
    }

    /** Runs {@code body} for parts {@code 0..parts-1} concurrently; rethrows the first failure. */
    public static void run(int parts, Part body) {
        List<CompletableFuture<Void>> fs = new ArrayList<>();
        for (int p = 1; p < parts; p++) {
            final int q = p;
            fs.add(CompletableFuture.runAsync(() -> body.run(q)));
        }
        RuntimeException first = null;
        try {
            body.run(0);
        } catch (RuntimeException e) {
            first = e;
        }
        for (CompletableFuture<Void> f : fs) {
            try {
                f.join();
            } catch (CompletionException e) {
                if (first == null) {
                    first = e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * Runs two independent tasks, on two threads when {@link #THREADS} allows, else one after the
     * other; rethrows the first failure.
     */
    public static void both(Runnable first, Runnable second) {
        if (THREADS < 2) {
            first.run();
            second.run();
        } else {
            run(2, part -> (part == 0 ? first : second).run());
        }
    }

    /** Split points of {@code [0, n)} into {@code parts} ranges, each boundary a multiple of 64 (whole bitset words). */
    public static int[] bounds(int n, int parts) {
        int[] b = new int[parts + 1];
        for (int p = 1; p < parts; p++) {
            b[p] = (int) Math.min(n, ((long) n * p / parts) & ~63L);
        }
        b[parts] = n;
        return b;
    }
}
