package dev.heapwise.graph.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Graph builders for tests: a dump file that is never read back (the content comes from the builder's copy). */
final class FakeDumps {
    private FakeDumps() {}

    /** A builder for {@code dir/name}, with 4-byte ids, indexing into {@code dir/name.heapwise}. */
    static GraphBuilder builder(Path dir, String name) throws IOException {
        Path dump = dir.resolve(name);
        Files.writeString(dump, "not read back: content comes from the copy");
        GraphBuilder b = GraphBuilder.start(dump, dir.resolve(name + ".heapwise"), "test", ProgressListener.NONE);
        b.describeFormat("test 1", 4);
        return b;
    }
}
