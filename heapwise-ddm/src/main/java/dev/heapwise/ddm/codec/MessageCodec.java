package dev.heapwise.ddm.codec;

import static dev.heapwise.ddm.ChunkType.*;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.codec.DdmMessage.*;
import dev.heapwise.ddm.internal.PayloadReader;
import dev.heapwise.ddm.internal.PayloadWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Chunks to {@link DdmMessage}s and back. Stateless and thread-safe; no I/O. Decoding allocates the
 * message and its strings; heap segment runs and dump bytes are not copied.
 */
public final class MessageCodec {
    /** Protocol version the monitor announces in HELO, as ddmlib does. */
    public static final int SERVER_PROTOCOL_VERSION = 1;
    /** Protocol version the client library reports in its HELO reply, as ART does. */
    public static final int CLIENT_PROTOCOL_VERSION = 1;

    private static final int MODERN_THST_HEADER = 4;
    private static final int MODERN_THST_ENTRY = 18;
    private static final int HPIF_ENTRY = 29;

    private MessageCodec() {}

    // ================================================================= decode

    /**
     * Decodes one chunk travelling in {@code direction}. Unknown types (or types that only exist
     * the other way) become {@link Unknown}.
     *
     * @throws DdmFormatException when a known chunk's payload does not follow its layout
     */
    public static DdmMessage decode(Chunk chunk, Direction direction) {
        int t = chunk.type();
        PayloadReader r = new PayloadReader(ChunkType.name(t) + " chunk", chunk.data(), chunk.offset(), chunk.length());
        DdmMessage m = direction == Direction.TO_VM ? decodeRequest(t, r, chunk) : decodeReport(t, r, chunk);
        return m != null ? m : new Unknown(t, chunk.data(), chunk.offset(), chunk.length());
    }

    private static DdmMessage decodeRequest(int t, PayloadReader r, Chunk c) {
        DdmMessage m;
        if (t == HELO) {
            m = new HelloRequest(r.s4("server protocol version"));
        } else if (t == FEAT) {
            m = new FeaturesRequest();
        } else if (t == THEN) {
            m = new ThreadNotifyRequest(r.u1("enable") != 0);
        } else if (t == THST) {
            m = new ThreadStatusRequest(r.hasRemaining() ? r.s4("interval") : ThreadStatusRequest.ONE_SHOT);
        } else if (t == HPIF) {
            m = new HeapInfoRequest(r.u1("when"));
        } else if (t == HPSG || t == NHSG) {
            m = new HeapSegmentRequest(t == NHSG, r.u1("when"), r.u1("what"));
        } else if (t == HPGC) {
            m = new GcRequest();
        } else if (t == HPDU) {
            m = new HeapDumpRequest(r.string("file name"));
        } else if (t == HPDS) {
            m = new HeapDumpStreamRequest();
        } else if (t == DBGD) {
            m = new DebuggerDisconnected();
        } else if (t == EXIT) {
            m = new ExitRequest(r.s4("exit status"));
        } else if (t == REAE) {
            m = new AllocTrackingEnable(r.u1("enable") != 0);
        } else if (t == REAQ) {
            m = new AllocTrackingQuery();
        } else if (t == REAL) {
            m = new AllocRecordsRequest();
        } else {
            return null;
        }
        r.expectEnd("the " + ChunkType.name(t) + " request");
        return m;
    }

    private static DdmMessage decodeReport(int t, PayloadReader r, Chunk c) {
        if (t == HELO) {
            return decodeHello(r);
        } else if (t == FEAT) {
            int n = r.count("feature count", 4);
            List<String> features = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                features.add(r.string("feature " + i));
            }
            r.expectEnd("the feature list");
            return new Features(features);
        } else if (t == APNM) {
            String name = r.string("application name");
            Integer user = r.hasRemaining() ? r.s4("user id") : null;
            String pkg = r.hasRemaining() ? r.string("package name") : null;
            r.expectEnd("the package name");
            return new AppName(name, user, pkg);
        } else if (t == WAIT) {
            int reason = r.u1("reason");
            r.expectEnd("the reason");
            return new Wait(reason);
        } else if (t == THCR) {
            int id = r.s4("thread id");
            String name = r.string("thread name");
            r.expectEnd("the thread name");
            return new ThreadCreated(id, name);
        } else if (t == THDE) {
            int id = r.s4("thread id");
            r.expectEnd("the thread id");
            return new ThreadDied(id);
        } else if (t == THST) {
            return decodeThreadStatus(r);
        } else if (t == HPIF) {
            return decodeHeapInfo(r);
        } else if (t == HPST || t == NHST || t == HPEN || t == NHEN) {
            int heap = r.s4("heap id");
            r.expectEnd("the heap id");
            return t == HPST || t == NHST ? new HeapStart(t == NHST, heap) : new HeapEnd(t == NHEN, heap);
        } else if (t == HPSG || t == HPSO || t == NHSG) {
            return decodeSegment(t, r);
        } else if (t == FAIL) {
            int code = r.s4("error code");
            String msg = r.string("error message");
            r.expectEnd("the error message");
            return new Fail(code, msg);
        } else if (t == HPDU) {
            int result = (byte) r.u1("result");
            r.expectEnd("the result");
            return new HeapDumpResult(result);
        } else if (t == HPDS) {
            return new HeapDumpData(c.data(), c.offset(), c.length());
        } else if (t == REAQ) {
            boolean on = r.u1("enabled") != 0;
            r.expectEnd("the status");
            return new AllocTrackingStatus(on);
        } else if (t == REAL) {
            return new AllocRecords(AllocationRecords.parse(c.data(), c.offset(), c.length()));
        } else if (t == DBGD) {
            return new DebuggerDisconnected();
        }
        return null;
    }

    private static Hello decodeHello(PayloadReader r) {
        int version = r.s4("protocol version");
        int pid = r.s4("pid");
        int identChars = (int) Math.min(r.u4("VM ident length"), Integer.MAX_VALUE);
        int appChars = (int) Math.min(r.u4("application name length"), Integer.MAX_VALUE);
        String ident = r.utf16(identChars, "VM ident");
        String app = r.utf16(appChars, "application name");
        Integer user = null;
        String abi = null;
        String flags = null;
        Boolean nativeDebuggable = null;
        String pkg = null;
        Integer stage = null;
        if (r.hasRemaining()) {
            user = r.s4("user id");
        }
        if (r.hasRemaining()) {
            abi = r.string("ABI");
        }
        if (r.hasRemaining()) {
            flags = r.string("JVM flags");
        }
        if (r.hasRemaining()) {
            nativeDebuggable = r.u1("native-debuggable") != 0;
        }
        if (r.hasRemaining()) {
            pkg = r.string("package name");
        }
        if (r.hasRemaining()) {
            stage = r.s4("boot stage");
        }
        // Later Android versions may append more; they are ignored, as ddmlib does.
        return new Hello(version, pid, ident, app, user, abi, flags, nativeDebuggable, pkg, stage);
    }

    private static ThreadStatus decodeThreadStatus(PayloadReader r) {
        if (!r.hasRemaining()) {
            throw r.fail(0, "empty thread status report");
        }
        int first = r.array()[r.absolutePosition()] & 0xff;
        List<ThreadEntry> threads = new ArrayList<>();
        if (first == 0) {
            int n = r.count("thread count", 6);
            for (int i = 0; i < n; i++) {
                int id = r.s4("thread id");
                int state = r.u1("thread state");
                boolean suspended = r.u1("suspended") != 0;
                threads.add(new ThreadEntry(id, state, 0, 0, 0, false, suspended));
            }
            r.expectEnd(n + " threads");
            return new ThreadStatus(true, threads);
        }
        int headerLength = r.u1("header length");
        int entryLength = r.u1("bytes per entry");
        int n = r.u2("thread count");
        if (headerLength < MODERN_THST_HEADER) {
            throw r.fail(0, "header length " + headerLength + " is below 4");
        }
        if (entryLength < MODERN_THST_ENTRY - 1) {
            throw r.fail(1, "bytes per entry " + entryLength + " is below 17");
        }
        r.skip(headerLength - MODERN_THST_HEADER, "header extension");
        if ((long) n * entryLength != r.remaining()) {
            throw r.fail(r.position(), n + " threads of " + entryLength + " bytes need " + (long) n * entryLength
                    + " bytes but " + r.remaining() + " follow");
        }
        for (int i = 0; i < n; i++) {
            int id = r.s4("thread id");
            int state = r.u1("thread state");
            int tid = r.s4("system thread id");
            long utime = r.u4("user time");
            long stime = r.u4("system time");
            boolean daemon = entryLength >= MODERN_THST_ENTRY && r.u1("daemon") != 0;
            r.skip(Math.max(0, entryLength - MODERN_THST_ENTRY), "entry extension");
            threads.add(new ThreadEntry(id, state, tid, utime, stime, daemon, state == ThreadStates.SUSPENDED));
        }
        return new ThreadStatus(false, threads);
    }

    private static HeapInfo decodeHeapInfo(PayloadReader r) {
        int n = r.count("heap count", HPIF_ENTRY);
        List<HeapInfoEntry> heaps = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            heaps.add(new HeapInfoEntry(r.s4("heap id"), r.s8("timestamp"), r.u1("reason"), r.u4("max size"),
                    r.u4("heap size"), r.u4("bytes allocated"), r.u4("objects allocated")));
        }
        r.expectEnd(n + " heaps");
        return new HeapInfo(heaps);
    }

    private static HeapSegment decodeSegment(int t, PayloadReader r) {
        int heap = r.s4("heap id");
        int unit = r.u1("allocation unit size");
        long address = r.u4("virtual address");
        long offset = r.u4("offset");
        long units = r.u4("length in units");
        if (unit == 0) {
            throw r.fail(4, "allocation unit size is 0");
        }
        int runsStart = r.absolutePosition();
        SegmentRuns.check(r, units);
        return new HeapSegment(t, heap, unit, address, offset, units, r.array(), runsStart, r.absolutePosition() - runsStart);
    }

    // ================================================================= encode

    /** Encodes a message as a chunk. Allocates the payload array. */
    public static Chunk encode(DdmMessage message) {
        PayloadWriter w = new PayloadWriter();
        switch (message) {
            case HelloRequest m -> w.u4(m.serverProtocolVersion());
            case FeaturesRequest m -> { }
            case ThreadNotifyRequest m -> w.u1(m.enable() ? 1 : 0);
            case ThreadStatusRequest m -> {
                if (m.intervalMillis() != ThreadStatusRequest.ONE_SHOT) {
                    w.u4(m.intervalMillis());
                }
            }
            case HeapInfoRequest m -> w.u1(m.when());
            case HeapSegmentRequest m -> w.u1(m.when()).u1(m.what());
            case GcRequest m -> { }
            case HeapDumpRequest m -> w.string(m.fileName());
            case HeapDumpStreamRequest m -> { }
            case DebuggerDisconnected m -> { }
            case ExitRequest m -> w.u4(m.status());
            case AllocTrackingEnable m -> w.u1(m.enable() ? 1 : 0);
            case AllocTrackingQuery m -> { }
            case AllocRecordsRequest m -> { }
            case Hello m -> encodeHello(w, m);
            case Features m -> {
                w.u4(m.features().size());
                m.features().forEach(w::string);
            }
            case AppName m -> {
                w.string(m.appName());
                if (m.userId() != null) {
                    w.u4(m.userId());
                    if (m.packageName() != null) {
                        w.string(m.packageName());
                    }
                } else if (m.packageName() != null) {
                    throw new IllegalArgumentException("APNM: a package name needs a user id before it");
                }
            }
            case Wait m -> w.u1(m.reason());
            case ThreadCreated m -> w.u4(m.threadId()).string(m.name());
            case ThreadDied m -> w.u4(m.threadId());
            case ThreadStatus m -> encodeThreadStatus(w, m);
            case HeapInfo m -> {
                w.u4(m.heaps().size());
                for (HeapInfoEntry h : m.heaps()) {
                    w.u4(h.heapId()).u8(h.timestampMillis()).u1(h.reason()).u4(clampU4(h.maxBytes()))
                            .u4(clampU4(h.sizeBytes())).u4(clampU4(h.allocatedBytes())).u4(clampU4(h.allocatedObjects()));
                }
            }
            case HeapStart m -> w.u4(m.heapId());
            case HeapEnd m -> w.u4(m.heapId());
            case HeapSegment m -> w.u4(m.heapId()).u1(m.unitSize()).u4(m.virtualAddress()).u4(m.offsetUnits())
                    .u4(m.unitCount()).bytes(m.runs(), m.runsOffset(), m.runsLength());
            case Fail m -> w.u4(m.errorCode()).string(m.message());
            case HeapDumpResult m -> w.u1(m.result());
            case HeapDumpData m -> {
                return new Chunk(HPDS, m.hprof(), m.offset(), m.length());
            }
            case AllocTrackingStatus m -> w.u1(m.enabled() ? 1 : 0);
            case AllocRecords m -> {
                return new Chunk(REAL, m.records().encode());
            }
            case Unknown m -> {
                return new Chunk(m.chunkType(), m.data(), m.offset(), m.length());
            }
        }
        return new Chunk(message.chunkType(), w.toByteArray());
    }

    /** Values above u4 range are sent as 0xFFFFFFFF, negative ones as 0. */
    public static long clampU4(long v) {
        return v < 0 ? 0 : Math.min(v, 0xffffffffL);
    }

    private static void encodeHello(PayloadWriter w, Hello m) {
        w.u4(m.protocolVersion()).u4(m.pid()).u4(m.vmIdent().length()).u4(m.appName().length())
                .utf16(m.vmIdent()).utf16(m.appName());
        Object[] optional = {m.userId(), m.abi(), m.jvmFlags(), m.nativeDebuggable(), m.packageName(), m.bootStage()};
        int present = 0;
        while (present < optional.length && optional[present] != null) {
            present++;
        }
        for (int i = present; i < optional.length; i++) {
            if (optional[i] != null) {
                throw new IllegalArgumentException("HELO: optional field " + i + " is set but an earlier one is not");
            }
        }
        if (present > 0) w.u4(m.userId());
        if (present > 1) w.string(m.abi());
        if (present > 2) w.string(m.jvmFlags());
        if (present > 3) w.u1(m.nativeDebuggable() ? 1 : 0);
        if (present > 4) w.string(m.packageName());
        if (present > 5) w.u4(m.bootStage());
    }

    private static void encodeThreadStatus(PayloadWriter w, ThreadStatus m) {
        if (m.seedLayout()) {
            w.u4(m.threads().size());
            for (ThreadEntry e : m.threads()) {
                w.u4(e.threadId()).u1(e.state()).u1(e.suspended() ? 1 : 0);
            }
            return;
        }
        if (m.threads().size() > 0xffff) {
            throw new IllegalArgumentException("THST: more than 65535 threads do not fit the u2 count");
        }
        w.u1(MODERN_THST_HEADER).u1(MODERN_THST_ENTRY).u2(m.threads().size());
        for (ThreadEntry e : m.threads()) {
            w.u4(e.threadId()).u1(e.state()).u4(e.systemTid()).u4(clampU4(e.userTime()))
                    .u4(clampU4(e.systemTime())).u1(e.daemon() ? 1 : 0);
        }
    }
}
