package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;

/**
 * EXIT: ends the JVM with the given status, only when the application allowed it. The reply is
 * sent first; {@code System.exit} runs on another thread a moment later.
 */
final class ExitHandler implements ChunkHandler {
    private static final long DELAY_MS = 100;
    private final boolean allowed;

    ExitHandler(boolean allowed) {
        this.allowed = allowed;
    }

    @Override
    public Chunk handleChunk(Chunk request) {
        DdmMessage.ExitRequest exit = (DdmMessage.ExitRequest) MessageCodec.decode(request, Direction.TO_VM);
        if (!allowed) {
            return HandlerTable.fail(HandlerTable.FAIL_UNSUPPORTED,
                    "EXIT refused: this application does not allow it (client option allowExit)");
        }
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(DELAY_MS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            System.exit(exit.status());
        }, "heapwise-ddm-exit");
        t.setDaemon(false);
        t.start();
        return null;
    }
}
