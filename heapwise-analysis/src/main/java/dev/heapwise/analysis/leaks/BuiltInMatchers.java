package dev.heapwise.analysis.leaks;

import static dev.heapwise.analysis.leaks.ReferenceMatcher.Type.INSTANCE_FIELD;
import static dev.heapwise.analysis.leaks.ReferenceMatcher.Type.JAVA_LOCAL;
import static dev.heapwise.analysis.leaks.ReferenceMatcher.Type.ROOT_CLASS;
import static dev.heapwise.analysis.leaks.ReferenceMatcher.Type.STATIC_FIELD;
import static dev.heapwise.analysis.leaks.ReferenceMatcher.ignored;
import static dev.heapwise.analysis.leaks.ReferenceMatcher.libraryLeak;

import java.util.List;

/**
 * Known leaks of the JDK and of Android (after the lists LeakCanary keeps), and references that
 * never cause leaks. Weak, soft, phantom and finalizer referents are left out by the path search
 * itself and are not listed here.
 */
public final class BuiltInMatchers {
    private BuiltInMatchers() {}

    public static List<ReferenceMatcher> all() {
        return List.of(
                // JDK
                ignored(JAVA_LOCAL, null, "main", "The main thread's stack changes all the time: its local variables"
                        + " do not hold objects for long."),
                libraryLeak(JAVA_LOCAL, null, "FinalizerWatchdogDaemon", "The finalizer watchdog thread holds the"
                        + " object being finalized while it waits for the finalizer to return."),
                // LeakCanary's own heap-dump thread
                ignored(JAVA_LOCAL, null, "LeakCanary-Heap-Dump", "LeakCanary's heap-dump thread holds the watched"
                        + " references while it dumps the heap."),
                // Android
                libraryLeak(ROOT_CLASS, "android.os.Binder", null, "Binder stubs are held by native code as JNI"
                        + " global references until the remote process releases them (an unbound service connection,"
                        + " a remote process that has not garbage collected yet)."),
                libraryLeak(INSTANCE_FIELD, "android.view.inputmethod.InputMethodManager", "mNextServedView",
                        imm()),
                libraryLeak(INSTANCE_FIELD, "android.view.inputmethod.InputMethodManager", "mServedView", imm()),
                libraryLeak(INSTANCE_FIELD, "android.view.inputmethod.InputMethodManager", "mServedInputConnection",
                        imm()),
                libraryLeak(INSTANCE_FIELD, "android.view.inputmethod.InputMethodManager", "mCurRootView", imm()),
                libraryLeak(INSTANCE_FIELD, "android.view.inputmethod.InputMethodManager", "mLastSrvView", imm()),
                libraryLeak(INSTANCE_FIELD, "android.app.ActivityThread$ActivityClientRecord", "nextIdle",
                        "Android 5 to 7: ActivityClientRecord.nextIdle keeps the previous activity's record (and the"
                                + " destroyed activity) until the main thread is next idle."),
                libraryLeak(INSTANCE_FIELD, "android.app.ActivityThread", "mNewActivities",
                        "New activities are leaked by ActivityThread until the main thread becomes idle."
                                + " Tracked here: https://issuetracker.google.com/issues/258390457"),
                libraryLeak(STATIC_FIELD, "android.text.TextLine", "sCached", "Before Android 8, TextLine keeps a"
                        + " static cache of 3 instances whose spans can refer to views."),
                libraryLeak(STATIC_FIELD, "android.app.ActivityManager", "mContext", "Samsung devices: a static"
                        + " ActivityManager.mContext keeps the first activity that asked for the service."),
                libraryLeak(STATIC_FIELD, "android.media.AudioManager", "mContext_static", "Samsung devices: a static"
                        + " AudioManager.mContext_static keeps the activity that first used the audio manager."),
                libraryLeak(STATIC_FIELD, "android.sec.clipboard.ClipboardUIManager", "sInstance", "Samsung devices:"
                        + " ClipboardUIManager is a static singleton that keeps the context it was created with."),
                libraryLeak(STATIC_FIELD, "android.widget.BubblePopupHelper", "sHelper", "LG devices: the static"
                        + " BubblePopupHelper keeps the last view that showed a bubble popup."),
                libraryLeak(STATIC_FIELD, "android.widget.TextView", "mLastHoveredView", "Samsung devices: a static"
                        + " TextView.mLastHoveredView keeps the last hovered text view."),
                libraryLeak(STATIC_FIELD, "android.net.ConnectivityManager", "sInstance", "Android 6: the static"
                        + " ConnectivityManager instance keeps the first context it was created with."),
                libraryLeak(INSTANCE_FIELD, "android.view.accessibility.AccessibilityNodeInfo", "mOriginalText",
                        "Android 8 and 9: AccessibilityNodeInfo instances are recycled with their mOriginalText,"
                                + " which can hold spans referring to views."),
                libraryLeak(INSTANCE_FIELD, "android.os.UserManager", "mContext", "UserManager keeps the first"
                        + " context it was created with (an activity, if one asked first)."),
                libraryLeak(INSTANCE_FIELD, "android.view.ViewGroup$ViewLocationHolder", "mRoot", "Android 10:"
                        + " ViewGroup.ViewLocationHolder keeps its last root view in a static pool."),
                libraryLeak(INSTANCE_FIELD, "android.content.res.Resources", "mContext", "Some Android versions:"
                        + " Resources keeps the context it was created with."));
    }

    private static String imm() {
        return "InputMethodManager keeps references to the last focused view and its window until another view"
                + " takes focus.";
    }
}
