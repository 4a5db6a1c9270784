package dev.heapwise.ddm;

import java.util.Optional;
import java.util.function.Supplier;

/** Polls until something shows up; tests use it instead of sleeping. */
public final class Await {
    private Await() {}

    /** Polls every 20 ms until the supplier gives a value; fails with {@code what} after the timeout. */
    public static <T> T until(String what, long timeoutMillis, Supplier<Optional<T>> probe) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            Optional<T> v = probe.get();
            if (v.isPresent()) {
                return v.get();
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    public static void untilTrue(String what, long timeoutMillis, Supplier<Boolean> probe) throws InterruptedException {
        until(what, timeoutMillis, () -> probe.get() ? Optional.of(Boolean.TRUE) : Optional.empty());
    }
}
