package dev.heapwise.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on a file a command is asked to write, made before any work so a mistake costs nothing. */
public final class OutputFiles {
    private OutputFiles() {}

    /** Rejects an output that is a folder, or whose folder does not exist. */
    public static void checkWritable(Path out) {
        if (Files.isDirectory(out)) {
            throw new BadInputException(out + ": is a folder; give the name of a file to write");
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new BadInputException(out + ": the folder " + parent + " does not exist");
        }
    }
}
