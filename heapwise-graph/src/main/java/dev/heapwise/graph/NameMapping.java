package dev.heapwise.graph;

import dev.heapwise.graph.internal.FrameRetrace;
import dev.heapwise.graph.internal.MappedClass;
import dev.heapwise.graph.internal.ProguardMapping;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The original names of an obfuscated program, from the mapping file R8 or ProGuard wrote when
 * they built it ({@code mapping.txt}). Given to a graph when it opens (the formats' open options),
 * it renames classes (arrays and nested classes too), fields, static fields and stack frames in
 * memory, so every analysis sees the original names; the index on disk keeps the dump's own names
 * and serves runs with and without a mapping alike. Names the mapping does not list stay as they
 * are (the JDK's and Android's own classes, kept classes).
 *
 * <p>A class the mapping lacks whose name extends a mapped one after a {@code $} (a lambda class
 * the VM made, {@code a.b$$Lambda/0x…}; a nested class R8 left out) keeps its suffix:
 * {@code com.example.Outer$$Lambda/0x…}. Fields are found by their declaring class's obfuscated
 * name, their name and (where R8 gave two fields one name) their type, as Shark and MAT do. A stack
 * frame gets its original class, method, line and source file (see {@link #rename(StackFrame)}).
 *
 * <p>Thread-safe. Costs: {@link #read} reads the whole file once and keeps a small object per
 * class and the field names; a class's methods are read back from the file when a stack frame of
 * that class is first renamed.
 */
public final class NameMapping {
    private final ProguardMapping mapping;
    private final FrameRetrace frames;

    private NameMapping(ProguardMapping mapping) {
        this.mapping = mapping;
        this.frames = new FrameRetrace(mapping);
    }

    /**
     * Reads an R8/ProGuard mapping file and checks every line of it.
     *
     * @throws DumpFormatException one line naming the file, the line number and what is wrong
     * @throws java.nio.file.NoSuchFileException when there is no such file
     */
    public static NameMapping read(Path file) throws IOException {
        return new NameMapping(ProguardMapping.read(file));
    }

    /** The mapping file. */
    public Path file() {
        return mapping.file();
    }

    /** How many classes the file maps. O(1). */
    public int classCount() {
        return mapping.classCount();
    }

    /**
     * The original name of a class named {@code name} in the dump (Java form: {@code a.b},
     * {@code a.b[][]}, {@code a.b$c}), or {@code name} itself when the mapping does not know it.
     * O(length of the name) map lookups.
     */
    public String className(String name) {
        int end = name.length();
        while (end >= 2 && name.startsWith("[]", end - 2)) {
            end -= 2;
        }
        String base = end == name.length() ? name : name.substring(0, end);
        String original = originalBase(base);
        return original == null ? name : end == name.length() ? original : original + name.substring(end);
    }

    private String originalBase(String base) {
        MappedClass c = mapping.byObfuscated(base);
        if (c != null) {
            return c.original();
        }
        for (int i = base.lastIndexOf('$'); i > 0; i = base.lastIndexOf('$', i - 1)) {
            MappedClass outer = mapping.byObfuscated(base.substring(0, i));
            if (outer != null) {
                return outer.original() + base.substring(i);
            }
        }
        return null;
    }

    /**
     * The original name of field {@code field} of type {@code type} that class {@code className}
     * (its name in the dump) declares, or {@code field} itself. O(log fields of the class).
     */
    public String fieldName(String className, String field, FieldType type) {
        MappedClass c = mapping.byObfuscated(className);
        String original = c == null ? null : c.fieldName(field, type);
        return original == null ? field : original;
    }

    /** Whether some class of the mapping has this original name: a way to tell that a mapping fits a dump. O(1). */
    public boolean mapsTo(String originalClassName) {
        return mapping.byOriginal(originalClassName) != null;
    }

    /**
     * The class with its original name and the original names of its fields and static fields; the
     * same object when nothing changes. A few map lookups per field; allocates the renamed class.
     */
    public HeapClass rename(HeapClass c) {
        String name = className(c.name());
        MappedClass mc = mapping.byObfuscated(c.name());
        if (mc == null && name.equals(c.name())) {
            return c;
        }
        List<FieldDef> fields = c.fields();
        List<StaticField> statics = c.statics();
        if (mc != null) {
            fields = new ArrayList<>(c.fields().size());
            for (FieldDef f : c.fields()) {
                String n = mc.fieldName(f.name(), f.type());
                fields.add(n == null ? f : new FieldDef(n, f.type()));
            }
            statics = new ArrayList<>(c.statics().size());
            for (StaticField s : c.statics()) {
                String n = mc.fieldName(s.name(), s.type());
                statics.add(n == null ? s : new StaticField(n, s.type(), s.raw()));
            }
        }
        return new HeapClass(c.index(), name, c.classObjectId(), c.objectIndex(), c.superIndex(), c.loaderId(),
                c.shape(), c.elementType(), fields, statics, c.instanceSize(), c.instanceCount(),
                c.shallowSizeOfInstances());
    }

    /**
     * The frame with its original class, method, line and source file, and its JVM signature in
     * original class names. A frame of an inlined method group is its outermost method (the one the
     * VM's frame and its locals belong to), at the line of the call it was making; the candidates are
     * narrowed by the frame's line, then its signature; a method name that stays ambiguous lists
     * every candidate, joined with {@code |}. The locals stay. Reads the class's member lines from
     * the mapping file on first use.
     *
     * @throws java.io.UncheckedIOException when the mapping file can no longer be read, or has
     *         changed since {@link #read} so that it no longer parses
     */
    public StackFrame rename(StackFrame f) {
        FrameRetrace.Result r = f.className().isEmpty() ? null
                : frames.retrace(f.className(), f.method(), f.signature(), f.line());
        String signature = renameDescriptor(f.signature());
        if (r == null) {
            return new StackFrame(className(f.className()), f.method(), signature, f.sourceFile(), f.line(), f.locals());
        }
        return new StackFrame(r.className(), r.method(), signature, r.sourceFile() != null ? r.sourceFile() : f.sourceFile(),
                r.line(), f.locals());
    }

    /** A JVM descriptor ({@code (La/b;[I)V}) with its class names mapped. */
    String renameDescriptor(String descriptor) {
        int l = descriptor.indexOf('L');
        if (l < 0) {
            return descriptor;
        }
        StringBuilder sb = new StringBuilder(descriptor.length() + 32);
        int from = 0;
        while (l >= 0) {
            int semi = descriptor.indexOf(';', l);
            if (semi < 0) {
                break;
            }
            sb.append(descriptor, from, l + 1);
            String javaName = descriptor.substring(l + 1, semi).replace('/', '.');
            sb.append(className(javaName).replace('.', '/'));
            from = semi;
            l = descriptor.indexOf('L', semi);
        }
        sb.append(descriptor, from, descriptor.length());
        return sb.toString();
    }

    @Override
    public String toString() {
        return "NameMapping[" + file() + ", " + classCount() + " classes]";
    }
}
