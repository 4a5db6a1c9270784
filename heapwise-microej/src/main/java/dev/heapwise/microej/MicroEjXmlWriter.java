package dev.heapwise.microej;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.microej.internal.FieldValues;
import dev.heapwise.microej.internal.SecureXml;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes any heap graph (HPROF or MicroEJ) as a MicroEJ heap dump that follows the schema of the
 * MicroEJ documentation, so realistic MicroEJ dumps can be made from JVM dumps:
 * <ul>
 *   <li>every class with a class object becomes a {@code class} element, named in internal
 *       notation ({@code Lcom/x/Y;}, {@code [I}), with its superclass id and statics;</li>
 *   <li>then every other object, in id order: instances as {@code object} (class by
 *       slash-separated name, or by class id when several classes share the name), arrays as
 *       {@code array} with {@code length} and {@code elementsType};</li>
 *   <li>ids in decimal; a null reference is a field without {@code id}, and 0 in an array; a
 *       reference to an object the graph does not contain (HPROF dumps have some) is written as
 *       null, so the output is a valid dump, and counted;</li>
 *   <li>{@code createdAt}, {@code createdInThread}, {@code createdInMethod} and {@code tag} when the
 *       graph has them; {@code tag} is required, so objects without one get {@code tag="0"}.</li>
 * </ul>
 * Streams: reads each object once through the graph (positional reads), keeps nothing per object.
 * Not thread-safe.
 */
public final class MicroEjXmlWriter {
    private final HeapGraph g;
    private final MicroEjAttributes attrs;
    private final XMLStreamWriter w;
    private final Map<Integer, String> classRefs = new HashMap<>();
    private long dangling;

    private MicroEjXmlWriter(HeapGraph g, XMLStreamWriter w) {
        this.g = g;
        this.attrs = new MicroEjAttributes(g);
        this.w = w;
    }

    /**
     * Writes {@code g} to {@code out} (UTF-8). Does not close {@code out}.
     *
     * @return how many references to objects the graph does not contain were written as null
     */
    public static long write(HeapGraph g, OutputStream out, ProgressListener progress) throws IOException {
        try {
            XMLStreamWriter w = SecureXml.outputFactory().createXMLStreamWriter(out, "UTF-8");
            MicroEjXmlWriter writer = new MicroEjXmlWriter(g, w);
            writer.writeAll(progress);
            w.flush();
            w.close();
            return writer.dangling;
        } catch (XMLStreamException e) {
            throw new IOException("cannot write XML: " + e.getMessage(), e);
        }
    }

    private void writeAll(ProgressListener progress) throws XMLStreamException {
        Map<String, Integer> nameCounts = new HashMap<>();
        for (HeapClass c : g.classes()) {
            nameCounts.merge(c.name(), 1, Integer::sum);
        }
        for (HeapClass c : g.classes()) {
            boolean unique = nameCounts.get(c.name()) == 1;
            classRefs.put(c.index(), unique || c.objectIndex() < 0 ? TypeNames.toInternalName(c.name())
                    : idText(c.objectIndex()));
        }
        w.writeStartDocument("UTF-8", "1.0");
        w.writeCharacters("\n");
        w.writeStartElement("heap");
        int n = g.objectCount();
        progress.phase("writing MicroEJ XML", 2L * n);
        for (int o = 0; o < n; o++) {
            int represented = g.kind(o) == ObjectKind.CLASS ? g.classIndexOfClassObject(o) : -1;
            if (represented >= 0) {
                classElement(g.heapClass(represented));
            }
            if ((o & 0xFFFF) == 0) {
                progress.progress(o);
            }
        }
        for (int o = 0; o < n; o++) {
            switch (g.kind(o)) {
                case INSTANCE -> object(o);
                case OBJECT_ARRAY -> objectArray(o);
                case PRIMITIVE_ARRAY -> primitiveArray(o);
                case CLASS -> { }
            }
            if ((o & 0xFFFF) == 0) {
                progress.progress(n + (long) o);
            }
        }
        w.writeCharacters("\n");
        w.writeEndElement();
        w.writeCharacters("\n");
        w.writeEndDocument();
    }

    private String idText(int object) {
        String spelled = attrs.graph().attribute(MicroEjAttributes.XML_ID) == null ? null
                : attrs.graph().attribute(MicroEjAttributes.XML_ID).text(object);
        return spelled != null ? spelled : Long.toUnsignedString(g.id(object));
    }

    /** The id text of a reference, or null (written as null) when the graph has no such object. */
    private String refText(long id) {
        int k = g.indexOf(id);
        if (k < 0) {
            dangling++;
            return null;
        }
        return idText(k);
    }

    private void indent(int depth) throws XMLStreamException {
        w.writeCharacters("\n" + "  ".repeat(depth));
    }

    private void classElement(HeapClass c) throws XMLStreamException {
        indent(1);
        boolean empty = c.statics().isEmpty();
        if (empty) {
            w.writeEmptyElement("class");
        } else {
            w.writeStartElement("class");
        }
        w.writeAttribute("name", TypeNames.classElementName(c.name()));
        w.writeAttribute("id", idText(c.objectIndex()));
        if (c.superIndex() >= 0 && g.heapClass(c.superIndex()).objectIndex() >= 0) {
            w.writeAttribute("superclass", idText(g.heapClass(c.superIndex()).objectIndex()));
        }
        if (!empty) {
            for (FieldValue v : g.staticFields(c.index())) {
                field(v.name(), v.type(), v.raw());
            }
            indent(1);
            w.writeEndElement();
        }
    }

    private void field(String name, FieldType type, long raw) throws XMLStreamException {
        indent(2);
        w.writeEmptyElement("field");
        w.writeAttribute("name", clean(name));
        if (type == FieldType.OBJECT) {
            String ref = raw == 0 ? null : refText(raw);
            if (ref != null) {
                w.writeAttribute("id", ref);
            }
        } else {
            w.writeAttribute("type", String.valueOf(TypeNames.letter(type)));
            w.writeAttribute("value", FieldValues.formatField(type, raw));
        }
    }

    private void creation(int o, boolean withTag) throws XMLStreamException {
        long t = attrs.createdAt(o);
        if (t != MicroEjAttributes.NO_TIME) {
            w.writeAttribute("createdAt", Long.toString(t));
        }
        String thread = attrs.thread(o);
        if (thread != null) {
            w.writeAttribute("createdInThread", clean(thread));
        }
        String method = attrs.method(o);
        if (method != null) {
            w.writeAttribute("createdInMethod", clean(method));
        }
        if (withTag) {
            String tag = attrs.tag(o);
            w.writeAttribute("tag", tag == null ? "0" : clean(tag));
        }
    }

    private void object(int o) throws XMLStreamException {
        List<FieldValue> fields = g.fields(o);
        indent(1);
        if (fields.isEmpty()) {
            w.writeEmptyElement("object");
        } else {
            w.writeStartElement("object");
        }
        w.writeAttribute("id", idText(o));
        w.writeAttribute("class", classRefs.get(g.classOf(o)));
        creation(o, true);
        if (!fields.isEmpty()) {
            for (FieldValue v : fields) {
                field(v.name(), v.type(), v.raw());
            }
            indent(1);
            w.writeEndElement();
        }
    }

    private void arrayStart(int o, long length, String elementDescriptor, boolean empty) throws XMLStreamException {
        indent(1);
        if (empty) {
            w.writeEmptyElement("array");
        } else {
            w.writeStartElement("array");
        }
        w.writeAttribute("id", idText(o));
        w.writeAttribute("class", classRefs.get(g.classOf(o)));
        creation(o, false);
        w.writeAttribute("length", Long.toString(length));
        w.writeAttribute("elementsType", elementDescriptor);
    }

    private void objectArray(int o) throws XMLStreamException {
        long length = Math.max(0, g.arrayLength(o));
        String name = g.heapClass(g.classOf(o)).name();
        String element = name.endsWith("[]") ? name.substring(0, name.length() - 2) : "java.lang.Object";
        arrayStart(o, length, TypeNames.toDescriptor(element), length == 0);
        if (length == 0) {
            return;
        }
        StringBuilder sb = new StringBuilder();
        for (long from = 0; from < length; from += 4096) {
            long[] ids = g.readObjectArray(o, from, (int) Math.min(4096, length - from));
            for (long id : ids) {
                if (!sb.isEmpty() || from > 0) {
                    sb.append(' ');
                }
                String ref = id == 0 ? null : refText(id);
                sb.append(ref == null ? "0" : ref);
            }
            w.writeCharacters(sb.toString());
            sb.setLength(0);
        }
        w.writeEndElement();
    }

    private void primitiveArray(int o) throws XMLStreamException {
        HeapClass c = g.heapClass(g.classOf(o));
        FieldType type = c.elementType();
        long length = Math.max(0, g.arrayLength(o));
        arrayStart(o, length, String.valueOf(TypeNames.letter(type)), length == 0);
        if (length == 0) {
            return;
        }
        int size = type.size(4);
        StringBuilder sb = new StringBuilder();
        for (long from = 0; from < length; from += 8192) {
            int count = (int) Math.min(8192, length - from);
            byte[] data = g.readPrimitiveArray(o, from, count);
            ByteBuffer b = data == null ? ByteBuffer.allocate(count * size) : ByteBuffer.wrap(data);
            for (int i = 0; i < count; i++) {
                long raw = type.read(b, i * size, 4);
                if (from > 0 || i > 0) {
                    sb.append(' ');
                }
                sb.append(FieldValues.element(type, raw));
            }
            w.writeCharacters(sb.toString());
            sb.setLength(0);
        }
        w.writeEndElement();
    }

    /** XML 1.0 cannot hold most control characters, even escaped: such characters become '?'. */
    static String clean(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xFFFE || c == 0xFFFF) {
                StringBuilder sb = new StringBuilder(s.length());
                for (int k = 0; k < s.length(); k++) {
                    char d = s.charAt(k);
                    sb.append(d < 0x20 && d != '\t' && d != '\n' && d != '\r' || d == 0xFFFE || d == 0xFFFF ? '?' : d);
                }
                return sb.toString();
            }
        }
        return s;
    }
}
