package android.os;

/** Test stand-in: the thread a looper runs on, as Shark's queue inspector reads it. */
public final class Looper {
    public Thread mThread;
}
