package dev.heapwise.cli.walker;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.heapwise.walker.ExportSink;
import java.io.IOException;
import java.io.OutputStream;

/**
 * JSON lines through Jackson's streaming generator, one value per line:
 * <pre>
 * {"type":"object","id":"0x7f0010","className":"java.util.HashMap","shallowSize":48}
 * {"type":"ref","from":"0x7f0010","to":"0x7f0040","name":"table"}
 * {"type":"ref","from":"0x7f0040","to":"0x7f0090","name":"[3]"}
 * </pre>
 * Ids and element names are written from reused char buffers, so a line costs no allocation.
 */
final class JsonlSink implements ExportSink, AutoCloseable {
    private static final JsonFactory FACTORY = JsonFactory.builder().build()
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    private final JsonGenerator json;
    private final CharDigits digits = new CharDigits();

    JsonlSink(OutputStream out) throws IOException {
        json = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        json.setRootValueSeparator(null); // lines are ended by hand below
    }

    @Override
    public void object(long id, String className, long shallowSize, String classRepresented) throws IOException {
        json.writeStartObject();
        json.writeStringField("type", "object");
        json.writeFieldName("id");
        json.writeString(digits.chars(), 0, digits.hexId(id));
        json.writeStringField("className", className);
        json.writeNumberField("shallowSize", shallowSize);
        if (classRepresented != null) { // a class object: its own class is java.lang.Class
            json.writeStringField("represents", classRepresented);
        }
        json.writeEndObject();
        json.writeRaw('\n');
    }

    @Override
    public void reference(long from, long to, String fieldName, long arrayIndex) throws IOException {
        json.writeStartObject();
        json.writeStringField("type", "ref");
        json.writeFieldName("from");
        json.writeString(digits.chars(), 0, digits.hexId(from));
        json.writeFieldName("to");
        json.writeString(digits.chars(), 0, digits.hexId(to));
        json.writeFieldName("name");
        if (fieldName != null) {
            json.writeString(fieldName);
        } else {
            json.writeString(digits.chars(), 0, digits.bracketed(arrayIndex));
        }
        json.writeEndObject();
        json.writeRaw('\n');
    }

    @Override
    public void close() throws IOException {
        json.close();
    }
}
