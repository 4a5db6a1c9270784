package dev.heapwise.graph;

import java.util.List;

/**
 * One frame of a thread's stack, top first.
 *
 * @param className  the declaring class in Java form, or "" if unknown
 * @param method     the method name
 * @param signature  the JVM signature, e.g. {@code (I)V}, or ""
 * @param sourceFile the source file, or ""
 * @param line       the line number; 0 unknown, -1 no line info, -2 compiled, -3 native
 * @param locals     graph indexes of the objects this frame holds (Java-frame and JNI-local roots)
 */
public record StackFrame(String className, String method, String signature, String sourceFile, int line,
        List<Integer> locals) {

    /** {@code java.lang.Thread.sleep(Thread.java:123)}, as a Java stack trace prints it. */
    public String display() {
        String where = switch (line) {
            case -3 -> "Native Method";
            case -2 -> sourceFile.isEmpty() ? "Compiled Code" : sourceFile + ", compiled";
            default -> sourceFile.isEmpty() ? "Unknown Source" : (line > 0 ? sourceFile + ":" + line : sourceFile);
        };
        return (className.isEmpty() ? "" : className + ".") + method + "(" + where + ")";
    }
}
