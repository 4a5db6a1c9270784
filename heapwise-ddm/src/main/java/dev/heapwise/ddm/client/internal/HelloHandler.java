package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.client.DdmClient;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.stream.Collectors;

/** HELO (who this VM is) and FEAT (what it can do). */
final class HelloHandler implements ChunkHandler {
    /** Features reported in FEAT; the first two are ddmlib's names. */
    static final List<String> FEATURES = List.of(
            "hprof-heap-dump", "hprof-heap-dump-streaming", "heapwise-hpsg-approximate", "heapwise-thst-interval");

    private final DdmClient client;

    HelloHandler(DdmClient client) {
        this.client = client;
    }

    @Override
    public Chunk handleChunk(Chunk request) {
        if (request.type() == ChunkType.FEAT) {
            return MessageCodec.encode(new DdmMessage.Features(FEATURES));
        }
        MessageCodec.decode(request, Direction.TO_VM); // validates the request
        String app = client.appName();
        DdmMessage.Hello hello = new DdmMessage.Hello(MessageCodec.CLIENT_PROTOCOL_VERSION,
                (int) ProcessHandle.current().pid(), vmIdent(), app, 0, abi(), jvmFlags(), false, app, null);
        if (client.waitingForDebugger()) {
            client.sendChunk(MessageCodec.encode(new DdmMessage.Wait(0)));
        }
        return MessageCodec.encode(hello);
    }

    static String vmIdent() {
        return System.getProperty("java.vm.name", "?") + " v" + System.getProperty("java.vm.version", "?");
    }

    private static String abi() {
        return System.getProperty("sun.arch.data.model", "64") + "-bit (" + System.getProperty("os.arch", "?") + ")";
    }

    /** The collectors in use, not the command line (which may hold secrets). */
    private static String jvmFlags() {
        return "GC=" + ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(","));
    }
}
