package dev.heapwise.ddm.jdwp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.ddm.DdmFormatException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class JdwpPacketReaderTest {

    @Test
    void readsPacketsBackToBack() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(JdwpPacket.ddm(5, new byte[] {1, 2, 3}).encode());
        out.write(JdwpPacket.reply(6, 99, null).encode());
        JdwpPacketReader r = new JdwpPacketReader(new ByteArrayInputStream(out.toByteArray()), 100, null);
        JdwpPacket a = r.read();
        assertThat(a.isDdmCommand()).isTrue();
        assertThat(a.id()).isEqualTo(5);
        assertThat(a.data()).containsExactly(1, 2, 3);
        JdwpPacket b = r.read();
        assertThat(b.isReply()).isTrue();
        assertThat(b.errorCode()).isEqualTo(99);
        assertThat(r.read()).isNull();
    }

    @Test
    void anOversizedPacketIsSkippedAndTheNextOneIsRead() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(JdwpPacket.ddm(1, new byte[500]).encode());
        out.write(JdwpPacket.ddm(2, new byte[] {7}).encode());
        JdwpPacketReader r = new JdwpPacketReader(new ByteArrayInputStream(out.toByteArray()), 100, null);
        assertThatThrownBy(r::read).isInstanceOf(DdmFormatException.class)
                .hasMessage("JDWP packet at byte 0: length 511 exceeds the in-memory limit of 100 bytes; skipped");
        assertThat(r.read().id()).isEqualTo(2);
    }

    @Test
    void aLargePacketCanBeStreamed() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] big = new byte[5000];
        big[4999] = 42;
        out.write(JdwpPacket.ddm(1, big).encode());
        out.write(JdwpPacket.ddm(2, new byte[] {7}).encode());
        long[] seen = new long[2];
        JdwpPacketReader r = new JdwpPacketReader(new ByteArrayInputStream(out.toByteArray()), 100, (p, len, data) -> {
            seen[0] = len;
            byte[] all = data.readAllBytes();
            seen[1] = all[all.length - 1];
        });
        JdwpPacket next = r.read();
        assertThat(seen).containsExactly(5000, 42);
        assertThat(next.id()).isEqualTo(2);
    }

    @Test
    void aLengthBelowTheHeaderLosesTheFraming() {
        byte[] bad = {0, 0, 0, 5, 0, 0, 0, 1, 0, 1, 1};
        JdwpPacketReader r = new JdwpPacketReader(new ByteArrayInputStream(bad), 100, null);
        assertThatThrownBy(r::read).isInstanceOf(JdwpPacketReader.FramingException.class)
                .hasMessageContaining("declares length 5");
    }

    @Test
    void aTruncatedPacketIsAnEndOfStream() {
        byte[] p = JdwpPacket.ddm(1, new byte[10]).encode();
        byte[] cut = java.util.Arrays.copyOf(p, p.length - 1);
        JdwpPacketReader r = new JdwpPacketReader(new ByteArrayInputStream(cut), 100, null);
        assertThatThrownBy(r::read).isInstanceOf(EOFException.class);
    }
}
