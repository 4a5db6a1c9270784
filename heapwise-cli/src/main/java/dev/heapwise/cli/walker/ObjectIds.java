package dev.heapwise.cli.walker;

import dev.heapwise.cli.BadInputException;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import java.nio.file.Path;

/** Reads an object id option ({@code --from 0x7f12a0}) and checks that the dump holds that object. */
final class ObjectIds {
    private ObjectIds() {}

    static long parse(Path dump, HeapGraph graph, String text) {
        long id;
        try {
            id = Ids.parse(text);
        } catch (NumberFormatException e) {
            throw new BadInputException("--from " + text + ": not an object id (write 0x7f12a0 or a decimal number)");
        }
        if (graph.indexOf(id) < 0) {
            throw new BadInputException(dump + ": no object with id " + Ids.hex(id));
        }
        return id;
    }
}
