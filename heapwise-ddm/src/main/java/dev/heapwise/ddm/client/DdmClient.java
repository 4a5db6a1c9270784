package dev.heapwise.ddm.client;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.client.internal.BuiltInHandlers;
import dev.heapwise.ddm.client.internal.ClientConnection;
import dev.heapwise.ddm.client.internal.HandlerTable;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The VM side of DDM for any JVM: a JDWP listener on a port that speaks DDM to a monitor (HotSpot's
 * own JDWP agent does not carry DDM), plus the registry of {@link ChunkHandler}s and
 * {@link #sendChunk} for unsolicited chunks. With {@link Builder#builtInHandlers} (the default) it
 * answers HELO, FEAT, THEN/THCR/THDE, THST, HPIF, HPSG/NHSG, HPGC, HPDU/HPDS, DBGD, REAQ and (only
 * when allowed) EXIT from the JVM's management beans.
 *
 * <p>One monitor connection at a time; a second connection attempt is closed at once. Non-DDM
 * JDWP commands are answered with error NOT_IMPLEMENTED, which also tells the heapwise monitor
 * that this endpoint is DDM-only.
 *
 * <p>Thread-safe. {@link #start()} binds the port (I/O) and returns; the listener and connection
 * run on daemon threads, so they never keep the JVM alive.
 *
 * <pre>{@code
 * DdmClient client = DdmClient.builder().port(8001).appName("my-app").build().start();
 * client.registerHandler(ChunkType.of("XMPL"), request -> new Chunk(ChunkType.of("XMPL"), reply));
 * }</pre>
 */
public final class DdmClient implements AutoCloseable {
    private final Settings settings;
    private final HandlerTable handlers = new HandlerTable();
    private final ScheduledExecutorService timer;
    private volatile String appName;
    private volatile boolean waitingForDebugger;
    private volatile ClientConnection connection;
    private volatile ServerSocket server;
    private volatile boolean closed;

    private DdmClient(Settings settings) {
        this.settings = settings;
        this.appName = settings.appName;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "heapwise-ddm-timer");
            t.setDaemon(true);
            return t;
        });
        if (settings.builtInHandlers) {
            BuiltInHandlers.install(this, settings.toInternal(), timer);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Binds the listening port and starts accepting monitors. Returns this. Blocks only to bind. */
    public synchronized DdmClient start() throws IOException {
        if (server != null) {
            return this;
        }
        if (closed) {
            throw new IllegalStateException("closed");
        }
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(settings.bindAddress, settings.port), 4);
        server = s;
        Thread acceptor = new Thread(this::acceptLoop, "heapwise-ddm-listener");
        acceptor.setDaemon(true);
        acceptor.start();
        return this;
    }

    /** The bound port (useful with port 0); -1 before {@link #start()}. */
    public int port() {
        ServerSocket s = server;
        return s == null ? -1 : s.getLocalPort();
    }

    /** Registers (or replaces) the handler for a chunk type. Thread-safe, O(1). */
    public void registerHandler(int chunkType, ChunkHandler handler) {
        handlers.register(chunkType, Objects.requireNonNull(handler));
    }

    /** Removes the handler for a chunk type; later chunks of that type get a FAIL reply. */
    public void unregisterHandler(int chunkType) {
        handlers.unregister(chunkType);
    }

    /**
     * Sends a chunk to the monitor without being asked. Dropped silently when no monitor is
     * connected; never throws for I/O problems (the connection is closed instead). Blocks while
     * the bytes are written.
     */
    public void sendChunk(Chunk chunk) {
        ClientConnection c = connection;
        if (c != null) {
            c.sendChunk(chunk);
        }
    }

    /**
     * Sends a file's bytes as the payload of one chunk, streaming it (for heap dumps that do not
     * fit in memory). Returns false when no monitor is connected. Blocks while writing.
     *
     * @throws IOException when the file cannot be read or is larger than a JDWP packet allows
     */
    public boolean sendChunkFromFile(int chunkType, Path payload) throws IOException {
        ClientConnection c = connection;
        return c != null && c.sendFile(chunkType, payload);
    }

    /** True while a monitor is connected and has spoken DDM. */
    public boolean isConnected() {
        ClientConnection c = connection;
        return c != null && c.ddmActive();
    }

    /** Sets the application name reported in HELO; sends APNM at once if a monitor is connected. */
    public void setAppName(String name) {
        appName = Objects.requireNonNull(name);
        sendChunk(MessageCodec.encode(new DdmMessage.AppName(name, 0, name)));
    }

    public String appName() {
        return appName;
    }

    /**
     * Tells the monitor that the application waits for a debugger (WAIT, reason 0): now if a
     * monitor is connected, else right after the next HELO.
     */
    public void announceWaitingForDebugger(boolean waiting) {
        waitingForDebugger = waiting;
        if (waiting) {
            sendChunk(MessageCodec.encode(new DdmMessage.Wait(0)));
        }
    }

    public boolean waitingForDebugger() {
        return waitingForDebugger;
    }

    /** Stops listening and closes the current connection. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        ServerSocket s = server;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        ClientConnection c = connection;
        if (c != null) {
            c.close();
        }
        timer.shutdownNow();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    pause();
                }
                continue;
            }
            if (connection != null) {
                closeQuietly(socket); // one monitor at a time, like a JDWP agent
                continue;
            }
            ClientConnection c = new ClientConnection(socket, handlers, settings.maxRequestBytes,
                    settings.compressAbove, this::connectionEnded);
            connection = c;
            Thread reader = new Thread(c::run, "heapwise-ddm-connection");
            reader.setDaemon(true);
            reader.start();
        }
    }

    private void connectionEnded(ClientConnection c) {
        if (connection == c) {
            connection = null;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }

    /** Configures a {@link DdmClient}. Not thread-safe. */
    public static final class Builder {
        private final Settings s = new Settings();

        private Builder() {}

        /** Port to listen on; 0 picks a free one (see {@link DdmClient#port()}). Default 8000. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port out of range: " + port);
            }
            s.port = port;
            return this;
        }

        /** Address to listen on. Default: the loopback address only. */
        public Builder bindAddress(InetAddress address) {
            s.bindAddress = Objects.requireNonNull(address);
            return this;
        }

        /** Name reported in HELO and APNM. Default: the main class or jar name. */
        public Builder appName(String name) {
            s.appName = Objects.requireNonNull(name);
            return this;
        }

        /** Whether an EXIT chunk may end the JVM. Default false (EXIT gets a FAIL reply). */
        public Builder allowExit(boolean allow) {
            s.allowExit = allow;
            return this;
        }

        /**
         * Directory for heap dumps: HPDU may only write inside it and HPDS stages its file there.
         * Default: {@code java.io.tmpdir}.
         */
        public Builder heapDumpDirectory(Path dir) {
            s.dumpDirectory = Objects.requireNonNull(dir);
            return this;
        }

        /** Whether dumps hold only live objects (a full GC runs first). Default true. */
        public Builder liveObjectsOnly(boolean live) {
            s.dumpLive = live;
            return this;
        }

        /** Whether to install the built-in handlers. Default true. */
        public Builder builtInHandlers(boolean install) {
            s.builtInHandlers = install;
            return this;
        }

        /** Chunks of at least this many bytes are sent ZLIB-compressed; 0 (default) never compresses. */
        public Builder compressAbove(int bytes) {
            s.compressAbove = bytes;
            return this;
        }

        /** How often thread creation and death are looked for while THEN is on. Default 250 ms. */
        public Builder threadPollInterval(Duration interval) {
            s.threadPollMillis = Math.max(10, interval.toMillis());
            return this;
        }

        public DdmClient build() {
            return new DdmClient(s.copy());
        }
    }

    /** Plain settings holder. */
    private static final class Settings {
        int port = 8000;
        InetAddress bindAddress = InetAddress.getLoopbackAddress();
        String appName = BuiltInHandlers.defaultAppName();
        boolean allowExit;
        Path dumpDirectory = Path.of(System.getProperty("java.io.tmpdir"));
        boolean dumpLive = true;
        boolean builtInHandlers = true;
        int compressAbove;
        long threadPollMillis = 250;
        int maxRequestBytes = 1 << 20;

        Settings copy() {
            Settings c = new Settings();
            c.port = port;
            c.bindAddress = bindAddress;
            c.appName = appName;
            c.allowExit = allowExit;
            c.dumpDirectory = dumpDirectory;
            c.dumpLive = dumpLive;
            c.builtInHandlers = builtInHandlers;
            c.compressAbove = compressAbove;
            c.threadPollMillis = threadPollMillis;
            c.maxRequestBytes = maxRequestBytes;
            return c;
        }

        BuiltInHandlers.Options toInternal() {
            return new BuiltInHandlers.Options(allowExit, dumpDirectory, dumpLive, threadPollMillis);
        }
    }
}
