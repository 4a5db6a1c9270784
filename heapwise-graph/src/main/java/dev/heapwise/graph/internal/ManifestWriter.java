package dev.heapwise.graph.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.heapwise.graph.GraphInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code manifest.json} with Jackson's streaming generator, field for field what {@link
 * ManifestReader} reads. Data binding's first use (reflection on the records, serializers built
 * at run time) took 150 ms of a small dump's first open without the ahead-of-time cache.
 */
final class ManifestWriter {
    private static final JsonFactory JSON = new JsonFactory();

    private ManifestWriter() {}

    static byte[] write(Manifest m) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(2048);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("version", m.version());
            g.writeStringField("dumpPath", m.dumpPath());
            g.writeNumberField("dumpSize", m.dumpSize());
            g.writeNumberField("dumpModifiedMillis", m.dumpModifiedMillis());
            g.writeFieldName("info");
            info(g, m.info());
            g.writeStringField("contentKind", m.contentKind());
            g.writeNumberField("contentSize", m.contentSize());
            g.writeBooleanField("positionsSorted", m.positionsSorted());
            g.writeNumberField("sizeUnit", m.sizeUnit());
            g.writeBooleanField("heapColumn", m.heapColumn());
            g.writeNumberField("javaLangClass", m.javaLangClass());
            g.writeFieldName("attributes");
            attributes(g, m.attributes());
            g.writeEndObject();
        }
        return out.toByteArray();
    }

    private static void info(JsonGenerator g, GraphInfo i) throws IOException {
        if (i == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeStringField("format", i.format());
        g.writeStringField("formatDetail", i.formatDetail());
        g.writeStringField("vm", i.vm());
        g.writeNumberField("idSize", i.idSize());
        g.writeNumberField("objects", i.objects());
        g.writeNumberField("classes", i.classes());
        g.writeNumberField("references", i.references());
        g.writeNumberField("gcRoots", i.gcRoots());
        g.writeNumberField("totalShallowSize", i.totalShallowSize());
        g.writeFieldName("heaps");
        texts(g, i.heaps());
        g.writeStringField("sizeModel", i.sizeModel());
        g.writeBooleanField("partial", i.partial());
        g.writeFieldName("warnings");
        texts(g, i.warnings());
        g.writeFieldName("phaseMillis");
        millis(g, i.phaseMillis());
        g.writeNumberField("archivedHeapReferences", i.archivedHeapReferences());
        g.writeEndObject();
    }

    private static void attributes(JsonGenerator g, List<Manifest.AttributeSpec> all) throws IOException {
        if (all == null) {
            g.writeNull();
            return;
        }
        g.writeStartArray();
        for (Manifest.AttributeSpec a : all) {
            g.writeStartObject();
            g.writeStringField("name", a.name());
            g.writeBooleanField("numeric", a.numeric());
            g.writeNumberField("base", a.base());
            g.writeStringField("file", a.file());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void texts(JsonGenerator g, List<String> all) throws IOException {
        if (all == null) {
            g.writeNull();
            return;
        }
        g.writeStartArray();
        for (String s : all) {
            g.writeString(s);
        }
        g.writeEndArray();
    }

    private static void millis(JsonGenerator g, Map<String, Long> all) throws IOException {
        if (all == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        for (Map.Entry<String, Long> e : all.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
