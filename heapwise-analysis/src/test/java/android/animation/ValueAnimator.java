package android.animation;

/**
 * Test stand-in with the fields of AOSP's ValueAnimator, of AOSP's types, that Shark 2.14's
 * {@code OBJECT_ANIMATOR} inspector reads (it stops the whole analysis when one is missing).
 */
public class ValueAnimator extends Animator {
    public boolean mInitialized;
    public boolean mStarted;
    public boolean mRunning;
    public boolean mAnimationEndRequested;
    public long mDuration = 300;
    public long mStartDelay;
    public int mRepeatCount;
    public int mRepeatMode = 1;
}
