package dev.heapwise.microej;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test inputs: the hand-written dumps under src/test/resources/microej, copied where an index may be written. */
final class Fixtures {
    private Fixtures() {}

    static Path copy(String name, Path dir) throws IOException {
        Path target = dir.resolve(name);
        try (InputStream in = Fixtures.class.getResourceAsStream("/microej/" + name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            Files.copy(in, target);
        }
        return target;
    }

    static Path write(Path dir, String name, String xml) throws IOException {
        Path target = dir.resolve(name);
        Files.writeString(target, xml);
        return target;
    }
}
