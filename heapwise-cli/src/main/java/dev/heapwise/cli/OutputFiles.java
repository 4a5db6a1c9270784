package dev.heapwise.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on a file a command is asked to write, made before any work so a mistake costs nothing. */
public final class OutputFiles {
    private OutputFiles() {}

    /**
     * Rejects an output that is a folder, whose folder does not exist, or that is one of
     * {@code inputs} (heapwise never writes into a user's dump).
     */
    public static void checkWritable(Path out, Path... inputs) {
        for (Path in : inputs) {
            if (in != null && sameFile(out, in)) {
                throw new BadInputException(out + ": is the input " + in + "; heapwise never overwrites a dump");
            }
        }
        if (Files.isDirectory(out)) {
            throw new BadInputException(out + ": is a folder; give the name of a file to write");
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new BadInputException(out + ": the folder " + parent + " does not exist");
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) ? Files.isSameFile(a, b)
                    : a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        } catch (IOException e) {
            return false; // unreadable: the write will say why
        }
    }
}
