package dev.heapwise.graph.internal;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.heapwise.graph.DumpFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A parsed R8/ProGuard mapping file (see {@link MappingSyntax}). {@link #read} checks every line
 * and keeps classes and fields; a class's methods and source file are read back from the file the
 * first time a stack frame needs them. Thread-safe after {@link #read}.
 */
public final class ProguardMapping {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();

    private final Path file;
    private final Map<String, MappedClass> byObfuscated;
    private final Map<String, MappedClass> byOriginal;
    private final Map<String, ClassMethods> methods = new ConcurrentHashMap<>();

    private ProguardMapping(Path file, Map<String, MappedClass> byObfuscated) {
        this.file = file;
        this.byObfuscated = byObfuscated;
        this.byOriginal = new HashMap<>(byObfuscated.size() * 2);
        for (MappedClass c : byObfuscated.values()) {
            byOriginal.merge(c.original(), c, (a, b) -> a.line() < b.line() ? a : b);
        }
    }

    /**
     * Reads and checks a whole mapping file. Cost: one pass over the file; keeps a small object per
     * class and a few strings per field (names repeat across classes and are shared).
     *
     * @throws DumpFormatException naming the file and line of the first line that is not part of
     *         the format, or that maps an obfuscated class name a second time
     */
    public static ProguardMapping read(Path file) throws IOException {
        Map<String, MappedClass> classes = new HashMap<>();
        Map<String, String> names = new HashMap<>(); // one String per distinct name
        try (InputStream in = Files.newInputStream(file)) {
            MappingLines lines = new MappingLines(in, file, 0, 1);
            MappingSyntax.ClassLine current = null;
            int currentLine = 0;
            long membersFrom = 0;
            List<MappingSyntax.FieldLine> fields = new ArrayList<>();
            for (String s = lines.next(); s != null; s = lines.next()) {
                int from = MappingSyntax.start(s);
                if (from == s.length() || MappingSyntax.isComment(s, from)) {
                    continue;
                }
                int to = MappingSyntax.end(s, from);
                if (MappingSyntax.isClassLine(s, to)) {
                    MappingSyntax.ClassLine c = MappingSyntax.classLine(s, from, to);
                    if (c == null) {
                        throw error(file, lines.lineNumber(), s, MappingSyntax.CLASS_SHAPE);
                    }
                    if (current != null) {
                        classes.put(current.obfuscated(), new MappedClass(current.original(), current.obfuscated(),
                                currentLine, membersFrom, lines.lineStart(), fields));
                    }
                    MappedClass earlier = classes.get(c.obfuscated());
                    if (earlier != null) {
                        throw error(file, lines.lineNumber(), s, "class " + c.obfuscated()
                                + " is mapped a second time (first at line " + earlier.line() + ")");
                    }
                    current = new MappingSyntax.ClassLine(shared(names, c.original()), c.obfuscated());
                    currentLine = lines.lineNumber();
                    membersFrom = lines.offset();
                    fields = new ArrayList<>();
                } else {
                    if (current == null) {
                        throw error(file, lines.lineNumber(), s, "a member line before any class line");
                    }
                    MappingSyntax.Kind kind = MappingSyntax.memberKind(s, from, to);
                    if (kind == MappingSyntax.Kind.BAD) {
                        throw error(file, lines.lineNumber(), s, MappingSyntax.MEMBER_SHAPE);
                    }
                    if (kind == MappingSyntax.Kind.FIELD) {
                        MappingSyntax.FieldLine f = MappingSyntax.fieldLine(s, from, to);
                        fields.add(new MappingSyntax.FieldLine(f.type(), shared(names, f.original()),
                                shared(names, f.obfuscated())));
                    }
                }
            }
            if (current != null) {
                classes.put(current.obfuscated(), new MappedClass(current.original(), current.obfuscated(),
                        currentLine, membersFrom, lines.offset(), fields));
            }
        }
        return new ProguardMapping(file, classes);
    }

    private static String shared(Map<String, String> names, String s) {
        String had = names.putIfAbsent(s, s);
        return had != null ? had : s;
    }

    private static DumpFormatException error(Path file, int line, String text, String problem) {
        int column = 1;
        while (column <= text.length() && Character.isWhitespace(text.charAt(column - 1))) {
            column++;
        }
        return new DumpFormatException(file, line, column, problem, null);
    }

    public Path file() {
        return file;
    }

    public int classCount() {
        return byObfuscated.size();
    }

    /** The class with this obfuscated name, or null. O(1). */
    public MappedClass byObfuscated(String name) {
        return byObfuscated.get(name);
    }

    /** The class with this original name (the first in the file if several), or null. O(1). */
    public MappedClass byOriginal(String name) {
        return byOriginal.get(name);
    }

    /** A class's method lines by obfuscated name, in file order, and its source file. */
    public record ClassMethods(String sourceFile, Map<String, List<Method>> byName) {}

    /** A method line and its place among the class's method lines (inlined frames are consecutive). */
    public record Method(MappingSyntax.MethodLine line, int seq) {}

    /**
     * The methods of a class, read back from the file on first use and kept. Cost: one positional
     * read of the class's member lines.
     *
     * @throws UncheckedIOException when the file cannot be read any more or has changed so that
     *         those lines no longer parse (a {@link DumpFormatException} as the cause)
     */
    public ClassMethods methods(MappedClass c) {
        return methods.computeIfAbsent(c.obfuscated(), k -> {
            try {
                return readMethods(c);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private ClassMethods readMethods(MappedClass c) throws IOException {
        long size = c.membersTo() - c.membersFrom();
        if (size > Integer.MAX_VALUE - 16) {
            throw new DumpFormatException(file, c.line(), 1, "class " + c.original() + " has over 2 GiB of member lines", null);
        }
        ByteBuffer bytes = ByteBuffer.allocate((int) size);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (bytes.hasRemaining() && ch.read(bytes, c.membersFrom() + bytes.position()) > 0) {
                // positional reads until the range is in
            }
        }
        MappingLines lines = new MappingLines(new ByteArrayInputStream(bytes.array(), 0, bytes.position()), file,
                c.membersFrom(), c.line() + 1);
        String sourceFile = null;
        boolean membersSeen = false;
        Map<String, List<Method>> byName = new HashMap<>();
        int seq = 0;
        for (String s = lines.next(); s != null; s = lines.next()) {
            int from = MappingSyntax.start(s);
            if (from == s.length()) {
                continue;
            }
            int to = MappingSyntax.end(s, from);
            if (MappingSyntax.isComment(s, from)) {
                if (!membersSeen && sourceFile == null) {
                    sourceFile = sourceFile(s.substring(from, to));
                }
                continue;
            }
            membersSeen = true;
            MappingSyntax.Kind kind = MappingSyntax.isClassLine(s, to) ? MappingSyntax.Kind.BAD
                    : MappingSyntax.memberKind(s, from, to);
            if (kind == MappingSyntax.Kind.BAD) {
                throw error(file, lines.lineNumber(), s, "changed since it was read: " + MappingSyntax.MEMBER_SHAPE);
            }
            if (kind == MappingSyntax.Kind.METHOD) {
                MappingSyntax.MethodLine ml = MappingSyntax.methodLine(s, from, to);
                byName.computeIfAbsent(ml.obfuscated(), k -> new ArrayList<>(2)).add(new Method(ml, seq));
            }
            seq++;
        }
        return new ClassMethods(sourceFile, byName);
    }

    /** The file name of R8's {@code # {"id":"sourceFile","fileName":"Main.kt"}}, or null for other comments. */
    static String sourceFile(String comment) {
        String body = comment.substring(1).strip();
        if (!body.startsWith("{")) {
            return null;
        }
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && "sourceFile".equals(n.path("id").asText()) && n.path("fileName").isTextual()) {
                return n.get("fileName").asText();
            }
        } catch (IOException | RuntimeException notJson) {
            // a comment, not information for us
        }
        return null;
    }
}
