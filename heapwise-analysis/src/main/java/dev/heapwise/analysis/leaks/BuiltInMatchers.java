package dev.heapwise.analysis.leaks;

import static dev.heapwise.analysis.leaks.ReferenceMatcher.Type.ROOT_CLASS;
import static dev.heapwise.analysis.leaks.ReferenceMatcher.libraryLeak;

import dev.heapwise.analysis.leaks.internal.MatcherTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Known leaks of Android and references that never cause leaks: Shark 2.14's
 * {@code AndroidReferenceMatchers.appDefaults}, each with the SDK levels and manufacturers it
 * applies to (the table {@code android-matchers.tsv} beside this class, descriptions in our words),
 * plus heapwise's own matcher for Binder stubs held as GC roots. Weak, soft, phantom and finalizer
 * referents are left out by the path search itself. Read once; the list is immutable.
 */
public final class BuiltInMatchers {
    private BuiltInMatchers() {}

    private static final List<ReferenceMatcher> ALL = load();

    public static List<ReferenceMatcher> all() {
        return ALL;
    }

    private static List<ReferenceMatcher> load() {
        List<ReferenceMatcher> all = new ArrayList<>(MatcherTable.read(BuiltInMatchers.class, "android-matchers.tsv"));
        // After Shark's (a JNI global of a class Shark names takes Shark's pattern): a Binder stub held
        // by any root. LeakCanary's own test of leak_service_binder.hprof expects the path through
        // the static field, which this sends the stub's root behind.
        all.add(libraryLeak(ROOT_CLASS, "android.os.Binder", null, "Binder stubs are held by native code as JNI"
                + " global references until the remote process releases them (an unbound service connection,"
                + " a remote process that has not garbage collected yet)."));
        return List.copyOf(all);
    }
}
