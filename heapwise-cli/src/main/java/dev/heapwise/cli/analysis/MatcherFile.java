package dev.heapwise.cli.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.leaks.ReferenceMatcher;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The user's reference matchers: a JSON array of
 * {@code {"type": "instanceField"|"staticField"|"javaLocal"|"rootClass"|"nativeGlobal", "className", "fieldName",
 * "threadName", "description", "ignore": false}}.
 */
final class MatcherFile {
    private MatcherFile() {}

    static List<ReferenceMatcher> read(Path file) throws IOException {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ": line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": not valid JSON: "
                    // Jackson's note that it hides the source: not for the user's eyes
                    + e.getOriginalMessage().replaceAll("\\[Source: REDACTED \\([^)]*\\); ", "["));
        }
        if (root == null || !root.isArray()) {
            throw new BadInputException(file + ": line 1, column 1: expected a JSON array of matchers");
        }
        List<ReferenceMatcher> out = new ArrayList<>();
        int i = 0;
        for (JsonNode m : root) {
            String where = file + ": matcher " + i++ + ": ";
            String type = m.path("type").asText("");
            ReferenceMatcher.Type t = switch (type.toLowerCase(Locale.ROOT)) {
                case "instancefield" -> ReferenceMatcher.Type.INSTANCE_FIELD;
                case "staticfield" -> ReferenceMatcher.Type.STATIC_FIELD;
                case "javalocal" -> ReferenceMatcher.Type.JAVA_LOCAL;
                case "rootclass" -> ReferenceMatcher.Type.ROOT_CLASS;
                case "nativeglobal" -> ReferenceMatcher.Type.NATIVE_GLOBAL;
                default -> throw new BadInputException(where + "type must be instanceField, staticField, javaLocal,"
                        + " rootClass or nativeGlobal, not '" + type + "'");
            };
            String cls = m.path("className").asText(null);
            String name = t == ReferenceMatcher.Type.JAVA_LOCAL ? m.path("threadName").asText(null)
                    : m.path("fieldName").asText(null);
            if (t != ReferenceMatcher.Type.JAVA_LOCAL && (cls == null || cls.isBlank())) {
                throw new BadInputException(where + "className is missing");
            }
            boolean named = t != ReferenceMatcher.Type.ROOT_CLASS && t != ReferenceMatcher.Type.NATIVE_GLOBAL;
            if (named && (name == null || name.isBlank())) {
                throw new BadInputException(where + (t == ReferenceMatcher.Type.JAVA_LOCAL ? "threadName" : "fieldName")
                        + " is missing");
            }
            out.add(new ReferenceMatcher(t, cls, name, m.path("description").asText(""), m.path("ignore").asBoolean(false)));
        }
        return out;
    }
}
