package dev.heapwise.timeline.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Line splitting across buffer boundaries, against a String.split oracle. */
class LineReaderPropertiesTest {
    private static final int MAX = 64;

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().withChars("ab,\r\n").ofMaxLength(300);
    }

    /** What the reader must produce: lines, \r before \n dropped, long lines cut and flagged. */
    private static List<String> oracle(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            if (raw.length() >= MAX) {
                out.add("!" + raw.substring(0, MAX));
            } else {
                out.add(raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw);
            }
        }
        return out;
    }

    @Property(tries = 3000)
    void splitsLikeTheOracle(@ForAll("texts") String text, @ForAll @IntRange(min = 1, max = 7) int chunk) throws IOException {
        List<String> got = new ArrayList<>();
        LineReader reader = new LineReader(trickle(text.getBytes(StandardCharsets.ISO_8859_1), chunk), 16, MAX, null);
        while (reader.next()) {
            String line = new String(reader.buffer(), reader.start(), reader.end() - reader.start(), StandardCharsets.ISO_8859_1);
            got.add(reader.overlong() ? "!" + line : line);
            assertThat(reader.lineNumber()).isEqualTo(got.size());
        }
        assertThat(got).isEqualTo(oracle(text));
        assertThat(reader.bytesRead()).isEqualTo(text.length());
    }

    /** A channel that delivers at most {@code chunk} bytes per read, as pipes and sockets may. */
    private static ReadableByteChannel trickle(byte[] data, int chunk) {
        ReadableByteChannel all = Channels.newChannel(new ByteArrayInputStream(data));
        return new ReadableByteChannel() {
            @Override
            public int read(java.nio.ByteBuffer dst) throws IOException {
                if (dst.remaining() > chunk) {
                    java.nio.ByteBuffer slice = dst.slice(dst.position(), chunk);
                    int n = all.read(slice);
                    if (n > 0) {
                        dst.position(dst.position() + n);
                    }
                    return n;
                }
                return all.read(dst);
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {}
        };
    }
}
