package dev.heapwise.microej.internal;

/**
 * How object arrays name their class: the {@code class} attribute and the element type the
 * array gives; resolved to a class element, or to an array class heapwise makes up by name.
 */
final class ArrayClassRef {
    final int number;
    final String classText;
    /** The element type in Java form ({@code java.lang.Object}), or null when the array gives none. */
    final String elementJava;
    final int line;
    final int column;
    ClassElement resolved;

    ArrayClassRef(int number, String classText, String elementJava, int line, int column) {
        this.number = number;
        this.classText = classText;
        this.elementJava = elementJava;
        this.line = line;
        this.column = column;
    }
}
