package dev.heapwise.graph.build;

import dev.heapwise.graph.FieldType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Graph builders for tests: a dump file that is never read back (the content comes from the builder's copy). */
public final class FakeDumps {
    private FakeDumps() {}

    /** A size model for tests: 16-byte instances, 8 bytes per array element, 32-byte class objects. */
    public record Sizes() implements SizeModel {
        public String vm() { return "test"; }
        public String describe() { return "test sizes"; }
        public long instanceSize(ClassInfo cls) { return 16; }
        public long arraySize(FieldType t, long length) { return 16 + 8 * length; }
        public long classObjectSize(ClassInfo cls) { return 32; }
        public int alignment() { return 8; }
    }

    /** A builder for {@code dir/name}, with 4-byte ids, indexing into {@code dir/name.heapwise}. */
    public static GraphBuilder builder(Path dir, String name) throws IOException {
        Path dump = dir.resolve(name);
        Files.writeString(dump, "not read back: content comes from the copy");
        GraphBuilder b = GraphBuilder.start(dump, dir.resolve(name + ".heapwise"), "test", ProgressListener.NONE);
        b.describeFormat("test 1", 4);
        return b;
    }
}
