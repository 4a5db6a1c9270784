package dev.heapwise.ddm.codec;

import dev.heapwise.ddm.ChunkType;
import java.util.List;

/**
 * Every DDM chunk payload as a typed value. {@link MessageCodec} turns chunks into these and back.
 *
 * <p>Records are immutable, except that array components (segment runs, dump bytes, unknown
 * payloads) are shared, not copied: do not modify them. Record {@code equals} compares arrays by
 * identity; compare encodings ({@link MessageCodec#encode}) to compare contents.
 */
public sealed interface DdmMessage {
    /** The chunk type this message travels as. */
    int chunkType();

    // ----------------------------------------------------------------- monitor -> VM

    /** HELO request: {@code u4 server protocol version}. */
    record HelloRequest(int serverProtocolVersion) implements DdmMessage {
        public int chunkType() { return ChunkType.HELO; }
    }

    /** FEAT request: no payload. */
    record FeaturesRequest() implements DdmMessage {
        public int chunkType() { return ChunkType.FEAT; }
    }

    /** THEN: {@code u1 enable}. */
    record ThreadNotifyRequest(boolean enable) implements DdmMessage {
        public int chunkType() { return ChunkType.THEN; }
    }

    /**
     * THST request. The seed's form carries {@code u4 interval in ms} (0 stops periodic
     * reports); ddmlib sends it empty for one report, written here as interval {@link #ONE_SHOT}.
     */
    record ThreadStatusRequest(int intervalMillis) implements DdmMessage {
        /** The empty request: one report now. */
        public static final int ONE_SHOT = -1;

        public int chunkType() { return ChunkType.THST; }
    }

    /** HPIF request: {@code u1 when} (0 never, 1 now, 2 next GC, 3 every GC). */
    record HeapInfoRequest(int when) implements DdmMessage {
        public static final int NEVER = 0;
        public static final int NOW = 1;
        public static final int NEXT_GC = 2;
        public static final int EVERY_GC = 3;

        public int chunkType() { return ChunkType.HPIF; }
    }

    /**
     * HPSG or NHSG request: {@code u1 when} (0 off, 1 at every GC), {@code u1 what} (0 HPSG
     * runs, 1 HPSO runs ending at object boundaries).
     */
    record HeapSegmentRequest(boolean nativeHeap, int when, int what) implements DdmMessage {
        public static final int WHEN_OFF = 0;
        public static final int WHEN_EVERY_GC = 1;
        public static final int WHAT_SEGMENTS = 0;
        public static final int WHAT_OBJECTS = 1;

        public int chunkType() { return nativeHeap ? ChunkType.NHSG : ChunkType.HPSG; }
    }

    /** HPGC: collect garbage now; no payload. */
    record GcRequest() implements DdmMessage {
        public int chunkType() { return ChunkType.HPGC; }
    }

    /** HPDU request: {@code u4 length, UTF-16 file name} on the VM's side. */
    record HeapDumpRequest(String fileName) implements DdmMessage {
        public int chunkType() { return ChunkType.HPDU; }
    }

    /** HPDS request: dump the heap and stream it back; no payload. */
    record HeapDumpStreamRequest() implements DdmMessage {
        public int chunkType() { return ChunkType.HPDS; }
    }

    /** DBGD: the debugger disconnected (to the VM) or its acknowledgement (from the VM); no payload. */
    record DebuggerDisconnected() implements DdmMessage {
        public int chunkType() { return ChunkType.DBGD; }
    }

    /** EXIT: {@code u4 exit status}. */
    record ExitRequest(int status) implements DdmMessage {
        public int chunkType() { return ChunkType.EXIT; }
    }

    /** REAE: {@code u1 enable} recent-allocation tracking. */
    record AllocTrackingEnable(boolean enable) implements DdmMessage {
        public int chunkType() { return ChunkType.REAE; }
    }

    /** REAQ request: is allocation tracking on? No payload. */
    record AllocTrackingQuery() implements DdmMessage {
        public int chunkType() { return ChunkType.REAQ; }
    }

    /** REAL request: send the recent allocations; no payload. */
    record AllocRecordsRequest() implements DdmMessage {
        public int chunkType() { return ChunkType.REAL; }
    }

    // ----------------------------------------------------------------- VM -> monitor

    /**
     * HELO reply: {@code u4 version, u4 pid, u4 identLen, u4 appNameLen, ident, appName}, then the
     * fields modern Android appends, each present only if all before it are: {@code u4 user id},
     * ABI string, JVM flags string, {@code u1 native-debuggable}, package name, {@code u4 boot
     * stage} (API 34). Strings are a u4 length in chars and UTF-16BE. Absent fields are null.
     */
    record Hello(int protocolVersion, int pid, String vmIdent, String appName, Integer userId,
                 String abi, String jvmFlags, Boolean nativeDebuggable, String packageName,
                 Integer bootStage) implements DdmMessage {
        /** A HELO reply with only the seed's fields. */
        public static Hello basic(int protocolVersion, int pid, String vmIdent, String appName) {
            return new Hello(protocolVersion, pid, vmIdent, appName, null, null, null, null, null, null);
        }

        public int chunkType() { return ChunkType.HELO; }
    }

    /** FEAT reply: {@code u4 count}, then per feature a u4 length and UTF-16BE. */
    record Features(List<String> features) implements DdmMessage {
        public Features {
            features = List.copyOf(features);
        }

        public int chunkType() { return ChunkType.FEAT; }
    }

    /** APNM: {@code u4 length, UTF-16 name}, then optionally {@code u4 user id} and a package name. */
    record AppName(String appName, Integer userId, String packageName) implements DdmMessage {
        public int chunkType() { return ChunkType.APNM; }
    }

    /** WAIT: {@code u1 reason} (0 = waiting for a debugger). */
    record Wait(int reason) implements DdmMessage {
        public int chunkType() { return ChunkType.WAIT; }
    }

    /** THCR: {@code u4 thread id, u4 name length, UTF-16 name}. */
    record ThreadCreated(int threadId, String name) implements DdmMessage {
        public int chunkType() { return ChunkType.THCR; }
    }

    /** THDE: {@code u4 thread id}. */
    record ThreadDied(int threadId) implements DdmMessage {
        public int chunkType() { return ChunkType.THDE; }
    }

    /**
     * THST report. Two layouts exist. The seed's: {@code u4 count}, then per thread {@code u4 id,
     * u1 state, u1 suspended}. ddmlib/ART's: {@code u1 header length (4), u1 bytes per entry (18),
     * u2 count}, then per thread {@code u4 id, u1 state, u4 system tid, u4 utime, u4 stime, u1
     * daemon}. A report whose first byte is 0 is the seed's layout (its count would need 16M
     * threads to start otherwise); the modern layout's first byte is its header length.
     */
    record ThreadStatus(boolean seedLayout, List<ThreadEntry> threads) implements DdmMessage {
        public ThreadStatus {
            threads = List.copyOf(threads);
        }

        public int chunkType() { return ChunkType.THST; }
    }

    /**
     * One thread of a THST report. States: 0 zombie, 1 running, 2 sleeping, 3 monitor, 4 wait,
     * 5 initializing, 6 starting, 7 native, 8 vmwait, 9 suspended (see {@link ThreadStates}).
     * Times are in clock ticks (1/100 s on Linux). Fields a layout lacks are 0/false.
     */
    record ThreadEntry(int threadId, int state, int systemTid, long userTime, long systemTime,
                       boolean daemon, boolean suspended) {}

    /** HPIF report: {@code u4 count}, then per heap 29 bytes (see {@link HeapInfoEntry}). */
    record HeapInfo(List<HeapInfoEntry> heaps) implements DdmMessage {
        public HeapInfo {
            heaps = List.copyOf(heaps);
        }

        public int chunkType() { return ChunkType.HPIF; }
    }

    /**
     * One heap of an HPIF report: {@code u4 heap id, u8 timestamp (ms since the epoch), u1 reason
     * (the request's "when"), u4 max size, u4 current size, u4 bytes allocated, u4 objects
     * allocated}. The u4 sizes are unsigned; senders clamp larger values to 0xFFFFFFFF.
     */
    record HeapInfoEntry(int heapId, long timestampMillis, int reason, long maxBytes, long sizeBytes,
                         long allocatedBytes, long allocatedObjects) {}

    /** HPST or NHST: {@code u4 heap id}; starts a heap's segment stream. */
    record HeapStart(boolean nativeHeap, int heapId) implements DdmMessage {
        public int chunkType() { return nativeHeap ? ChunkType.NHST : ChunkType.HPST; }
    }

    /** HPEN or NHEN: {@code u4 heap id}; ends a heap's segment stream. */
    record HeapEnd(boolean nativeHeap, int heapId) implements DdmMessage {
        public int chunkType() { return nativeHeap ? ChunkType.NHEN : ChunkType.HPEN; }
    }

    /**
     * One HPSG, HPSO or NHSG piece: {@code u4 heap id, u1 allocation unit size, u4 virtual address,
     * u4 offset, u4 length in units}, then run pairs {@code (state, units-1)}. The offset counts
     * allocation units from the virtual address, as the seed's two-piece example requires (ART
     * always sends 0). The decoder has checked that the runs cover exactly {@code unitCount} units.
     *
     * @param runs the run pairs, {@code runs[runsOffset, runsOffset+runsLength)}
     */
    record HeapSegment(int chunkType, int heapId, int unitSize, long virtualAddress, long offsetUnits,
                       long unitCount, byte[] runs, int runsOffset, int runsLength) implements DdmMessage {
        public HeapSegment {
            if (chunkType != ChunkType.HPSG && chunkType != ChunkType.HPSO && chunkType != ChunkType.NHSG) {
                throw new IllegalArgumentException("not a heap segment type: " + ChunkType.name(chunkType));
            }
        }

        /** Number of run pairs. */
        public int runCount() {
            return runsLength / 2;
        }
    }

    /** FAIL: {@code u4 error code, u4 message length, UTF-16 message}. */
    record Fail(int errorCode, String message) implements DdmMessage {
        public int chunkType() { return ChunkType.FAIL; }
    }

    /** HPDU reply: {@code u1 result}, 0 on success. */
    record HeapDumpResult(int result) implements DdmMessage {
        public int chunkType() { return ChunkType.HPDU; }

        public boolean succeeded() {
            return result == 0;
        }
    }

    /** HPDS data: the whole HPROF file as the payload. */
    record HeapDumpData(byte[] hprof, int offset, int length) implements DdmMessage {
        public int chunkType() { return ChunkType.HPDS; }
    }

    /** REAQ reply: {@code u1 enabled}. */
    record AllocTrackingStatus(boolean enabled) implements DdmMessage {
        public int chunkType() { return ChunkType.REAQ; }
    }

    /** REAL reply: the recent allocations. */
    record AllocRecords(AllocationRecords records) implements DdmMessage {
        public int chunkType() { return ChunkType.REAL; }
    }

    // ----------------------------------------------------------------- either way

    /**
     * A chunk this codec does not know, or knows only in the other direction. Reported, never an
     * error.
     */
    record Unknown(int chunkType, byte[] data, int offset, int length) implements DdmMessage {}
}
