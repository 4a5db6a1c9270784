package dev.heapwise.cli.walker;

import dev.heapwise.walker.ExportSink;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * A GraphViz digraph (the DOT language), as MicroEJ's Heap Viewer "Generate graphViz file" offers:
 * one box per object labelled with its class, id and shallow size, one arrow per reference
 * labelled with the field or {@code [index]}. Node names are the {@code 0x…} ids. Every string is
 * quoted and escaped (backslash, quote, line breaks, control characters), so any class or field
 * name is safe. Render with {@code dot -Tsvg heap.dot -o heap.svg}.
 */
final class DotSink implements ExportSink, AutoCloseable {
    private final Writer out;
    private final CharDigits digits = new CharDigits();

    DotSink(OutputStream stream, String title) throws IOException {
        out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        out.write("digraph heap {\n");
        out.write("  graph [label=");
        quoted(title);
        out.write(", labelloc=t];\n");
        out.write("  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n");
        out.write("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    }

    @Override
    public void object(long id, String className, long shallowSize, String classRepresented) throws IOException {
        out.write("  ");
        id(id);
        out.write(" [label=\"");
        escaped(classRepresented != null ? "class " + classRepresented : className);
        out.write("\\n");
        out.write(digits.chars(), 0, digits.hexId(id));
        out.write(" (");
        out.write(digits.chars(), 0, digits.decimal(shallowSize));
        out.write(" B)\"];\n");
    }

    @Override
    public void reference(long from, long to, String fieldName, long arrayIndex) throws IOException {
        out.write("  ");
        id(from);
        out.write(" -> ");
        id(to);
        out.write(" [label=\"");
        if (fieldName != null) {
            escaped(fieldName);
        } else {
            out.write(digits.chars(), 0, digits.bracketed(arrayIndex));
        }
        out.write("\"];\n");
    }

    private void id(long id) throws IOException {
        out.write('"');
        out.write(digits.chars(), 0, digits.hexId(id));
        out.write('"');
    }

    private void quoted(String s) throws IOException {
        out.write('"');
        escaped(s);
        out.write('"');
    }

    /** The inside of a DOT quoted string; {@code \n} is a label line break for GraphViz. */
    private void escaped(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.write("\\\"");
                case '\\' -> out.write("\\\\");
                case '\n' -> out.write("\\n");
                case '\r' -> { }
                default -> out.write(c < 0x20 || c == 0x7F ? ' ' : c);
            }
        }
    }

    @Override
    public void close() throws IOException {
        out.write("}\n");
        out.flush();
    }
}
