package dev.heapwise.analysis.leaks;

import java.util.Optional;

/**
 * A known reference pattern (Shark's {@code ReferenceMatcher}). A <em>library leak</em> matcher
 * names a reference that is known to leak in the JDK or Android itself: paths through it are
 * searched last and the leak is reported apart, with the description. An <em>ignored</em> matcher
 * names a reference that never leaks: paths never go through it.
 *
 * @param type        what is matched
 * @param className   the class declaring the field (subclasses' instances match too), or the
 *                    class of the root objects for {@link Type#ROOT_CLASS} and
 *                    {@link Type#NATIVE_GLOBAL}; unused for {@link Type#JAVA_LOCAL}
 * @param name        the field name, or the thread name for {@link Type#JAVA_LOCAL}
 * @param description why this is known, shown with the leak
 * @param ignored     true: never follow it; false: a library leak
 * @param when        the Android builds it applies to (a framework leak is often fixed at some
 *                    SDK level, or belongs to one manufacturer)
 */
public record ReferenceMatcher(Type type, String className, String name, String description, boolean ignored,
        Condition when) {

    public enum Type {
        /** An instance field: {@code className#name}. */
        INSTANCE_FIELD,
        /** A static field of a class: {@code className.name}. */
        STATIC_FIELD,
        /** The local variables of the thread called {@code name} (Java-frame and JNI-local roots). */
        JAVA_LOCAL,
        /** GC roots of any kind that are instances of {@code className} or its subclasses. */
        ROOT_CLASS,
        /**
         * JNI global roots whose object's class is exactly {@code className} (Shark's native global
         * variable: a Binder stub the framework's native code holds, for instance).
         */
        NATIVE_GLOBAL
    }

    /**
     * SDK levels from {@code minSdk} to {@code maxSdk}, both included, and one manufacturer or any
     * (null), compared exactly as the build names it. A dump without an Android build (no
     * {@code android.os.Build$VERSION}: a JVM's) meets only conditions that do not ask for one
     * ({@code android} false), as Shark uses only its ignored references there.
     */
    public record Condition(String manufacturer, int minSdk, int maxSdk, boolean android) {
        /** Every dump. */
        public static final Condition ALWAYS = new Condition(null, Integer.MIN_VALUE, Integer.MAX_VALUE, false);
        /** Every Android dump. */
        public static final Condition ANDROID = new Condition(null, Integer.MIN_VALUE, Integer.MAX_VALUE, true);

        public boolean holds(Optional<AndroidBuild> build) {
            return build.map(b -> (manufacturer == null || manufacturer.equals(b.manufacturer()))
                    && b.sdkInt() >= minSdk && b.sdkInt() <= maxSdk).orElse(!android);
        }
    }

    public ReferenceMatcher {
        if (when == null) {
            when = Condition.ALWAYS;
        }
    }

    /** A matcher for every build. */
    public ReferenceMatcher(Type type, String className, String name, String description, boolean ignored) {
        this(type, className, name, description, ignored, Condition.ALWAYS);
    }

    public static ReferenceMatcher libraryLeak(Type type, String className, String name, String description) {
        return new ReferenceMatcher(type, className, name, description, false);
    }

    public static ReferenceMatcher ignored(Type type, String className, String name, String description) {
        return new ReferenceMatcher(type, className, name, description, true);
    }

    /**
     * What is matched, in Shark's words ({@code instance field
     * android.view.inputmethod.InputMethodManager#mNextServedView} and the like): a library leak's
     * signature is the SHA-1 of this text, as Shark's.
     */
    public String pattern() {
        return switch (type) {
            case INSTANCE_FIELD -> "instance field " + className + "#" + name;
            case STATIC_FIELD -> "static field " + className + "#" + name;
            case JAVA_LOCAL -> "local variable on thread " + name;
            case ROOT_CLASS -> "GC root instance of " + className;
            case NATIVE_GLOBAL -> "native global variable referencing " + className;
        };
    }
}
