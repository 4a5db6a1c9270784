package dev.heapwise.graph;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The index cannot go where it was asked to: the folder holds something that is not a heapwise
 * index (which would be replaced), or it cannot be created or written. The message is one line
 * naming the folder and the problem, ready to show to a user as it is. Nothing was written or
 * deleted.
 */
public class IndexFolderException extends IOException {
    private final Path folder;

    public IndexFolderException(Path folder, String problem, Throwable cause) {
        super(folder + ": " + problem, cause);
        this.folder = folder;
    }

    public Path folder() {
        return folder;
    }
}
