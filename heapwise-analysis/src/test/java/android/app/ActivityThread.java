package android.app;

import java.util.HashMap;

/**
 * Test stand-in with the fields of AOSP's ActivityThread that Shark 2.14 reads: the static current
 * thread, the activities by token, and {@code mNewActivities}, the records of resumed activities
 * linked through {@code nextIdle} until the main thread is idle ({@code AndroidReadersProgram}).
 */
public final class ActivityThread {
    public static ActivityThread sCurrentActivityThread;

    public final HashMap<Object, ActivityClientRecord> mActivities = new HashMap<>();
    public ActivityClientRecord mNewActivities;

    /** AOSP's record of one activity. */
    public static final class ActivityClientRecord {
        public Activity activity;
        public ActivityClientRecord nextIdle;
    }
}
