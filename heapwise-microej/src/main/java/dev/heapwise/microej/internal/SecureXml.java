package dev.heapwise.microej.internal;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;

/**
 * The JDK's own StAX implementation, configured for untrusted input: no DTD processing, no
 * external entities, no access to external DTDs or schemas, no namespace processing (the format
 * uses none). Thread-safe: each call makes a new factory.
 */
public final class SecureXml {
    private SecureXml() {}

    public static XMLInputFactory inputFactory() {
        // newDefaultFactory: the JDK's implementation, whatever else is on the class path
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        // array content arrives in chunks and is tokenized as it comes; never one huge string
        f.setProperty(XMLInputFactory.IS_COALESCING, false);
        f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return f;
    }

    public static XMLOutputFactory outputFactory() {
        return XMLOutputFactory.newDefaultFactory();
    }
}
