package dev.heapwise.microej;

import dev.heapwise.microej.fixture.HandWrittenDumps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test inputs written where an index may be written: the hand-written dumps, or any XML. */
final class Fixtures {
    private Fixtures() {}

    /** {@code heapdumptest.heap} (the first dump) or {@code heapdumptest-1.heap} (the second). */
    static Path copy(String name, Path dir) throws IOException {
        String xml = switch (name) {
            case "heapdumptest.heap" -> HandWrittenDumps.FIRST;
            case "heapdumptest-1.heap" -> HandWrittenDumps.SECOND;
            default -> throw new IOException("no hand-written dump named " + name);
        };
        return HandWrittenDumps.write(dir, name, xml);
    }

    static Path write(Path dir, String name, String xml) throws IOException {
        return HandWrittenDumps.write(dir, name, xml);
    }
}
