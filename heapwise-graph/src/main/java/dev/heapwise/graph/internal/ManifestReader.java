package dev.heapwise.graph.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.heapwise.graph.GraphInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code manifest.json} with Jackson's streaming parser. Every command that opens an index
 * reads it first thing, and data binding's first use (reflection on the records, method handles
 * spun at run time) took 40-80 ms of a command's start (BENCHMARKS.md, "The tree's passes, ninth
 * session"). Unknown fields are skipped; a missing one reads as null, zero or false; a value of the
 * wrong kind, or a file that ends early, fails with a
 * {@link com.fasterxml.jackson.core.JsonProcessingException}, as data binding failed.
 */
final class ManifestReader {
    private static final JsonFactory JSON = new JsonFactory();

    private ManifestReader() {}

    static Manifest read(Path file) throws IOException {
        try (JsonParser p = JSON.createParser(file.toFile())) {
            expect(p, p.nextToken(), JsonToken.START_OBJECT);
            int version = 0;
            String dumpPath = null;
            long dumpSize = 0;
            long dumpModified = 0;
            GraphInfo info = null;
            String contentKind = null;
            long contentSize = 0;
            boolean positionsSorted = false;
            int sizeUnit = 0;
            boolean heapColumn = false;
            int javaLangClass = 0;
            List<Manifest.AttributeSpec> attributes = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "version" -> version = p.getIntValue();
                    case "dumpPath" -> dumpPath = text(p);
                    case "dumpSize" -> dumpSize = p.getLongValue();
                    case "dumpModifiedMillis" -> dumpModified = p.getLongValue();
                    case "info" -> info = info(p);
                    case "contentKind" -> contentKind = text(p);
                    case "contentSize" -> contentSize = p.getLongValue();
                    case "positionsSorted" -> positionsSorted = p.getBooleanValue();
                    case "sizeUnit" -> sizeUnit = p.getIntValue();
                    case "heapColumn" -> heapColumn = p.getBooleanValue();
                    case "javaLangClass" -> javaLangClass = p.getIntValue();
                    case "attributes" -> attributes = attributes(p);
                    default -> p.skipChildren();
                }
            }
            expect(p, p.currentToken(), JsonToken.END_OBJECT);
            return new Manifest(version, dumpPath, dumpSize, dumpModified, info, contentKind, contentSize,
                    positionsSorted, sizeUnit, heapColumn, javaLangClass, attributes);
        }
    }

    private static GraphInfo info(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        String format = null;
        String formatDetail = null;
        String vm = null;
        int idSize = 0;
        long objects = 0;
        long classes = 0;
        long references = 0;
        long gcRoots = 0;
        long totalShallowSize = 0;
        List<String> heaps = null;
        String sizeModel = null;
        boolean partial = false;
        List<String> warnings = null;
        Map<String, Long> phaseMillis = null;
        long archivedHeapReferences = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "format" -> format = text(p);
                case "formatDetail" -> formatDetail = text(p);
                case "vm" -> vm = text(p);
                case "idSize" -> idSize = p.getIntValue();
                case "objects" -> objects = p.getLongValue();
                case "classes" -> classes = p.getLongValue();
                case "references" -> references = p.getLongValue();
                case "gcRoots" -> gcRoots = p.getLongValue();
                case "totalShallowSize" -> totalShallowSize = p.getLongValue();
                case "heaps" -> heaps = texts(p);
                case "sizeModel" -> sizeModel = text(p);
                case "partial" -> partial = p.getBooleanValue();
                case "warnings" -> warnings = texts(p);
                case "phaseMillis" -> phaseMillis = millis(p);
                case "archivedHeapReferences" -> archivedHeapReferences = p.getLongValue();
                default -> p.skipChildren();
            }
        }
        expect(p, p.currentToken(), JsonToken.END_OBJECT);
        return new GraphInfo(format, formatDetail, vm, idSize, objects, classes, references, gcRoots,
                totalShallowSize, heaps, sizeModel, partial, warnings, phaseMillis, archivedHeapReferences);
    }

    private static List<Manifest.AttributeSpec> attributes(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, p.currentToken(), JsonToken.START_ARRAY);
        List<Manifest.AttributeSpec> all = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String name = null;
            boolean numeric = false;
            long base = 0;
            String file = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "name" -> name = text(p);
                    case "numeric" -> numeric = p.getBooleanValue();
                    case "base" -> base = p.getLongValue();
                    case "file" -> file = text(p);
                    default -> p.skipChildren();
                }
            }
            expect(p, p.currentToken(), JsonToken.END_OBJECT);
            all.add(new Manifest.AttributeSpec(name, numeric, base, file));
        }
        expect(p, p.currentToken(), JsonToken.END_ARRAY);
        return all;
    }

    private static List<String> texts(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, p.currentToken(), JsonToken.START_ARRAY);
        List<String> all = new ArrayList<>();
        for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
            expect(p, t, JsonToken.VALUE_STRING);
            all.add(p.getText());
        }
        return all;
    }

    private static Map<String, Long> millis(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        Map<String, Long> all = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            all.put(name, p.getLongValue());
        }
        expect(p, p.currentToken(), JsonToken.END_OBJECT);
        return all;
    }

    private static String text(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, p.currentToken(), JsonToken.VALUE_STRING);
        return p.getText();
    }

    private static void expect(JsonParser p, JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new com.fasterxml.jackson.core.JsonParseException(p,
                    "expected " + expected.asString() + " but found " + (actual == null ? "the end" : actual));
        }
    }
}
