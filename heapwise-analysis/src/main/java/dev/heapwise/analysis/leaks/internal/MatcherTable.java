package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.leaks.ReferenceMatcher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a table of matchers shipped as a resource: one per line, tab-separated {@code group, type,
 * className, name, ignored, condition, description}; {@code #} starts a comment line, {@code -}
 * stands for no value. A condition is {@code always} (every dump), {@code android} (every Android
 * dump), or parts joined by {@code " & "}, which ask for an Android build: {@code sdk A..B},
 * {@code sdk ..B}, {@code sdk A..} (inclusive) and {@code manufacturer NAME}.
 */
public final class MatcherTable {
    private MatcherTable() {}

    /** The matchers of resource {@code name}, next to this class's package root. */
    public static List<ReferenceMatcher> read(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the build");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<ReferenceMatcher> parse(BufferedReader in, String source) throws IOException {
        List<ReferenceMatcher> out = new ArrayList<>();
        int lineNumber = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNumber++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 7) {
                throw bad(source, lineNumber, "7 tab-separated columns expected, found " + f.length);
            }
            ReferenceMatcher.Type type = switch (f[1]) {
                case "instanceField" -> ReferenceMatcher.Type.INSTANCE_FIELD;
                case "staticField" -> ReferenceMatcher.Type.STATIC_FIELD;
                case "javaLocal" -> ReferenceMatcher.Type.JAVA_LOCAL;
                case "nativeGlobal" -> ReferenceMatcher.Type.NATIVE_GLOBAL;
                case "rootClass" -> ReferenceMatcher.Type.ROOT_CLASS;
                default -> throw bad(source, lineNumber, "unknown type '" + f[1] + "'");
            };
            if (!f[4].equals("true") && !f[4].equals("false")) {
                throw bad(source, lineNumber, "ignored must be true or false, not '" + f[4] + "'");
            }
            out.add(new ReferenceMatcher(type, value(f[2]), value(f[3]), f[6], Boolean.parseBoolean(f[4]),
                    condition(f[5], source, lineNumber)));
        }
        return out;
    }

    private static String value(String s) {
        return s.equals("-") ? null : s;
    }

    static ReferenceMatcher.Condition condition(String text, String source, int line) {
        if (text.equals("always")) {
            return ReferenceMatcher.Condition.ALWAYS;
        }
        if (text.equals("android")) {
            return ReferenceMatcher.Condition.ANDROID;
        }
        String manufacturer = null;
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        for (String part : text.split(" & ")) {
            if (part.startsWith("manufacturer ")) {
                manufacturer = part.substring("manufacturer ".length());
            } else if (part.startsWith("sdk ") && part.contains("..")) {
                String range = part.substring(4);
                int dots = range.indexOf("..");
                try {
                    if (dots > 0) {
                        min = Math.max(min, Integer.parseInt(range.substring(0, dots)));
                    }
                    if (dots + 2 < range.length()) {
                        max = Math.min(max, Integer.parseInt(range.substring(dots + 2)));
                    }
                } catch (NumberFormatException e) {
                    throw bad(source, line, "bad SDK range '" + part + "'");
                }
            } else {
                throw bad(source, line, "unknown condition '" + part + "'");
            }
        }
        return new ReferenceMatcher.Condition(manufacturer, min, max, true);
    }

    private static IllegalStateException bad(String source, int line, String what) {
        return new IllegalStateException(source + ": line " + line + ": " + what);
    }
}
