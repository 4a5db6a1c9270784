package dev.heapwise.ddm.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.monitor.MonitorOptions;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The byte layouts that AOSP's ddmlib and ART use on the wire, as summarised in
 * shared/README.md ("DDM on the wire today"). Every expected byte sequence here is written out
 * by hand with DataOutputStream, independently of the codec under test.
 */
class WireLayoutConformanceTest {

    @Test
    void handshakeIsTheFourteenAsciiBytes() {
        assertThat(JdwpHandshake.bytes()).isEqualTo("JDWP-Handshake".getBytes(StandardCharsets.US_ASCII));
        assertThat(JdwpHandshake.LENGTH).isEqualTo(14);
    }

    @Test
    void jdwpHeaderIsElevenBytesAndDdmIsCommandSetC7Command1() throws IOException {
        byte[] data = {1, 2, 3};
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(expected);
        o.writeInt(14);
        o.writeInt(0x01020304);
        o.writeByte(0);
        o.writeByte(0xC7);
        o.writeByte(0x01);
        o.write(data);
        assertThat(JdwpPacket.ddm(0x01020304, data).encode()).isEqualTo(expected.toByteArray());

        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        o = new DataOutputStream(reply);
        o.writeInt(11);
        o.writeInt(77);
        o.writeByte(0x80);
        o.writeShort(99);
        assertThat(JdwpPacket.reply(77, 99, null).encode()).isEqualTo(reply.toByteArray());
    }

    @Test
    void severalChunksInOnePacketEachU4TypeU4LengthBigEndian() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeInt(0x48454c4f); // HELO
        o.writeInt(4);
        o.writeInt(1);
        o.writeInt(0x48504743); // HPGC
        o.writeInt(0);
        List<Chunk> chunks = ChunkFraming.split(b.toByteArray()).orThrow();
        assertThat(chunks).extracting(Chunk::type).containsExactly(ChunkType.HELO, ChunkType.HPGC);
        assertThat(MessageCodec.decode(chunks.get(0), Direction.TO_VM)).isEqualTo(new DdmMessage.HelloRequest(1));
        assertThat(ChunkFraming.join(chunks)).isEqualTo(b.toByteArray());
    }

    @Test
    void modernHelloReplyAsArtWritesIt() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        String ident = "Dalvik v2.1.0";
        String app = "com.example.app";
        o.writeInt(1);
        o.writeInt(1234);
        o.writeInt(ident.length());
        o.writeInt(app.length());
        o.writeChars(ident);
        o.writeChars(app);
        o.writeInt(10); // user id
        string(o, "64-bit (arm64)");
        string(o, "CheckJNI=false");
        o.writeByte(1); // native debuggable
        string(o, "com.example.app");
        DdmMessage.Hello h = (DdmMessage.Hello) MessageCodec.decode(new Chunk(ChunkType.HELO, b.toByteArray()), Direction.FROM_VM);
        assertThat(h).isEqualTo(new DdmMessage.Hello(1, 1234, ident, app, 10, "64-bit (arm64)", "CheckJNI=false",
                true, "com.example.app", null));
        assertThat(MessageCodec.encode(h).payloadBytes()).isEqualTo(b.toByteArray());
    }

    @Test
    void seedOnlyHelloReplyStillDecodes() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeInt(1);
        o.writeInt(99);
        o.writeInt(2);
        o.writeInt(1);
        o.writeChars("VM");
        o.writeChars("a");
        DdmMessage.Hello h = (DdmMessage.Hello) MessageCodec.decode(new Chunk(ChunkType.HELO, b.toByteArray()), Direction.FROM_VM);
        assertThat(h).isEqualTo(DdmMessage.Hello.basic(1, 99, "VM", "a"));
    }

    @Test
    void threadStatusEntriesAreEighteenBytesAfterAFourByteHeader() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeByte(4);
        o.writeByte(18);
        o.writeShort(2);
        entry(o, 1, 1, 4321, 100, 20, false);
        entry(o, 17, 4, 4330, 0, 1, true);
        DdmMessage.ThreadStatus s = (DdmMessage.ThreadStatus) MessageCodec.decode(new Chunk(ChunkType.THST, b.toByteArray()), Direction.FROM_VM);
        assertThat(s.seedLayout()).isFalse();
        assertThat(s.threads()).containsExactly(
                new DdmMessage.ThreadEntry(1, 1, 4321, 100, 20, false, false),
                new DdmMessage.ThreadEntry(17, 4, 4330, 0, 1, true, false));
        assertThat(MessageCodec.encode(s).payloadBytes()).isEqualTo(b.toByteArray());
    }

    @Test
    void threadStatusWithLongerEntriesSkipsTheExtraBytes() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeByte(6);
        o.writeByte(20);
        o.writeShort(1);
        o.writeShort(0xabcd); // header extension
        entry(o, 5, 7, 1, 2, 3, true);
        o.writeShort(0x1234); // entry extension
        DdmMessage.ThreadStatus s = (DdmMessage.ThreadStatus) MessageCodec.decode(new Chunk(ChunkType.THST, b.toByteArray()), Direction.FROM_VM);
        assertThat(s.threads()).containsExactly(new DdmMessage.ThreadEntry(5, 7, 1, 2, 3, true, false));
    }

    @Test
    void segmentStateByteIsKindShiftedThreeOrSolidityWithBit7ForContinuation() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeInt(1); // heap id
        o.writeByte(8); // unit
        o.writeInt(0x10000); // address
        o.writeInt(0); // offset
        o.writeInt(256 + 10);
        o.writeByte(0x80 | (2 << 3) | 1); // byte[] hard, continues
        o.writeByte(255);
        o.writeByte((2 << 3) | 1);
        o.writeByte(9);
        DdmMessage.HeapSegment seg = (DdmMessage.HeapSegment) MessageCodec.decode(new Chunk(ChunkType.HPSG, b.toByteArray()), Direction.FROM_VM);
        assertThat(seg.unitCount()).isEqualTo(266);
        int state = seg.runs()[seg.runsOffset()] & 0xff;
        assertThat(state & SegmentRuns.PARTIAL).isNotZero();
        assertThat(SegmentRuns.kind(state)).isEqualTo(2);
        assertThat(SegmentRuns.solidity(state)).isEqualTo(1);
        assertThat(SegmentRuns.state(2, 1)).isEqualTo((2 << 3) | 1);
    }

    @Test
    void heapInfoIsTwentyNineBytesPerHeap() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        o.writeInt(1);
        o.writeInt(1);
        o.writeLong(1_700_000_000_000L);
        o.writeByte(1);
        o.writeInt(0xfffffff0);
        o.writeInt(3 << 20);
        o.writeInt(2 << 20);
        o.writeInt(5000);
        assertThat(b.size()).isEqualTo(4 + 29);
        DdmMessage.HeapInfo i = (DdmMessage.HeapInfo) MessageCodec.decode(new Chunk(ChunkType.HPIF, b.toByteArray()), Direction.FROM_VM);
        assertThat(i.heaps()).containsExactly(new DdmMessage.HeapInfoEntry(1, 1_700_000_000_000L, 1, 0xfffffff0L,
                3 << 20, 2 << 20, 5000));
    }

    @Test
    void appNameWithUserAndPackageAsModernAndroidSendsIt() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        string(o, "My App");
        o.writeInt(0);
        string(o, "com.example");
        assertThat(MessageCodec.decode(new Chunk(ChunkType.APNM, b.toByteArray()), Direction.FROM_VM))
                .isEqualTo(new DdmMessage.AppName("My App", 0, "com.example"));
    }

    @Test
    void heapDumpRequestAndResult() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(b);
        string(o, "/sdcard/x.hprof");
        assertThat(MessageCodec.encode(new DdmMessage.HeapDumpRequest("/sdcard/x.hprof")).payloadBytes()).isEqualTo(b.toByteArray());
        assertThat(MessageCodec.decode(new Chunk(ChunkType.HPDU, new byte[] {(byte) 0xff}), Direction.FROM_VM))
                .isEqualTo(new DdmMessage.HeapDumpResult(-1));
    }

    @Test
    void debuggerPortsDefaultTo8600UpAnd8700() {
        MonitorOptions defaults = MonitorOptions.builder().build();
        assertThat(defaults.debuggerBasePort()).isEqualTo(8600);
        assertThat(defaults.selectedDebuggerPort()).isEqualTo(8700);
        assertThat(defaults.scanFirst()).isEqualTo(8000);
        assertThat(defaults.scanLast()).isEqualTo(8040);
    }

    private static void string(DataOutputStream o, String s) throws IOException {
        o.writeInt(s.length());
        o.writeChars(s);
    }

    private static void entry(DataOutputStream o, int id, int state, int tid, int utime, int stime, boolean daemon)
            throws IOException {
        o.writeInt(id);
        o.writeByte(state);
        o.writeInt(tid);
        o.writeInt(utime);
        o.writeInt(stime);
        o.writeByte(daemon ? 1 : 0);
    }
}
