package android.animation;

import java.lang.ref.WeakReference;

/**
 * Test stand-in with the field AOSP's ObjectAnimator holds its target in, weakly, so a dump made
 * by a HotSpot test JVM holds a running animation as an Android app's does ({@code AndroidReadersProgram}).
 */
public final class ObjectAnimator {
    public WeakReference<Object> mTarget;
}
