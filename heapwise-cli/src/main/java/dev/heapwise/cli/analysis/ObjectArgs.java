package dev.heapwise.cli.analysis;

import dev.heapwise.cli.BadInputException;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import java.nio.file.Path;
import java.util.List;

/** Object ids and class names given on the command line, checked against the dump (exit 2 if absent). */
final class ObjectArgs {
    private ObjectArgs() {}

    static int object(HeapGraph g, Path dump, String text) {
        long id;
        try {
            id = Ids.parse(text);
        } catch (NumberFormatException e) {
            throw new BadInputException(text + ": not an object id (expected 0x… hex or a decimal number)");
        }
        int o = g.indexOf(id);
        if (o < 0) {
            throw new BadInputException(dump + ": no object with id " + Ids.hex(id) + " in this dump");
        }
        return o;
    }

    static List<HeapClass> classes(HeapGraph g, Path dump, String name) {
        List<HeapClass> cs = g.classesNamed(name);
        if (cs.isEmpty()) {
            throw new BadInputException(dump + ": no class named " + name + " in this dump");
        }
        return cs;
    }
}
