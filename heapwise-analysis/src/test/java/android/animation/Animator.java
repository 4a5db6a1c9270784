package android.animation;

import java.util.ArrayList;

/**
 * Test stand-in with the field of AOSP's Animator that Shark 2.14's {@code ANIMATOR} inspector reads:
 * the listeners, an ArrayList or null.
 */
public abstract class Animator {
    public ArrayList<Object> mListeners;
}
