package dev.heapwise.ddm.client.internal;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.client.DdmClient;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * HPDU (dump to a file on this machine) and HPDS (dump and stream it to the monitor), through
 * HotSpotDiagnosticMXBean.
 *
 * <p>HPDU names a file chosen by the monitor, so it is confined: the file must end in
 * {@code .hprof}, must not exist yet, and must lie inside the configured dump directory (a relative
 * name is taken relative to it). The reply is HPDU with result 0 or -1, as ART sends; on failure an
 * unsolicited FAIL chunk with the reason is sent just before the reply.
 *
 * <p>HPDS writes a temporary file in the dump directory, streams it as one unsolicited HPDS chunk
 * without loading it into memory, deletes it, and then replies (empty, or FAIL).
 */
final class HeapDumpHandler implements ChunkHandler {
    private final DdmClient client;
    private final Path directory;
    private final boolean live;

    HeapDumpHandler(DdmClient client, Path directory, boolean live) {
        this.client = client;
        this.directory = directory;
        this.live = live;
    }

    @Override
    public Chunk handleChunk(Chunk request) {
        DdmMessage m = MessageCodec.decode(request, Direction.TO_VM);
        if (m instanceof DdmMessage.HeapDumpRequest hpdu) {
            return dumpToFile(hpdu.fileName());
        }
        return stream();
    }

    private Chunk dumpToFile(String name) {
        try {
            Path target = confine(name);
            dump(target);
            return MessageCodec.encode(new DdmMessage.HeapDumpResult(0));
        } catch (IOException | RuntimeException e) {
            return failed(e);
        }
    }

    private Chunk stream() {
        Path temp = null;
        try {
            temp = directory.toRealPath().resolve("heapwise-ddm-" + ProcessHandle.current().pid() + "-"
                    + System.nanoTime() + ".hprof");
            dump(temp);
            if (!client.sendChunkFromFile(ChunkType.HPDS, temp)) {
                return HandlerTable.fail(HandlerTable.FAIL_HANDLER_ERROR, "HPDS: the monitor went away");
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return HandlerTable.fail(HandlerTable.FAIL_HANDLER_ERROR, "HPDS failed: " + message(e));
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // left in the dump directory; nothing better to do
                }
            }
        }
    }

    private Path confine(String name) throws IOException {
        Path dir = directory.toRealPath();
        Path requested;
        try {
            requested = dir.resolve(name).normalize();
        } catch (InvalidPathException e) {
            throw new IOException("not a valid file name: " + name);
        }
        if (!requested.getFileName().toString().endsWith(".hprof")) {
            throw new IOException("refused " + name + ": the file name must end in .hprof");
        }
        Path parent = requested.getParent();
        if (parent == null || !Files.isDirectory(parent) || !parent.toRealPath().startsWith(dir)) {
            throw new IOException("refused " + name + ": dumps may only be written inside " + dir);
        }
        Path target = parent.toRealPath().resolve(requested.getFileName());
        if (Files.exists(target)) {
            throw new IOException("refused " + name + ": the file exists");
        }
        return target;
    }

    private void dump(Path target) throws IOException {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (bean == null) {
            throw new IOException("this JVM has no HotSpotDiagnosticMXBean");
        }
        bean.dumpHeap(target.toString(), live);
    }

    /**
     * HPDU(-1), as ART answers; the reason goes ahead of it as an unsolicited FAIL, which is how
     * the seed says a handler sends more than one chunk.
     */
    private Chunk failed(Exception e) {
        client.sendChunk(HandlerTable.fail(HandlerTable.FAIL_HANDLER_ERROR, "HPDU failed: " + message(e)));
        return MessageCodec.encode(new DdmMessage.HeapDumpResult(-1));
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
