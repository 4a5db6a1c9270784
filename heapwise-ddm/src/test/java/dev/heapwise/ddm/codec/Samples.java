package dev.heapwise.ddm.codec;

import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.DdmMessage.*;
import java.util.List;

/** One or more sample messages of every chunk type, in the direction each travels. */
final class Samples {
    private Samples() {}

    static List<DdmMessage> toVm() {
        return List.of(
                new HelloRequest(1),
                new FeaturesRequest(),
                new ThreadNotifyRequest(true),
                new ThreadNotifyRequest(false),
                new ThreadStatusRequest(ThreadStatusRequest.ONE_SHOT),
                new ThreadStatusRequest(500),
                new ThreadStatusRequest(0),
                new HeapInfoRequest(HeapInfoRequest.NOW),
                new HeapInfoRequest(HeapInfoRequest.EVERY_GC),
                new HeapSegmentRequest(false, 1, 0),
                new HeapSegmentRequest(false, 1, 1),
                new HeapSegmentRequest(true, 0, 0),
                new GcRequest(),
                new HeapDumpRequest("/sdcard/dump\u00e9.hprof"),
                new HeapDumpStreamRequest(),
                new DebuggerDisconnected(),
                new ExitRequest(3),
                new AllocTrackingEnable(true),
                new AllocTrackingQuery(),
                new AllocRecordsRequest());
    }

    static List<DdmMessage> fromVm() {
        byte[] runs = {0x01, (byte) 0xff, (byte) (0x80 | 0x09), (byte) 0xff, 0x09, 0x00, 0x00, 0x02};
        return List.of(
                Hello.basic(1, 4242, "Dalvik v1.0", "com.example"),
                new Hello(1, 7, "ART v2.1.0", "app", 10, "64-bit (arm64)", "CheckJNI=false", true, "com.example.pkg", null),
                new Hello(1, 7, "ART v2.1.0", "app", 10, "64-bit (arm64)", "CheckJNI=false", false, "pkg", ChunkType.of("BOOT")),
                new Hello(1, 7, "x", "", 0, null, null, null, null, null),
                new Features(List.of("hprof-heap-dump", "method-trace-profiling")),
                new Features(List.of()),
                new AppName("com.example", null, null),
                new AppName("com.example", 0, "com.example"),
                new Wait(0),
                new ThreadCreated(12, "Binder_1 \u2603"),
                new ThreadDied(12),
                new ThreadStatus(true, List.of(new ThreadEntry(1, 1, 0, 0, 0, false, false),
                        new ThreadEntry(2, 4, 0, 0, 0, false, true))),
                new ThreadStatus(false, List.of(new ThreadEntry(1, 1, 1234, 56, 7, false, false),
                        new ThreadEntry(9, 9, 1240, 0, 0, true, true))),
                new ThreadStatus(false, List.of()),
                new HeapInfo(List.of(new HeapInfoEntry(1, 1_700_000_000_123L, 1, 64L << 20, 16L << 20, 12L << 20, 34567),
                        new HeapInfoEntry(2, 0, 3, 0xffffffffL, 0, 0, 0))),
                new HeapStart(false, 1),
                new HeapStart(true, 1),
                new HeapEnd(false, 1),
                new HeapEnd(true, 1),
                new HeapSegment(ChunkType.HPSG, 1, 8, 0x10000, 0, 256 + 256 + 1 + 3, runs, 0, runs.length),
                new HeapSegment(ChunkType.HPSO, 1, 8, 0x10000, 5, 1, new byte[] {0x01, 0x00}, 0, 2),
                new HeapSegment(ChunkType.NHSG, 1, 16, 0xfffff000L, 0, 2, new byte[] {0x39, 0x01}, 0, 2),
                new HeapSegment(ChunkType.HPSG, 1, 8, 0, 0, 0, new byte[0], 0, 0),
                new Fail(1, "no such thing"),
                new HeapDumpResult(0),
                new HeapDumpResult(-1),
                new HeapDumpData(new byte[] {'J', 'A', 'V', 'A'}, 0, 4),
                new AllocTrackingStatus(true),
                new AllocRecords(new AllocationRecords(List.of(
                        new AllocationRecords.Allocation(32, 4, "path.Foo", List.of()),
                        new AllocationRecords.Allocation(64, 1, "path.Bar", List.of(
                                new AllocationRecords.Frame("path.Bar", "bar", "Bar.java", -1),
                                new AllocationRecords.Frame("path.Baz", "foo", "Bar.java", 2000)))))),
                new DebuggerDisconnected(),
                new Unknown(ChunkType.of("XMPL"), new byte[] {1, 2, 3}, 0, 3));
    }
}
