package android.app;

/**
 * Test stand-in with the field AOSP's Activity sets when it is destroyed, so a dump made by a
 * HotSpot test JVM holds activities as an Android app's does ({@code AndroidReadersProgram}).
 */
public class Activity {
    public boolean mDestroyed;
}
