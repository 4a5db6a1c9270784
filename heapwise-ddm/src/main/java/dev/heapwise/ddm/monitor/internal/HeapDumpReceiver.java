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
    private final CompletableFuture<Path> future;

    HeapDumpReceiver(Path target, CompletableFuture<Path> future) {
        this.target = target.toAbsolutePath();
        this.future = future;
    }

    CompletableFuture<Path> future() {
        return future;
    }

    /** A dump that arrived in memory. */
    void write(byte[] data, int offset, int length) {
        Path part = part();
        try (OutputStream out = Files.newOutputStream(part)) {
            out.write(data, offset, length);
        } catch (IOException e) {
            future.completeExceptionally(new IOException("cannot write " + part + ": " + e.getMessage(), e));
            abandon();
            return;
        }
        finish(part);
    }

    /**
     * A dump streamed from the connection: reads exactly {@code length} bytes from {@code in}.
     * A problem writing the file fails the dump but still consumes the bytes, so the connection
     * survives; only a problem reading {@code in} is thrown.
     */
    void stream(InputStream in, long length) throws IOException {
        Path part = part();
        OutputStream out;
        try {
            out = Files.newOutputStream(part);
        } catch (IOException e) {
            future.completeExceptionally(new IOException("cannot write " + part + ": " + e.getMessage(), e));
            return; // the reader skips the rest of the packet
        }
        IOException writeFailure = null;
        long copied = 0;
        byte[] buf = new byte[1 << 16];
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                copied += n;
                if (writeFailure == null) {
                    try {
                        out.write(buf, 0, n);
                    } catch (IOException e) {
                        writeFailure = e;
                    }
                }
            }
        } finally {
            try {
                out.close();
            } catch (IOException e) {
                writeFailure = writeFailure == null ? e : writeFailure;
            }
        }
        if (writeFailure != null || copied != length) {
            Files.deleteIfExists(part);
            future.completeExceptionally(writeFailure != null
                    ? new IOException("cannot write " + part + ": " + writeFailure.getMessage(), writeFailure)
                    : new IOException("heap dump cut short after " + copied + " of " + length + " bytes"));
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

    private void finish(Path part) {
        try {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
            future.complete(target);
        } catch (IOException e) {
            future.completeExceptionally(e);
        }
    }
}
