package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The original method, line and source file of one obfuscated stack frame, as R8's retrace finds
 * them, but one frame for one: the VM's frame is the outermost method of an inlined group (the one
 * that holds the frame's locals), so inlined callees are not listed as frames of their own.
 * Candidates with the frame's method name are narrowed by the line (the ranges that cover it), then
 * by the JVM signature (the original argument types written back in obfuscated names); what is
 * still ambiguous keeps every name, joined with {@code |}. Thread-safe.
 */
public final class FrameRetrace {
    private final ProguardMapping mapping;

    public FrameRetrace(ProguardMapping mapping) {
        this.mapping = mapping;
    }

    /** What retracing found: the original class, method, line and source file (null: unknown). */
    public record Result(String className, String method, int line, String sourceFile) {}

    /**
     * Retraces a frame of class {@code className} (obfuscated, Java form), or returns null when the
     * mapping does not list the class. Cost: the class's member lines are read from the
     * mapping file the first time one of its frames is retraced.
     */
    public Result retrace(String className, String method, String signature, int line) {
        MappedClass c = mapping.byObfuscated(className);
        if (c == null) {
            return null;
        }
        ProguardMapping.ClassMethods methods = mapping.methods(c);
        List<ProguardMapping.Method> named = methods.byName().get(method);
        if (named == null || named.isEmpty()) {
            return new Result(c.original(), method, line, methods.sourceFile()); // a method R8 left as it was
        }
        List<List<ProguardMapping.Method>> groups = inlineGroups(named);
        groups = narrowByLine(groups, line);
        groups = narrowBySignature(groups, signature);
        Set<String> classes = new LinkedHashSet<>();
        Set<String> names = new LinkedHashSet<>();
        for (List<ProguardMapping.Method> g : groups) {
            MappingSyntax.MethodLine outer = g.getLast().line();
            classes.add(outer.originalClass() != null ? outer.originalClass() : c.original());
            names.add(outer.name());
        }
        if (groups.size() != 1) {
            return new Result(classes.size() == 1 ? classes.iterator().next() : c.original(), String.join("|", names),
                    line, classes.size() == 1 ? sourceFileOf(classes.iterator().next(), c) : null);
        }
        MappingSyntax.MethodLine outer = groups.getFirst().getLast().line();
        String cls = classes.iterator().next();
        return new Result(cls, outer.name(), outer.covers(line) ? outer.originalLine(line) : line,
                sourceFileOf(cls, c));
    }

    /** The source file R8 recorded for an original class (read from its member lines), or null. */
    private String sourceFileOf(String originalClass, MappedClass own) {
        MappedClass c = originalClass.equals(own.original()) ? own : mapping.byOriginal(originalClass);
        return c == null ? null : mapping.methods(c).sourceFile();
    }

    /** Consecutive method lines with one obfuscated range: an inlined group, outermost method last. */
    private static List<List<ProguardMapping.Method>> inlineGroups(List<ProguardMapping.Method> named) {
        List<List<ProguardMapping.Method>> groups = new ArrayList<>();
        List<ProguardMapping.Method> g = null;
        ProguardMapping.Method prev = null;
        for (ProguardMapping.Method m : named) {
            boolean sameGroup = prev != null && m.seq() == prev.seq() + 1 && m.line().hasRange()
                    && m.line().obfFrom() == prev.line().obfFrom() && m.line().obfTo() == prev.line().obfTo();
            if (!sameGroup) {
                g = new ArrayList<>(1);
                groups.add(g);
            }
            g.add(m);
            prev = m;
        }
        return groups;
    }

    /** The groups whose range covers the line; without such, the ones without a range; else all. */
    private static List<List<ProguardMapping.Method>> narrowByLine(List<List<ProguardMapping.Method>> groups, int line) {
        if (groups.size() == 1) {
            return groups;
        }
        List<List<ProguardMapping.Method>> covering = new ArrayList<>();
        List<List<ProguardMapping.Method>> rangeless = new ArrayList<>();
        for (List<ProguardMapping.Method> g : groups) {
            MappingSyntax.MethodLine l = g.getLast().line();
            if (line > 0 && l.covers(line)) {
                covering.add(g);
            } else if (!l.hasRange()) {
                rangeless.add(g);
            }
        }
        return !covering.isEmpty() ? covering : !rangeless.isEmpty() ? rangeless : groups;
    }

    /** The groups whose outer method's descriptor, in obfuscated names, is the frame's; else all. */
    private List<List<ProguardMapping.Method>> narrowBySignature(List<List<ProguardMapping.Method>> groups,
            String signature) {
        if (groups.size() == 1 || signature == null || signature.isEmpty()) {
            return groups;
        }
        List<List<ProguardMapping.Method>> same = new ArrayList<>();
        for (List<ProguardMapping.Method> g : groups) {
            if (signature.equals(descriptor(g.getLast().line(), this::obfuscatedName))) {
                same.add(g);
            }
        }
        return same.isEmpty() ? groups : same;
    }

    private String obfuscatedName(String original) {
        MappedClass c = mapping.byOriginal(original);
        return c == null ? original : c.obfuscated();
    }

    /** The JVM descriptor of a method line, with class names passed through {@code rename}. */
    static String descriptor(MappingSyntax.MethodLine m, UnaryOperator<String> rename) {
        StringBuilder sb = new StringBuilder("(");
        if (!m.args().isEmpty()) {
            for (String a : m.args().split(",")) {
                typeDescriptor(sb, a, rename);
            }
        }
        sb.append(')');
        typeDescriptor(sb, m.returnType(), rename);
        return sb.toString();
    }

    private static void typeDescriptor(StringBuilder sb, String javaType, UnaryOperator<String> rename) {
        String base = javaType;
        while (base.endsWith("[]")) {
            sb.append('[');
            base = base.substring(0, base.length() - 2);
        }
        if (base.equals("void")) {
            sb.append('V');
            return;
        }
        FieldType p = FieldType.ofJavaName(base);
        if (p != null) {
            sb.append(switch (p) {
                case BOOLEAN -> 'Z';
                case CHAR -> 'C';
                case FLOAT -> 'F';
                case DOUBLE -> 'D';
                case BYTE -> 'B';
                case SHORT -> 'S';
                case INT -> 'I';
                case LONG -> 'J';
                case OBJECT -> throw new IllegalStateException();
            });
            return;
        }
        sb.append('L').append(rename.apply(base).replace('.', '/')).append(';');
    }
}
