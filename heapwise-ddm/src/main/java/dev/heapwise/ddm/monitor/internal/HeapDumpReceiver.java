package dev.heapwise.ddm.monitor.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CompletableFuture;

/**
 * Writes an HPDS heap dump to the file the user chose: first to {@code NAME.part} next to it, then
 * renamed, so a half-received dump never looks complete. Used by one session's reader thread.
 */
final class HeapDumpReceiver {
    private final Path target;
    private final CompletableFuture<java.nio.file.Path> future;

    HeapDumpReceiver(Path target, CompletableFuture<Path> future) {
        this.target = target.toAbsolutePath();
        this.future = future;
    }

    CompletableFuture<Path> future() {
        return future;
    }

    /** A dump that arrived in memory. */
    void write(byte[] data, int offset, int length) {
        try {
            Path part = part();
            try (OutputStream out = Files.newOutputStream(part)) {
                out.write(data, offset, length);
            }
            finish(part);
        } catch (IOException e) {
            future.completeExceptionally(e);
        }
    }

    /** A dump streamed from the connection: exactly {@code length} bytes are read from {@code in}. */
    void stream(InputStream in, long length) throws IOException {
        Path part = part();
        long copied;
        try (OutputStream out = Files.newOutputStream(part)) {
            copied = in.transferTo(out);
        } catch (IOException e) {
            future.completeExceptionally(e);
            Files.deleteIfExists(part);
            throw e; // the connection is broken too
        }
        if (copied != length) {
            Files.deleteIfExists(part);
            future.completeExceptionally(new IOException("heap dump cut short after " + copied + " of " + length + " bytes"));
            return;
        }
        finish(part);
    }

    void fail(String reason) {
        future.completeExceptionally(new IOException(reason));
        abandon();
    }

    /** Removes a leftover partial file. */
    void abandon() {
        try {
            Files.deleteIfExists(part());
        } catch (IOException ignored) {
            // best effort
        }
    }

    private Path part() {
        return target.resolveSibling(target.getFileName() + ".part");
    }

    private void finish(Path part) throws IOException {
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        future.complete(target);
    }
}
