package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.DdmMessage.HeapInfoRequest;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.jdwp.JdwpErrors;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import dev.heapwise.ddm.jdwp.JdwpVersion;
import dev.heapwise.ddm.monitor.ProbeMode;
import dev.heapwise.ddm.monitor.Target;
import dev.heapwise.ddm.monitor.VmSnapshot;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The monitor's connection to one VM: handshake, the probe (is it DDM?), the introduction (HELO,
 * FEAT, THEN, HPIF), periodic THST/HPIF polls, sending with request-id mapping, the reader loop,
 * and the debugger pass-through on the same connection. On-demand requests are in
 * {@link VmRequests}; what arriving chunks do is in {@link InboundChunks}.
 *
 * <p>One reader thread per session handles everything the VM sends; writes from any thread are
 * serialised. Once a VM is known to be plain JDWP, no DDM packet is ever sent to it again.
 * Thread-safe.
 */
public final class VmSession {
    private static final int HANDSHAKE_TIMEOUT_MS = 3000;

    private final Target target;
    private final SessionHost host;
    private final VmState state = new VmState();
    private final PendingRequests pending = new PendingRequests();
    private final InboundChunks inbound;
    private final VmRequests requests;
    private final Object writeLock = new Object();
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private volatile boolean ddmAllowed;
    private volatile boolean closed;
    private volatile DebuggerLink debugger;
    private volatile Integer debuggerPort;
    private ScheduledFuture<?> poller; // guarded by this

    public VmSession(Target target, SessionHost host) {
        this.target = target;
        this.host = host;
        this.inbound = new InboundChunks(state, this::problem);
        this.requests = new VmRequests(this);
    }

    public Target target() {
        return target;
    }

    /** Connects and performs the JDWP handshake. Blocks up to the connect and handshake timeouts. */
    public void connect() throws IOException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(target.host(), target.port()), (int) host.options().connectTimeout().toMillis());
            s.setTcpNoDelay(true);
            s.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
            in = new BufferedInputStream(s.getInputStream(), 1 << 16);
            out = new BufferedOutputStream(s.getOutputStream(), 1 << 16);
            JdwpHandshake.initiate(in, out);
            s.setSoTimeout(0);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        socket = s;
    }

    /** Starts the reader thread and the probe. Returns at once. */
    public void start() {
        Thread reader = new Thread(this::readLoop, "heapwise-ddm-vm-" + target);
        reader.setDaemon(true);
        reader.start();
        if (host.options().probe() == ProbeMode.HELLO_FIRST || host.isAdbJdwpForward(target)) {
            hello();
        } else {
            versionProbe();
        }
    }

    public VmSnapshot snapshot(boolean selected) {
        return state.snapshot(target, debuggerPort, selected);
    }

    /** Past the introduction (or closed). */
    public boolean settled() {
        return closed || state.settled();
    }

    public boolean isClosed() {
        return closed;
    }

    /** True when the VM answered HELO. */
    public boolean isDdm() {
        return Boolean.TRUE.equals(state.ddm()) && ddmAllowed;
    }

    public void debuggerPort(Integer port) {
        debuggerPort = port;
    }

    // ------------------------------------------------------------------ probe and introduction

    private void versionProbe() {
        sendOwn(JdwpPacket.command(0, JdwpVersion.COMMAND_SET, JdwpVersion.COMMAND, null), new PendingRequests.ReplyCallback() {
            @Override
            public void reply(JdwpPacket p) {
                if (p.errorCode() != JdwpErrors.NONE) {
                    hello(); // not a full JDWP VM: a DDM-only endpoint such as the heapwise client
                    return;
                }
                JdwpVersion v = JdwpVersion.parse(p.data());
                state.version(v);
                if (v.isAndroid()) {
                    hello();
                } else {
                    plain(v);
                }
            }

            @Override
            public void failed(String reason) {
                plain(null);
            }
        });
    }

    private void hello() {
        ddmAllowed = true;
        sendDdm(new DdmMessage.HelloRequest(MessageCodec.SERVER_PROTOCOL_VERSION), new PendingRequests.ReplyCallback() {
            @Override
            public void reply(JdwpPacket p) {
                if (p.errorCode() != JdwpErrors.NONE) {
                    plain(null); // the seed: a JDWP error to HELO means "not a DDM VM"
                    return;
                }
                inbound.apply(p.data(), "HELO reply");
                if (Boolean.TRUE.equals(state.ddm())) {
                    introduced();
                } else {
                    problem("HELO reply without a HELO chunk");
                    plain(null);
                }
            }

            @Override
            public void failed(String reason) {
                if (reason.startsWith("connection closed")) {
                    // HotSpot's JDWP agent does not reject an unknown command set: it crashes (seen with
                    // Temurin 25: SIGSEGV in debugDispatch_getHandler). Only a HELO sent first reaches it.
                    problem("the VM closed the connection instead of answering the DDM hello (HELO)"
                            + (host.options().probe() == ProbeMode.HELLO_FIRST
                                    ? "; a HotSpot JVM crashes on DDM packets, and --probe HELLO_FIRST sends one"
                                    + " before asking what the VM is: keep the default probe for non-Android VMs"
                                    : ""));
                }
                plain(null);
            }
        });
    }

    private void plain(JdwpVersion version) {
        ddmAllowed = false;
        state.plain(version);
        host.identified(this);
    }

    private void introduced() {
        host.identified(this);
        sendDdm(new DdmMessage.FeaturesRequest(), null);
        sendDdm(new DdmMessage.ThreadNotifyRequest(true), null);
        sendDdm(new DdmMessage.HeapInfoRequest(HeapInfoRequest.EVERY_GC), null);
        long every = host.options().pollInterval().toMillis();
        synchronized (this) {
            if (!closed) {
                poller = host.timer().scheduleWithFixedDelay(this::poll, 0, every, TimeUnit.MILLISECONDS);
            }
        }
    }

    private void poll() {
        if (closed || !isDdm()) {
            return;
        }
        sendDdm(new DdmMessage.ThreadStatusRequest(DdmMessage.ThreadStatusRequest.ONE_SHOT), null);
        sendDdm(new DdmMessage.HeapInfoRequest(HeapInfoRequest.NOW), null);
    }

    // ------------------------------------------------------------------ requests

    /** GC, heap info, heap segments, dumps, EXIT. */
    public VmRequests requests() {
        return requests;
    }

    VmState state() {
        return state;
    }

    InboundChunks inbound() {
        return inbound;
    }

    SessionHost host() {
        return host;
    }

    // ------------------------------------------------------------------ debugger pass-through

    /** Attaches a debugger; false when one is attached already or the session is closed. */
    public synchronized boolean attach(DebuggerLink link) {
        if (closed || debugger != null) {
            return false;
        }
        debugger = link;
        state.debuggerAttached(true);
        return true;
    }

    /** A packet from the attached debugger, sent on to the VM. */
    void fromDebugger(DebuggerLink link, JdwpPacket p) throws IOException {
        if (p.isReply()) {
            write(p); // answers a VM command; ids are the VM's own
            return;
        }
        int id = pending.register(new PendingRequests.Forwarded(p.id(), link));
        write(p.withId(id));
    }

    /**
     * The debugger left. A DDM VM gets DBGD and the connection stays. A plain JDWP VM keeps
     * debugger state (breakpoints, suspended threads) until its connection drops, so the
     * connection is closed and re-opened, as the seed prescribes.
     */
    void detach(DebuggerLink link) {
        synchronized (this) {
            if (debugger != link) {
                return;
            }
            debugger = null;
        }
        state.debuggerAttached(false);
        pending.forget(link);
        if (closed) {
            return;
        }
        if (isDdm()) {
            sendDdm(new DdmMessage.DebuggerDisconnected(), null);
        } else {
            close("debugger detached from a plain JDWP VM; reconnecting to reset its debugger state", true);
        }
    }

    // ------------------------------------------------------------------ sending

    /** Sends one DDM request (null callback: the reply only updates the state). */
    void sendDdm(DdmMessage message, PendingRequests.ReplyCallback callback) {
        if (!ddmAllowed || closed) {
            if (callback != null) {
                callback.failed("DDM is not allowed on this connection");
            }
            return;
        }
        Chunk chunk = MessageCodec.encode(message);
        sendOwn(JdwpPacket.ddm(0, ChunkFraming.join(chunk)), callback != null ? callback : applyReply);
    }

    /** For requests whose reply only updates the state (FEAT, THST, ...). */
    private final PendingRequests.ReplyCallback applyReply = new PendingRequests.ReplyCallback() {
        @Override
        public void reply(JdwpPacket packet) {
            if (packet.errorCode() == JdwpErrors.NONE) {
                inbound.apply(packet.data(), "reply");
            }
        }

        @Override
        public void failed(String reason) {
            // periodic requests: the next poll tries again
        }
    };

    /** Sends one of the monitor's own requests under a fresh id, with a reply timeout. */
    private void sendOwn(JdwpPacket packet, PendingRequests.ReplyCallback callback) {
        int id = pending.register(new PendingRequests.Own(callback));
        try {
            host.timer().schedule(() -> {
                if (pending.take(id) instanceof PendingRequests.Own own) {
                    own.callback().failed("no reply within " + host.options().replyTimeout().toMillis() + " ms");
                }
            }, host.options().replyTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException monitorClosing) {
            pending.take(id);
            callback.failed("the monitor is closing");
            return;
        }
        try {
            write(packet.withId(id));
        } catch (IOException e) {
            close("write failed: " + e.getMessage(), false);
        }
    }

    private void write(JdwpPacket p) throws IOException {
        synchronized (writeLock) {
            if (closed) {
                throw new IOException("connection closed");
            }
            p.writeTo(out);
            out.flush();
        }
    }

    // ------------------------------------------------------------------ receiving

    private void readLoop() {
        String reason = "the VM closed the connection";
        JdwpPacketReader reader = new JdwpPacketReader(in, host.options().maxInMemoryPacket(), this::largePacket);
        try {
            while (!closed) {
                JdwpPacket p;
                try {
                    p = reader.read();
                } catch (DdmFormatException e) {
                    problem(e.getMessage());
                    continue;
                }
                if (p == null) {
                    break;
                }
                try {
                    dispatch(p);
                } catch (DdmFormatException e) {
                    problem(e.getMessage());
                } catch (RuntimeException e) {
                    problem("internal error handling " + p + ": " + e);
                }
            }
        } catch (IOException e) {
            reason = closed ? reason : "connection lost: " + e.getMessage();
        } finally {
            close(reason, false);
        }
    }

    private void dispatch(JdwpPacket p) throws IOException {
        if (p.isReply()) {
            PendingRequests.Entry entry = pending.take(p.id());
            if (entry instanceof PendingRequests.Own own) {
                own.callback().reply(p);
            } else if (entry instanceof PendingRequests.Forwarded fwd) {
                fwd.debugger().send(p.withId(fwd.originalId()));
            }
            // else: a reply that timed out earlier; dropped
        } else if (p.isDdmCommand()) {
            inbound.apply(p.data(), "unsolicited packet"); // the seed: VM-to-server packets get no reply
        } else {
            DebuggerLink d = debugger;
            if (d != null) {
                d.send(p); // a JDWP event for the debugger
            }
        }
    }

    /**
     * Packets above the in-memory limit: a heap dump is streamed to its file, a debugger's reply
     * or event is streamed to the debugger, anything else is skipped with a reason.
     */
    private void largePacket(JdwpPacket header, long length, InputStream data) throws IOException {
        PendingRequests.Entry entry = header.isReply() ? pending.take(header.id()) : null;
        if (entry instanceof PendingRequests.Forwarded fwd) {
            fwd.debugger().sendStreamed(header, fwd.originalId(), length, data);
            return;
        }
        if (!header.isReply() && !header.isDdmCommand()) {
            DebuggerLink d = debugger;
            if (d != null) {
                d.sendStreamed(header, header.id(), length, data); // a JDWP event
                return;
            }
        }
        String what = "JDWP packet of " + (length + JdwpPacket.HEADER_SIZE) + " bytes";
        byte[] chunkHeader = data.readNBytes(ChunkFraming.CHUNK_HEADER_SIZE);
        if (chunkHeader.length == ChunkFraming.CHUNK_HEADER_SIZE && (header.isReply() || header.isDdmCommand())) {
            int type = ((chunkHeader[0] & 0xff) << 24) | ((chunkHeader[1] & 0xff) << 16)
                    | ((chunkHeader[2] & 0xff) << 8) | (chunkHeader[3] & 0xff);
            long chunkLength = ((chunkHeader[4] & 0xffL) << 24) | ((chunkHeader[5] & 0xff) << 16)
                    | ((chunkHeader[6] & 0xff) << 8) | (chunkHeader[7] & 0xff);
            HeapDumpReceiver r = inbound.dump();
            if (type == ChunkType.HPDS && chunkLength == length - ChunkFraming.CHUNK_HEADER_SIZE && r != null) {
                r.stream(data, chunkLength);
                if (entry instanceof PendingRequests.Own own) {
                    own.callback().reply(JdwpPacket.reply(header.id(), header.errorCode(), null));
                }
                return;
            }
            what += " (a " + ChunkType.name(type) + " chunk)";
        }
        String message = what + " exceeds the in-memory limit of " + host.options().maxInMemoryPacket() + " bytes; skipped";
        problem(message);
        if (entry instanceof PendingRequests.Own own) {
            own.callback().failed(message);
        }
    }

    private void problem(String message) {
        state.problem(message);
        host.problem(target, message);
    }

    // ------------------------------------------------------------------ closing

    /** Closes the connection; idempotent. */
    public void close(String reason, boolean reconnectSoon) {
        DebuggerLink d;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            d = debugger;
            debugger = null;
            if (poller != null) {
                poller.cancel(false);
            }
        }
        try {
            if (socket != null) {
                socket.close();
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        pending.failAll("connection closed: " + reason);
        inbound.failAll(target + ": " + reason);
        if (d != null) {
            d.close();
        }
        // A VM whose debugger just left is usually back at once (HotSpot re-listens after
        // VirtualMachine.Dispose), so look again soon rather than at the next scan.
        host.ended(this, reason, reconnectSoon || d != null);
    }
}
