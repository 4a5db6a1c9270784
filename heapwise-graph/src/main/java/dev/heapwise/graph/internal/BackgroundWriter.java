package dev.heapwise.graph.internal;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Appends buffers to a file on a thread of its own. The producer fills one buffer while the thread
 * writes the previous ones, so it never waits for the kernel's copy into the page cache, which on a
 * fresh page also pays the page's fault (about 1 to 2 s per GB on a virtual machine that hands freed
 * memory back to its host): the dump reader logs 24 bytes per object that way, while a second core
 * is otherwise idle.
 *
 * <p>Cost: one platform thread and {@code buffers} direct buffers for the writer's life; no
 * allocation per buffer handed over. The producer side is not thread-safe (one producer).
 */
final class BackgroundWriter implements AutoCloseable {
    private static final ByteBuffer END = ByteBuffer.allocate(0);

    private final FileChannel channel;
    private final BlockingQueue<ByteBuffer> full;
    private final BlockingQueue<ByteBuffer> empty;
    private final Thread thread;
    private volatile IOException failure;
    private boolean closed;

    /**
     * @param buffers how many buffers in all (at least 2): one being filled, the rest queued or
     *                being written
     */
    BackgroundWriter(FileChannel channel, int bufferSize, int buffers) {
        this.channel = channel;
        this.full = new ArrayBlockingQueue<>(buffers);
        this.empty = new ArrayBlockingQueue<>(buffers);
        for (int i = 0; i < buffers; i++) {
            empty.add(ByteBuffer.allocateDirect(bufferSize).order(ByteOrder.LITTLE_ENDIAN));
        }
        this.thread = Thread.ofPlatform().daemon().name("heapwise-scratch-writer").start(this::run);
    }

    /** A buffer to fill first (the writer keeps the others). */
    ByteBuffer first() {
        return take(empty);
    }

    /**
     * Queues {@code filled} (written from 0 to its position) and returns an empty buffer to go on
     * with. Throws the writer's error, if it had one.
     */
    ByteBuffer hand(ByteBuffer filled) {
        throwIfFailed();
        filled.flip();
        put(filled);
        ByteBuffer next = take(empty);
        next.clear();
        return next;
    }

    /** Queues {@code last}, waits until everything is written, and throws the writer's error, if any. */
    void finish(ByteBuffer last) throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        last.flip();
        put(last);
        put(END);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing " + channel);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Stops the thread without waiting for what is queued (after a failure elsewhere). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            thread.interrupt();
        }
    }

    private void run() {
        try {
            for (ByteBuffer b; (b = full.take()) != END; ) {
                if (failure == null) { // after a failure, buffers only go round so the producer never blocks
                    try {
                        while (b.hasRemaining()) {
                            channel.write(b);
                        }
                    } catch (IOException e) {
                        failure = e;
                    } catch (RuntimeException e) { // a channel not open for writing, say: the producer must hear of it too
                        failure = new IOException(e);
                    }
                }
                empty.put(b);
            }
        } catch (InterruptedException e) {
            // closed without finishing: nothing more is wanted
        }
    }

    private void throwIfFailed() {
        IOException e = failure;
        if (e != null) {
            throw new UncheckedIOException(e);
        }
    }

    private void put(ByteBuffer b) {
        try {
            full.put(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static ByteBuffer take(BlockingQueue<ByteBuffer> q) {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
