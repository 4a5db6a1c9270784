package dev.heapwise.analysis.leaks;

/**
 * A known reference pattern (Shark's {@code ReferenceMatcher}). A <em>library leak</em> matcher
 * names a reference that is known to leak in the JDK or Android itself: paths through it are
 * searched last and the leak is reported apart, with the description. An <em>ignored</em> matcher
 * names a reference that never leaks: paths never go through it.
 *
 * @param type        what is matched
 * @param className   the class declaring the field (subclasses' instances match too), or the
 *                    class of the root objects for {@link Type#ROOT_CLASS}; unused for
 *                    {@link Type#JAVA_LOCAL}
 * @param name        the field name, or the thread name for {@link Type#JAVA_LOCAL}
 * @param description why this is known, shown with the leak
 * @param ignored     true: never follow it; false: a library leak
 */
public record ReferenceMatcher(Type type, String className, String name, String description, boolean ignored) {

    public enum Type {
        /** An instance field: {@code className#name}. */
        INSTANCE_FIELD,
        /** A static field of a class: {@code className.name}. */
        STATIC_FIELD,
        /** The local variables of the thread called {@code name} (Java-frame and JNI-local roots). */
        JAVA_LOCAL,
        /** GC roots that are instances of {@code className} (e.g. Binder stubs held as JNI globals). */
        ROOT_CLASS
    }

    public static ReferenceMatcher libraryLeak(Type type, String className, String name, String description) {
        return new ReferenceMatcher(type, className, name, description, false);
    }

    public static ReferenceMatcher ignored(Type type, String className, String name, String description) {
        return new ReferenceMatcher(type, className, name, description, true);
    }

    /** {@code android.view.inputmethod.InputMethodManager#mNextServedView} and the like. */
    public String pattern() {
        return switch (type) {
            case INSTANCE_FIELD -> "instance field " + className + "#" + name;
            case STATIC_FIELD -> "static field " + className + "#" + name;
            case JAVA_LOCAL -> "local variable on thread " + name;
            case ROOT_CLASS -> "GC root instance of " + className;
        };
    }
}
