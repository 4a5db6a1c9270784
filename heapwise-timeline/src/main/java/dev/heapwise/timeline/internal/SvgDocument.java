package dev.heapwise.timeline.internal;

import java.io.OutputStream;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A thin layer over the JDK's {@link XMLStreamWriter} for drawing SVG: the writer does the
 * escaping, so the document is well-formed whatever text the input brought; this class also
 * replaces characters XML 1.0 forbids and prints coordinates compactly. Not thread-safe.
 */
public final class SvgDocument implements AutoCloseable {
    private static final String SVG_NS = "http://www.w3.org/2000/svg";
    private final XMLStreamWriter xml;

    public SvgDocument(OutputStream out, double width, double height) throws XMLStreamException {
        xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("svg");
        xml.writeDefaultNamespace(SVG_NS);
        xml.writeAttribute("version", "1.1");
        xml.writeAttribute("width", num(width));
        xml.writeAttribute("height", num(height));
        xml.writeAttribute("viewBox", "0 0 " + num(width) + " " + num(height));
        xml.writeAttribute("font-family", "sans-serif");
    }

    /** Opens a {@code <g>} with optional attributes given as name, value, name, value... */
    public void startGroup(String... attributes) throws XMLStreamException {
        xml.writeStartElement("g");
        attributes(attributes);
    }

    public void endGroup() throws XMLStreamException {
        xml.writeEndElement();
    }

    public void rect(double x, double y, double w, double h, String fill, String title, String... attributes)
            throws XMLStreamException {
        xml.writeStartElement("rect");
        xml.writeAttribute("x", num(x));
        xml.writeAttribute("y", num(y));
        xml.writeAttribute("width", num(w));
        xml.writeAttribute("height", num(h));
        xml.writeAttribute("fill", fill);
        attributes(attributes);
        title(title);
        xml.writeEndElement();
    }

    public void line(double x1, double y1, double x2, double y2, String stroke, String... attributes)
            throws XMLStreamException {
        xml.writeEmptyElement("line");
        xml.writeAttribute("x1", num(x1));
        xml.writeAttribute("y1", num(y1));
        xml.writeAttribute("x2", num(x2));
        xml.writeAttribute("y2", num(y2));
        xml.writeAttribute("stroke", stroke);
        attributes(attributes);
    }

    public void circle(double cx, double cy, double r, String fill, String title) throws XMLStreamException {
        xml.writeStartElement("circle");
        xml.writeAttribute("cx", num(cx));
        xml.writeAttribute("cy", num(cy));
        xml.writeAttribute("r", num(r));
        xml.writeAttribute("fill", fill);
        title(title);
        xml.writeEndElement();
    }

    /** A polyline through {@code n} points. */
    public void polyline(double[] xs, double[] ys, int n, String stroke, String... attributes) throws XMLStreamException {
        StringBuilder points = new StringBuilder(n * 14);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                points.append(' ');
            }
            points.append(num(xs[i])).append(',').append(num(ys[i]));
        }
        xml.writeEmptyElement("polyline");
        xml.writeAttribute("points", points.toString());
        xml.writeAttribute("fill", "none");
        xml.writeAttribute("stroke", stroke);
        attributes(attributes);
    }

    /** Text; {@code attributes} typically set text-anchor, font-size, fill. */
    public void text(double x, double y, String text, String... attributes) throws XMLStreamException {
        xml.writeStartElement("text");
        xml.writeAttribute("x", num(x));
        xml.writeAttribute("y", num(y));
        attributes(attributes);
        xml.writeCharacters(clean(text));
        xml.writeEndElement();
    }

    @Override
    public void close() throws XMLStreamException {
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.flush();
        xml.close();
    }

    private void title(String title) throws XMLStreamException {
        if (title != null) {
            xml.writeStartElement("title");
            xml.writeCharacters(clean(title));
            xml.writeEndElement();
        }
    }

    private void attributes(String... nameValue) throws XMLStreamException {
        for (int i = 0; i + 1 < nameValue.length; i += 2) {
            xml.writeAttribute(nameValue[i], clean(nameValue[i + 1]));
        }
    }

    /** Compact coordinates: at most two decimals, no trailing zeros, never "-0". */
    static String num(double v) {
        double r = Math.round(v * 100) / 100.0;
        if (r == 0) {
            return "0";
        }
        if (r == Math.rint(r) && Math.abs(r) < 1e15) {
            return Long.toString((long) r);
        }
        return String.format(Locale.ROOT, "%.2f", r).replaceAll("0+$", "");
    }

    /** Replaces characters XML 1.0 does not allow (controls, lone surrogates, U+FFFE/F) with '?'. */
    static String clean(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok;
            if (Character.isHighSurrogate(c)) {
                ok = i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
                if (ok) {
                    if (out != null) {
                        out.append(c).append(s.charAt(i + 1));
                    }
                    i++;
                    continue;
                }
            } else {
                ok = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
            }
            if (!ok && out == null) {
                out = new StringBuilder(s.length());
                out.append(s, 0, i);
            }
            if (out != null) {
                out.append(ok ? c : '?');
            }
        }
        return out == null ? s : out.toString();
    }
}
