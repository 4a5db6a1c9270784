package android.animation;

import android.util.Property;
import java.lang.ref.WeakReference;

/**
 * Test stand-in with the fields of AOSP's ObjectAnimator: the target, held weakly, so a dump made by
 * a HotSpot test JVM holds a running animation as an Android app's does ({@code AndroidReadersProgram}),
 * and what it animates, which Shark 2.14's {@code OBJECT_ANIMATOR} inspector reads.
 */
public final class ObjectAnimator extends ValueAnimator {
    public WeakReference<Object> mTarget;
    public String mPropertyName;
    public Property<?, ?> mProperty;
}
