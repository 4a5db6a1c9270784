package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.microej.analysis.Browser;
import java.io.PrintStream;

/** Prints a field or referrer tree as indented text or nested JSON. */
final class TreePrinter {
    private TreePrinter() {}

    static void text(PrintStream out, Browser.Node n, int depth) {
        out.printf("%s%-24s %-40s %s%s%n", "  ".repeat(depth), n.name(), n.type(), n.value(),
                n.cycle() ? "  (already open above: not expanded)" : "");
        for (Browser.Node c : n.children()) {
            text(out, c, depth + 1);
        }
        if (n.more() > 0) {
            out.printf("%s... %d more%n", "  ".repeat(depth + 1), n.more());
        }
    }

    static ObjectNode json(Browser.Node n) {
        ObjectNode o = Json.object();
        o.put("name", n.name());
        o.put("type", n.type());
        o.put("value", n.value());
        if (n.cycle()) {
            o.put("cycle", true);
        }
        if (n.more() > 0) {
            o.put("more", n.more());
        }
        if (!n.children().isEmpty()) {
            ArrayNode a = o.putArray("children");
            for (Browser.Node c : n.children()) {
                a.add(json(c));
            }
        }
        return o;
    }
}
