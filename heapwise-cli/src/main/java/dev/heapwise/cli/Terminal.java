package dev.heapwise.cli;

import java.io.Console;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard error is an interactive terminal (where a progress bar makes sense). */
final class Terminal {
    private Terminal() {}

    static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        Path fd2 = Path.of("/proc/self/fd/2");
        if (Files.exists(fd2)) {
            try {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (Exception e) {
                return false;
            }
        }
        Console c = System.console();
        return c != null && c.isTerminal();
    }
}
