package android.os;

/** Test stand-in: the looper a message's target handler runs on, as Shark's queue inspector reads it. */
public final class Handler {
    public Looper mLooper;
}
