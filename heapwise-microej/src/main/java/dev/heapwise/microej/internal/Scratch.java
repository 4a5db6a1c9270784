package dev.heapwise.microej.internal;

/** Record tags and text-attribute dictionaries of the reader's scratch log. */
final class Scratch {
    private Scratch() {}

    /** A class element: int class number. */
    static final int CLASS = 1;
    /** An object or string literal: long id, int token, int line, int column, attributes, int n, n longs. */
    static final int INSTANCE = 2;
    /** A primitive array: long id, byte type code, int line, int column, attributes, int length, data. */
    static final int PRIMITIVE_ARRAY = 3;
    /** An object array: long id, int array class ref, int line, int column, attributes, int length, length longs. */
    static final int OBJECT_ARRAY = 4;

    /** No creation time (Long.MIN_VALUE is reserved by the graph's attribute store too). */
    static final long NO_TIME = Long.MIN_VALUE;
    /** No text attribute value. */
    static final int NO_TEXT = -1;
}
