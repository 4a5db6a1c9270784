package dev.heapwise.hprof;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The real dumps under ../shared/data; tests skip politely when the folder is absent. */
public final class SharedData {
    private SharedData() {}

    public static Path file(String relative) {
        String base = System.getProperty("heapwise.shared.data", "../shared/data");
        Path p = Path.of(base).resolve(relative);
        assumeTrue(Files.isRegularFile(p), "shared data not available: " + p);
        return p;
    }

    /** A copy in a temp folder, so indexing writes beside the copy and never into shared data. */
    public static Path copy(String relative, Path dir) throws java.io.IOException {
        Path src = file(relative);
        Path dst = dir.resolve(src.getFileName());
        Files.copy(src, dst, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return dst;
    }
}
