package dev.heapwise.microej.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Distinct text values (thread names, method names, tags) with a code each. Memory per distinct value. */
final class TextDictionary {
    private final Map<String, Integer> codes = new HashMap<>();
    private final List<String> values = new ArrayList<>();

    int code(String value) {
        if (value == null) {
            return Scratch.NO_TEXT;
        }
        Integer c = codes.get(value);
        if (c == null) {
            c = values.size();
            codes.put(value, c);
            values.add(value);
        }
        return c;
    }

    String value(int code) {
        return code < 0 ? null : values.get(code);
    }
}
