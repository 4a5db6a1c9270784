package dev.heapwise.timeline;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test inputs: the shared templates and in-memory files. */
final class Inputs {
    static final String TEMPLATE_V1 = "memdumpview/hovsid_docs_template_v1_markers.txt";
    static final String TEMPLATE_V2 = "memdumpview/oscrlet_docs_template_v2_timestamped.txt";

    private Inputs() {}

    /** A file under the shared data folder; skips the test when the folder is absent. */
    static Path shared(String relative) {
        String root = System.getProperty("heapwise.shared.data");
        assumeTrue(root != null && Files.isDirectory(Path.of(root)), "shared data folder not available");
        Path file = Path.of(root).resolve(relative);
        assumeTrue(Files.isRegularFile(file), file + " not available");
        return file;
    }

    /** Parses text as if it were a file called test.txt. */
    static MergedTimeline parse(String text) throws IOException {
        return parse(text.getBytes(StandardCharsets.UTF_8));
    }

    static MergedTimeline parse(byte[] bytes) throws IOException {
        return TimelineParser.parse(Channels.newChannel(new ByteArrayInputStream(bytes)), "test.txt");
    }

    /** A minimal valid file with the given phase-1 body and phase-2 body. */
    static String file(String heapLines, String pageLines) {
        return "phase1: heap use\n" + heapLines + "phase2: page dump\n" + pageLines;
    }
}
