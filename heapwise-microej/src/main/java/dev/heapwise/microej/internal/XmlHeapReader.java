package dev.heapwise.microej.internal;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.microej.ReadReport.Problem;
import dev.heapwise.microej.TypeNames;
import java.io.IOException;
import java.io.InputStream;
import java.nio.CharBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Streams a MicroEJ heap dump (StAX, DTDs and external entities off) and checks it against the
 * schema of the MicroEJ documentation: element and attribute names, required attributes, numbers,
 * array lengths, base types. Each element is written to the scratch log as soon as it ends; the
 * only memory kept is per class, per class spelling and per distinct thread/method/tag, never per
 * object. References to ids are checked later, against the built graph.
 *
 * <p>Positions are the ones the StAX parser reports for an element: where its start tag ends.
 * Not thread-safe.
 */
final class XmlHeapReader {
    private final Path file;
    private final XMLStreamReader r;
    private final Problems problems;
    private final IdTable ids;
    private final ClassRegistry classes;
    private final ScratchWriter out;
    final TextDictionary threads = new TextDictionary();
    final TextDictionary methods = new TextDictionary();
    final TextDictionary tags = new TextDictionary();
    private final ProgressListener progress;
    private final LongSupplier bytesRead;

    long elements;
    boolean partial;
    String partialReason;

    // the fields of the element being read, reused from one element to the next
    private final List<String> fieldNames = new ArrayList<>();
    private final List<FieldType> fieldTypes = new ArrayList<>();
    private long[] fieldRaws = new long[16];

    private int line;
    private int column;

    XmlHeapReader(Path file, InputStream in, Problems problems, IdTable ids, ClassRegistry classes, ScratchWriter out,
            ProgressListener progress, LongSupplier bytesRead) throws IOException {
        this.file = file;
        this.problems = problems;
        this.ids = ids;
        this.classes = classes;
        this.out = out;
        this.progress = progress;
        this.bytesRead = bytesRead;
        try {
            this.r = SecureXml.inputFactory().createXMLStreamReader(in);
        } catch (XMLStreamException e) {
            throw notWellFormed(e);
        }
    }

    /** Where the current start tag began, when known (0: use the parser's position). */
    private int tagLine;
    private int tagColumn;

    /**
     * Advances the reader. For a start tag it remembers where the tag began: the parser's own
     * position after it is where the tag ended, which for a tag spread over several lines (one
     * attribute per line) is not the line a user looks for. The position before the event is the
     * tag's start after other markup or text (after text the JDK's parser has already read the
     * '<', hence one column back), but not after the prolog, whose whitespace it does not report.
     */
    private int next() throws XMLStreamException {
        int previous = r.getEventType();
        Location before = r.getLocation();
        int ev = r.next();
        boolean known = ev == XMLStreamConstants.START_ELEMENT && previous != XMLStreamConstants.START_DOCUMENT
                && previous != XMLStreamConstants.DTD;
        boolean text = previous == XMLStreamConstants.CHARACTERS || previous == XMLStreamConstants.SPACE;
        tagLine = known ? before.getLineNumber() : 0;
        tagColumn = known ? Math.max(1, before.getColumnNumber() - (text ? 1 : 0)) : 0;
        return ev;
    }

    private void here() {
        if (tagLine > 0 && r.getEventType() == XMLStreamConstants.START_ELEMENT) {
            line = tagLine;
            column = tagColumn;
            return;
        }
        Location l = r.getLocation();
        line = l.getLineNumber();
        column = l.getColumnNumber();
    }

    private void problem(Problem kind, String message) throws DumpFormatException {
        problems.report(kind, line, column, message);
    }

    /** Reads the whole document. */
    void read() throws IOException {
        long recordStart = 0;
        try {
            int ev = next();
            while (ev != XMLStreamConstants.START_ELEMENT) {
                if (ev == XMLStreamConstants.END_DOCUMENT) {
                    here();
                    throw new DumpFormatException(file, line, column, "the document has no root element", null);
                }
                ev = next();
            }
            here();
            if (!r.getLocalName().equals("heap")) {
                throw new DumpFormatException(file, line, column, "the root element is <" + r.getLocalName()
                        + ">, not <heap>: this is not a MicroEJ heap dump", null);
            }
            for (int i = 0; i < r.getAttributeCount(); i++) {
                problem(Problem.UNKNOWN_ATTRIBUTE, "<heap> has no attribute " + r.getAttributeLocalName(i));
            }
            while (true) {
                ev = next();
                if (ev == XMLStreamConstants.END_ELEMENT) {
                    break;
                }
                if (ev == XMLStreamConstants.CHARACTERS) {
                    text("<heap>");
                    continue;
                }
                if (ev != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                here();
                recordStart = out.position();
                switch (r.getLocalName()) {
                    case "class" -> classElement();
                    case "object" -> object(false);
                    case "stringLiteral" -> object(true);
                    case "array" -> array();
                    default -> unknownElement("<heap>");
                }
                if ((++elements & 0x3FFF) == 0) {
                    progress.progress(bytesRead.getAsLong());
                }
            }
            while (r.hasNext()) {
                next();
            }
        } catch (XMLStreamException e) {
            DumpFormatException bad = notWellFormed(e);
            if (!problems.lenient()) {
                throw bad;
            }
            Location l = e.getLocation();
            problems.report(Problem.NOT_WELL_FORMED, l == null ? 0 : l.getLineNumber(),
                    l == null ? 0 : l.getColumnNumber(), message(e));
            out.truncate(recordStart);
            partial = true;
            partialReason = "the XML breaks off at " + (l == null ? "an unknown place" : "line " + l.getLineNumber()
                    + ", column " + l.getColumnNumber()) + ": " + message(e);
        } finally {
            try {
                r.close();
            } catch (XMLStreamException e) {
                // closing a reader that failed: nothing more to learn
            }
        }
    }

    private DumpFormatException notWellFormed(XMLStreamException e) {
        Location l = e.getLocation();
        int ln = l == null ? 0 : l.getLineNumber();
        int col = l == null ? 0 : l.getColumnNumber();
        return new DumpFormatException(file, ln, col, "not well-formed XML: " + message(e), e);
    }

    /** The parser's message without its "ParseError at [row,col]" preamble. */
    private static String message(XMLStreamException e) {
        String m = String.valueOf(e.getMessage());
        int at = m.indexOf("Message: ");
        m = at >= 0 ? m.substring(at + "Message: ".length()) : m;
        return m.replace('\n', ' ').trim();
    }

    private void text(String where) throws DumpFormatException {
        if (!r.isWhiteSpace()) {
            here();
            String raw = r.getText();
            // the parser reports where the text ends: step back to where its first word starts
            int first = 0;
            while (first < raw.length() && Character.isWhitespace(raw.charAt(first))) {
                first++;
            }
            int newlinesAfter = 0;
            for (int i = first; i < raw.length(); i++) {
                newlinesAfter += raw.charAt(i) == '\n' ? 1 : 0;
            }
            int newlineBefore = raw.lastIndexOf('\n', first);
            line -= newlinesAfter;
            column = newlineBefore >= 0 ? first - newlineBefore : 1;
            String t = raw.trim();
            problem(Problem.UNEXPECTED_TEXT, where + " holds text \"" + (t.length() > 30 ? t.substring(0, 30) + "…" : t)
                    + "\", which the schema does not allow");
        }
    }

    private void unknownElement(String parent) throws XMLStreamException, DumpFormatException {
        problem(Problem.UNKNOWN_ELEMENT, "<" + r.getLocalName() + "> is not allowed in " + parent);
        skip();
    }

    /** Skips the current element and everything in it. */
    private void skip() throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int ev = next();
            if (ev == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (ev == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    private String missing(String element, String attribute) throws DumpFormatException {
        problem(Problem.MISSING_ATTRIBUTE, "<" + element + "> lacks the required attribute " + attribute);
        return null;
    }

    // ---- class

    private void classElement() throws XMLStreamException, IOException {
        String name = null;
        String id = null;
        String superclass = null;
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String v = r.getAttributeValue(i);
            switch (r.getAttributeLocalName(i)) {
                case "name" -> name = v;
                case "id" -> id = v;
                case "superclass" -> superclass = v;
                default -> problem(Problem.UNKNOWN_ATTRIBUTE, "<class> has no attribute " + r.getAttributeLocalName(i));
            }
        }
        int elLine = line;
        int elColumn = column;
        if (name == null) {
            missing("class", "name");
        }
        if (id == null) {
            missing("class", "id");
        }
        int n = fields("class");
        if (name == null || id == null) {
            return;
        }
        long graphId = ids.id(id);
        if (graphId == 0) {
            line = elLine;
            column = elColumn;
            problem(Problem.RESERVED_ID, "<class> " + name + " has id " + id + ", which means null");
            return;
        }
        List<StaticField> statics = new ArrayList<>(n);
        List<int[]> places = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            statics.add(new StaticField(fieldNames.get(i), fieldTypes.get(i), fieldRaws[i]));
            if (fieldTypes.get(i) == FieldType.OBJECT && fieldRaws[i] != 0) {
                places.add(new int[] {elLine, elColumn});
            }
        }
        ClassElement c = classes.addElement(graphId, TypeNames.toJava(name), superclass, elLine, elColumn, statics,
                places);
        out.putByte(Scratch.CLASS);
        out.putInt(c.number);
    }

    // ---- object and stringLiteral

    private void object(boolean literal) throws XMLStreamException, IOException {
        String element = literal ? "stringLiteral" : "object";
        String id = null;
        String cls = null;
        String createdAt = null;
        String thread = null;
        String method = null;
        String tag = null;
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String v = r.getAttributeValue(i);
            String a = r.getAttributeLocalName(i);
            switch (literal ? "literal:" + a : a) {
                case "id", "literal:id" -> id = v;
                case "class", "literal:class" -> cls = v;
                case "createdAt" -> createdAt = v;
                case "createdInThread" -> thread = v;
                case "createdInMethod" -> method = v;
                case "tag" -> tag = v;
                default -> problem(Problem.UNKNOWN_ATTRIBUTE, "<" + element + "> has no attribute " + a);
            }
        }
        int elLine = line;
        int elColumn = column;
        if (id == null) {
            missing(element, "id");
        }
        if (cls == null) {
            missing(element, "class");
        }
        if (!literal && tag == null) {
            missing(element, "tag");
        }
        long time = creationTime(createdAt);
        int n = fields(element);
        line = elLine;
        column = elColumn;
        if (literal && n != 4) {
            problem(Problem.FIELD_COUNT, "<stringLiteral> has " + n + " fields; the schema requires exactly 4");
        }
        if (id == null || cls == null) {
            return;
        }
        long graphId = ids.id(id);
        if (graphId == 0) {
            problem(Problem.RESERVED_ID, "<" + element + "> has id " + id + ", which means null");
            return;
        }
        ClassToken token = classes.token(cls.trim(), elLine, elColumn);
        long[] slots = place(token, n, element, id);
        out.putByte(Scratch.INSTANCE);
        out.putLong(graphId);
        out.putInt(token.number);
        out.putInt(elLine);
        out.putInt(elColumn);
        attributes(time, thread, method, tag);
        out.putInt(slots.length);
        for (long v : slots) {
            out.putLong(v);
        }
    }

    private long creationTime(String createdAt) throws DumpFormatException {
        if (createdAt == null) {
            return Scratch.NO_TIME;
        }
        try {
            long t = FieldValues.parseLong(createdAt.trim(), 0, createdAt.trim().length());
            if (t == Scratch.NO_TIME) {
                throw new NumberFormatException("out of range");
            }
            return t;
        } catch (NumberFormatException e) {
            problem(Problem.BAD_NUMBER, "createdAt \"" + createdAt + "\" is not an integer time stamp");
            return Scratch.NO_TIME;
        }
    }

    private void attributes(long time, String thread, String method, String tag) throws IOException {
        out.putLong(time);
        out.putInt(threads.code(thread));
        out.putInt(methods.code(method));
        out.putInt(tags.code(tag));
    }

    /**
     * Puts the fields just read into the slots of their class spelling's layout; the first object
     * of a spelling defines the layout. A field the layout lacks, or one the object lacks, is a
     * problem (strict); leniently the layout grows, and missing values read as 0/null.
     */
    private long[] place(ClassToken token, int n, String element, String id) throws DumpFormatException {
        if (!token.hasLayout) {
            token.hasLayout = true;
            for (int i = 0; i < n; i++) {
                token.names.add(fieldNames.get(i));
                token.types.add(fieldTypes.get(i));
            }
            return java.util.Arrays.copyOf(fieldRaws, n);
        }
        boolean same = n == token.size();
        for (int i = 0; same && i < n; i++) {
            same = fieldNames.get(i).equals(token.names.get(i)) && fieldTypes.get(i) == token.types.get(i);
        }
        if (same) {
            return java.util.Arrays.copyOf(fieldRaws, n);
        }
        boolean[] filled = new boolean[token.size() + n];
        long[] slots = new long[token.size() + n];
        for (int i = 0; i < n; i++) {
            int slot = -1;
            for (int k = 0; k < token.size(); k++) {
                if (!filled[k] && token.names.get(k).equals(fieldNames.get(i)) && token.types.get(k) == fieldTypes.get(i)) {
                    slot = k;
                    break;
                }
            }
            if (slot < 0) {
                problem(Problem.INCONSISTENT_FIELDS, "<" + element + "> " + id + " has a field " + fieldNames.get(i)
                        + " (" + fieldTypes.get(i).javaName() + ") that the first object of class " + token.text
                        + " (line " + token.line + ") does not have");
                token.names.add(fieldNames.get(i));
                token.types.add(fieldTypes.get(i));
                slot = token.size() - 1;
            }
            filled[slot] = true;
            slots[slot] = fieldRaws[i];
        }
        for (int k = 0; k < token.size(); k++) {
            if (!filled[k]) {
                problem(Problem.INCONSISTENT_FIELDS, "<" + element + "> " + id + " lacks the field " + token.names.get(k)
                        + " that the first object of class " + token.text + " (line " + token.line + ") has");
                break;
            }
        }
        return java.util.Arrays.copyOf(slots, token.size());
    }

    // ---- field (child of class, object and stringLiteral)

    /** Reads the field children of the current element into the field buffers; returns how many. */
    private int fields(String parent) throws XMLStreamException, DumpFormatException {
        fieldNames.clear();
        fieldTypes.clear();
        int n = 0;
        while (true) {
            int ev = next();
            if (ev == XMLStreamConstants.END_ELEMENT) {
                return n;
            }
            if (ev == XMLStreamConstants.CHARACTERS) {
                text("<" + parent + ">");
                continue;
            }
            if (ev != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            here();
            if (!r.getLocalName().equals("field")) {
                unknownElement("<" + parent + ">");
                continue;
            }
            if (field(n)) {
                n++;
            }
        }
    }

    private boolean field(int n) throws XMLStreamException, DumpFormatException {
        String name = null;
        String id = null;
        String value = null;
        String type = null;
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String v = r.getAttributeValue(i);
            switch (r.getAttributeLocalName(i)) {
                case "name" -> name = v;
                case "id" -> id = v;
                case "value" -> value = v;
                case "type" -> type = v;
                default -> problem(Problem.UNKNOWN_ATTRIBUTE, "<field> has no attribute " + r.getAttributeLocalName(i));
            }
        }
        // a field has no content
        while (true) {
            int ev = next();
            if (ev == XMLStreamConstants.END_ELEMENT) {
                break;
            }
            if (ev == XMLStreamConstants.CHARACTERS) {
                text("<field>");
            } else if (ev == XMLStreamConstants.START_ELEMENT) {
                unknownElement("<field>");
            }
        }
        if (name == null) {
            missing("field", "name");
            return false;
        }
        FieldType ft = null;
        if (type != null) {
            ft = TypeNames.fieldType(type);
            if (ft == null) {
                problem(Problem.BAD_TYPE, "field " + name + " has type \"" + type + "\", which is no type");
                return false;
            }
        }
        FieldType kind;
        long raw;
        boolean reference = id != null && !IdTable.isNull(id.trim());
        if (reference) {
            if (ft != null && ft != FieldType.OBJECT) {
                problem(Problem.BAD_FIELD, "field " + name + " has both a reference id and the base type " + type);
                kind = ft;
                raw = 0;
            } else {
                kind = FieldType.OBJECT;
                raw = ids.id(id);
            }
        } else if (ft != null && ft != FieldType.OBJECT) {
            kind = ft;
            raw = 0;
            if (value == null) {
                problem(Problem.BAD_FIELD, "field " + name + " has type " + type + " but no value");
            } else {
                try {
                    raw = FieldValues.parseField(ft, value);
                } catch (NumberFormatException e) {
                    problem(Problem.BAD_NUMBER, "field " + name + " of type " + type + " has value \"" + value
                            + "\": " + e.getMessage());
                }
            }
        } else {
            if (value != null && !IdTable.isNull(value.trim())) {
                problem(Problem.BAD_FIELD, "field " + name + " has a value but no base type");
            }
            kind = FieldType.OBJECT;
            raw = 0;
        }
        if (n >= fieldRaws.length) {
            fieldRaws = java.util.Arrays.copyOf(fieldRaws, n * 2);
        }
        fieldNames.add(name);
        fieldTypes.add(kind);
        fieldRaws[n] = raw;
        return true;
    }

    // ---- array

    private void array() throws XMLStreamException, IOException {
        String id = null;
        String cls = null;
        String createdAt = null;
        String thread = null;
        String method = null;
        String length = null;
        String elementsType = null;
        String type = null;
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String v = r.getAttributeValue(i);
            switch (r.getAttributeLocalName(i)) {
                case "id" -> id = v;
                case "class" -> cls = v;
                case "createdAt" -> createdAt = v;
                case "createdInThread" -> thread = v;
                case "createdInMethod" -> method = v;
                case "length" -> length = v;
                case "elementsType" -> elementsType = v;
                case "type" -> type = v;
                default -> problem(Problem.UNKNOWN_ATTRIBUTE, "<array> has no attribute " + r.getAttributeLocalName(i));
            }
        }
        int elLine = line;
        int elColumn = column;
        if (id == null) {
            missing("array", "id");
        }
        if (cls == null) {
            missing("array", "class");
        }
        long declared = -1;
        if (length == null) {
            missing("array", "length");
        } else {
            try {
                declared = FieldValues.parseLong(length.trim(), 0, length.trim().length());
                if (declared < 0 || declared > Integer.MAX_VALUE - 8) {
                    throw new NumberFormatException("out of range");
                }
            } catch (NumberFormatException e) {
                problem(Problem.BAD_NUMBER, "<array> length \"" + length + "\" is not an array length");
                declared = -1;
            }
        }
        long time = creationTime(createdAt);
        long graphId = id == null ? 0 : ids.id(id);
        if (id != null && graphId == 0) {
            problem(Problem.RESERVED_ID, "<array> has id " + id + ", which means null");
        }
        String elementDescriptor = elementDescriptor(elementsType, type, cls);
        FieldType elementType = elementDescriptor == null ? null : TypeNames.fieldType(elementDescriptor);
        if (elementType == null && id != null && cls != null) {
            problem(Problem.BAD_TYPE, "<array> " + id + " does not tell its element type (elementsType \""
                    + elementsType + "\", type \"" + type + "\", class \"" + cls + "\")");
        }
        if (graphId == 0 || cls == null || elementType == null) {
            skip();
            return;
        }
        if (elementType == FieldType.OBJECT) {
            ArrayClassRef ref = classes.arrayClass(cls.trim(), TypeNames.toJava(elementDescriptor), elLine, elColumn);
            out.putByte(Scratch.OBJECT_ARRAY);
            out.putLong(graphId);
            out.putInt(ref.number);
        } else {
            out.putByte(Scratch.PRIMITIVE_ARRAY);
            out.putLong(graphId);
            out.putByte(elementType.code());
        }
        out.putInt(elLine);
        out.putInt(elColumn);
        attributes(time, thread, method, null);
        long lengthAt = out.position();
        out.putInt(0);
        long count = content(elementType);
        line = elLine;
        column = elColumn;
        if (declared >= 0 && count != declared) {
            problem(Problem.WRONG_ARRAY_LENGTH, "<array> " + id + " has length " + declared + " but holds " + count
                    + " elements");
        }
        out.patchInt(lengthAt, (int) count);
    }

    /** The element type's descriptor from elementsType, else type, else the class (a descriptor or a known array class). */
    private String elementDescriptor(String elementsType, String type, String cls) {
        if (elementsType != null && !elementsType.isBlank()) {
            return elementsType.trim();
        }
        if (type != null && !type.isBlank()) {
            String t = type.trim();
            return t.startsWith("[") ? t.substring(1) : t;
        }
        if (cls == null) {
            return null;
        }
        String c = cls.trim();
        if (c.startsWith("[")) {
            return c.substring(1);
        }
        ClassElement known = classes.find(c);
        String javaName = known != null ? known.javaName : TypeNames.toJava(c);
        if (javaName.endsWith("[]")) {
            return TypeNames.toDescriptor(javaName.substring(0, javaName.length() - 2));
        }
        return null;
    }

    // the token being read when array content arrives in several text events
    private final StringBuilder pending = new StringBuilder();

    /** Reads an array's integers to the end tag, writing each to scratch; returns how many. */
    private long content(FieldType type) throws XMLStreamException, IOException {
        long count = 0;
        pending.setLength(0);
        while (true) {
            int ev = next();
            if (ev == XMLStreamConstants.END_ELEMENT) {
                if (!pending.isEmpty()) {
                    element(type, pending, 0, pending.length());
                    count++;
                }
                return count;
            }
            if (ev == XMLStreamConstants.START_ELEMENT) {
                here();
                unknownElement("<array>");
                continue;
            }
            if (ev != XMLStreamConstants.CHARACTERS && ev != XMLStreamConstants.SPACE
                    && ev != XMLStreamConstants.CDATA) {
                continue;
            }
            char[] chars = r.getTextCharacters();
            int start = r.getTextStart();
            int end = start + r.getTextLength();
            CharBuffer view = CharBuffer.wrap(chars);
            int tokenStart = -1;
            for (int i = start; i < end; i++) {
                char c = chars[i];
                boolean space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
                if (!space) {
                    if (tokenStart < 0) {
                        tokenStart = i;
                    }
                    continue;
                }
                if (tokenStart >= 0) {
                    if (pending.isEmpty()) {
                        element(type, view, tokenStart, i);
                    } else {
                        pending.append(chars, tokenStart, i - tokenStart);
                        element(type, pending, 0, pending.length());
                        pending.setLength(0);
                    }
                    count++;
                    tokenStart = -1;
                } else if (!pending.isEmpty()) {
                    element(type, pending, 0, pending.length());
                    pending.setLength(0);
                    count++;
                }
            }
            if (tokenStart >= 0) {
                pending.append(chars, tokenStart, end - tokenStart);
            }
        }
    }

    private void element(FieldType type, CharSequence s, int from, int to) throws IOException {
        long v;
        if (type == FieldType.OBJECT) {
            v = IdTable.numeric(s, from, to);
            if (v > 0) {
                ids.noteNumeric(v);
            } else if (v < 0) {
                String t = s.subSequence(from, to).toString();
                v = ids.id(t);
            }
        } else {
            try {
                v = FieldValues.parseElement(type, s, from, to);
            } catch (NumberFormatException e) {
                here();
                problem(Problem.BAD_NUMBER, "array element \"" + s.subSequence(from, to) + "\" is not a "
                        + type.javaName() + " (" + e.getMessage() + ")");
                v = 0;
            }
        }
        switch (type) {
            case OBJECT, LONG, DOUBLE -> out.putLong(v);
            case INT, FLOAT -> out.putInt((int) v);
            case SHORT, CHAR -> out.putShort((int) v);
            case BYTE, BOOLEAN -> out.putByte((int) v);
        }
    }
}
