package dev.heapwise.timeline;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Parses SVG output as XML with DTDs and external entities off, and finds elements in it. */
public final class SvgAssert {
    private SvgAssert() {}

    public static Document parse(byte[] svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setXIncludeAware(false);
        f.setExpandEntityReferences(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
    }

    /** Elements with a local name under {@code root}, in document order. */
    public static List<Element> all(Node root, String localName) {
        List<Element> out = new ArrayList<>();
        NodeList list = root instanceof Document d ? d.getElementsByTagNameNS("*", localName)
                : ((Element) root).getElementsByTagNameNS("*", localName);
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }

    /** {@code <g>} elements whose class attribute is {@code cssClass}. */
    public static List<Element> groups(Document doc, String cssClass) {
        return all(doc, "g").stream().filter(g -> cssClass.equals(g.getAttribute("class"))).toList();
    }
}
