package dev.heapwise.hprof.internal;

import dev.heapwise.graph.internal.LongIntMap;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * HPROF's UTF8 records (symbol names), kept as bytes and decoded on use. A HotSpot dump holds
 * every symbol of the VM, often hundreds of thousands; only a few are ever decoded.
 */
final class StringTable {
    private final LongIntMap index = new LongIntMap(1 << 14);
    private final List<byte[]> values = new ArrayList<>();

    void put(long id, byte[] utf8) {
        index.put(id, values.size(), -1);
        values.add(utf8);
    }

    /** The string for an id, or null when the dump has none. */
    String get(long id) {
        int i = index.get(id, -1);
        return i < 0 ? null : new String(values.get(i), StandardCharsets.UTF_8);
    }

    /** The string for an id, or a placeholder naming the id. */
    String getOr(long id, String what) {
        String s = get(id);
        return s != null ? s : "<" + what + " " + dev.heapwise.graph.Ids.hex(id) + ">";
    }
}
