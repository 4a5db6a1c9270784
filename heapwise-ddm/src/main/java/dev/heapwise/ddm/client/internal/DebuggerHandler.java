package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;

/**
 * DBGD: the debugger behind the monitor went away. This library holds no debugger state, so it
 * only acknowledges with a DBGD chunk, as the seed asks.
 */
final class DebuggerHandler implements ChunkHandler {
    @Override
    public Chunk handleChunk(Chunk request) {
        return MessageCodec.encode(new DdmMessage.DebuggerDisconnected());
    }
}
