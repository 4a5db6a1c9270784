package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.client.DdmClient;
import java.nio.file.Path;
import java.util.concurrent.ScheduledExecutorService;

/** Registers the handlers that answer from the JVM's management beans. */
public final class BuiltInHandlers {
    /** What the built-in handlers may do. */
    public record Options(boolean allowExit, Path dumpDirectory, boolean dumpLive, long threadPollMillis) {}

    private BuiltInHandlers() {}

    public static void install(DdmClient client, Options options, ScheduledExecutorService timer) {
        HelloHandler hello = new HelloHandler(client);
        client.registerHandler(ChunkType.HELO, hello);
        client.registerHandler(ChunkType.FEAT, hello);

        ThreadHandler threads = new ThreadHandler(client::sendChunk, timer, options.threadPollMillis());
        client.registerHandler(ChunkType.THEN, threads);
        client.registerHandler(ChunkType.THST, threads);

        HeapHandler heap = new HeapHandler(client::sendChunk);
        client.registerHandler(ChunkType.HPIF, heap);
        client.registerHandler(ChunkType.HPSG, heap);
        client.registerHandler(ChunkType.NHSG, heap);
        client.registerHandler(ChunkType.HPGC, heap);

        HeapDumpHandler dumps = new HeapDumpHandler(client, options.dumpDirectory(), options.dumpLive());
        client.registerHandler(ChunkType.HPDU, dumps);
        client.registerHandler(ChunkType.HPDS, dumps);

        client.registerHandler(ChunkType.EXIT, new ExitHandler(options.allowExit()));
        client.registerHandler(ChunkType.DBGD, new DebuggerHandler());
        AllocationHandler allocations = new AllocationHandler();
        client.registerHandler(ChunkType.REAE, allocations);
        client.registerHandler(ChunkType.REAQ, allocations);
        client.registerHandler(ChunkType.REAL, allocations);
    }

    /** The main class or jar file name from {@code sun.java.command}, else "java". */
    public static String defaultAppName() {
        String command = System.getProperty("sun.java.command", "").trim();
        if (command.isEmpty()) {
            return "java";
        }
        String first = command.split("\\s+", 2)[0];
        if (first.endsWith(".jar")) {
            int slash = Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\'));
            return first.substring(slash + 1);
        }
        return first;
    }
}
