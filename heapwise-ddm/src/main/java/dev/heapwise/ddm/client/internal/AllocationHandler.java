package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;

/**
 * REAE/REAQ/REAL (recent allocation tracking). HotSpot offers no per-allocation stack records
 * through management beans, so tracking is reported as off and cannot be turned on.
 */
final class AllocationHandler implements ChunkHandler {
    @Override
    public Chunk handleChunk(Chunk request) {
        if (request.type() == ChunkType.REAQ) {
            return MessageCodec.encode(new DdmMessage.AllocTrackingStatus(false));
        }
        return HandlerTable.fail(HandlerTable.FAIL_UNSUPPORTED,
                ChunkType.name(request.type()) + ": allocation tracking is not available on this VM");
    }
}
