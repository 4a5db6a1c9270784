package dev.heapwise.graph.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Temporary names for files and folders that are renamed into place when complete
 * ({@code .<name>.tmp-<pid>-<random>}), and the sweep that deletes those a dead process left
 * behind: a build or save killed outright (by the kernel when memory ran out, say) cannot clean up
 * after itself, and an index build's leftovers can be gigabytes. A name whose process is alive is
 * never touched; one without a process id (older versions) only after a day. An older index moved
 * aside on commit ({@code .<name>.old-<random>}) is always a leftover.
 */
final class TempNames {
    private static final Pattern TEMP = Pattern.compile("\\.(.+)\\.tmp-(?:(\\d+)-)?[0-9a-f]+");
    /** An index moved aside on commit, deleted right after: only left if the process died in between. */
    private static final Pattern OLD = Pattern.compile("\\.(.+)\\.old-[0-9a-f]+");
    private static final Duration UNOWNED_AGE = Duration.ofDays(1);

    private TempNames() {}

    /** A fresh temporary name for {@code target}, in the same folder. */
    static Path next(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
    }

    /**
     * Deletes the leftovers of dead processes in {@code folder} whose final name starts with
     * {@code prefix}. Best effort: what cannot be read or deleted stays.
     */
    static void sweep(Path folder, String prefix) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, "." + glob(prefix) + "*.{tmp,old}-*")) {
            for (Path p : s) {
                if (isStale(p)) {
                    IndexStore.deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder we cannot list or clean: nothing to do
        }
    }

    static boolean isStale(Path p) throws IOException {
        if (OLD.matcher(p.getFileName().toString()).matches()) {
            return true; // whoever moved it aside deletes it at once, or died: deleting it twice is harmless
        }
        Matcher m = TEMP.matcher(p.getFileName().toString());
        if (!m.matches()) {
            return false;
        }
        if (m.group(2) == null) {
            FileTime t = Files.getLastModifiedTime(p);
            return t.toInstant().isBefore(Instant.now().minus(UNOWNED_AGE));
        }
        long pid;
        try {
            pid = Long.parseLong(m.group(2));
        } catch (NumberFormatException e) {
            return false;
        }
        return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }

    private static String glob(String literal) {
        return literal.replaceAll("([\\\\*?\\[\\]{}])", "\\\\$1");
    }
}
