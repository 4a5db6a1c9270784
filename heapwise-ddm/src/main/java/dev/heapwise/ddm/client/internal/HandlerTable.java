package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Chunk type to handler. Thread-safe. */
public final class HandlerTable {
    /** FAIL code: no handler for the chunk type. */
    public static final int FAIL_UNSUPPORTED = 1;
    /** FAIL code: the handler threw. */
    public static final int FAIL_HANDLER_ERROR = 2;
    /** FAIL code: the request bytes were malformed. */
    public static final int FAIL_MALFORMED = 3;

    private final ConcurrentHashMap<Integer, ChunkHandler> handlers = new ConcurrentHashMap<>();

    public void register(int type, ChunkHandler handler) {
        handlers.put(type, handler);
    }

    public void unregister(int type) {
        handlers.remove(type);
    }

    /** Runs the handler for a chunk: its reply, null for an empty reply, or a FAIL chunk. */
    public Chunk dispatch(Chunk request) {
        ChunkHandler h = handlers.get(request.type());
        if (h == null) {
            return fail(FAIL_UNSUPPORTED, "unsupported chunk type " + ChunkType.name(request.type()));
        }
        try {
            return h.handleChunk(request);
        } catch (RuntimeException e) {
            String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return fail(FAIL_HANDLER_ERROR, ChunkType.name(request.type()) + " failed: " + msg);
        }
    }

    public void connected() {
        for (ChunkHandler h : distinct()) {
            try {
                h.connected();
            } catch (RuntimeException ignored) {
                // one handler's trouble must not stop the others
            }
        }
    }

    public void disconnected() {
        for (ChunkHandler h : distinct()) {
            try {
                h.disconnected();
            } catch (RuntimeException ignored) {
                // one handler's trouble must not stop the others
            }
        }
    }

    public static Chunk fail(int code, String message) {
        return MessageCodec.encode(new DdmMessage.Fail(code, message));
    }

    private Set<ChunkHandler> distinct() {
        Set<ChunkHandler> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(handlers.values());
        return set;
    }
}
