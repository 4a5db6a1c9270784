package dev.heapwise.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Text made printable: nothing a terminal would obey or UTF-8 would lose is left. */
class PrintableTest {

    @Test
    void controlsRunsSurrogatesAndLineBreaks() {
        assertThat(Printable.escape("a\tb\nc", false)).isEqualTo("a\\u0009b\\u000ac");
        assertThat(Printable.escape("a\tb\nc", true)).isEqualTo("a\tb\nc");
        assertThat(Printable.escape("\0".repeat(40), false)).isEqualTo("\\u0000×40");
        assertThat(Printable.escape("\0\0x", false)).isEqualTo("\\u0000\\u0000x");
        assertThat(Printable.escape("\u001b[31m\u007f\u0085", false)).isEqualTo("\\u001b[31m\\u007f\\u0085");
        assertThat(Printable.escape("a\uD800b\uDC00", false)).isEqualTo("a\\uD800b\\uDC00");
        assertThat(Printable.escape("é😀 <&>", false)).isEqualTo("é😀 <&>");
    }

    @Test
    void randomTextComesOutPrintableAndEncodable() {
        Random r = new Random(7);
        for (int round = 0; round < 2000; round++) {
            char[] cs = new char[r.nextInt(30)];
            for (int i = 0; i < cs.length; i++) {
                cs[i] = r.nextInt(4) == 0 ? (char) r.nextInt(0x20) : (char) r.nextInt(0x10000);
            }
            String out = Printable.escape(new String(cs), false);
            assertThat(out.chars()).noneMatch(c -> c < 0x20 || (c >= 0x7F && c <= 0x9F));
            assertThat(new String(out.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(out);
        }
    }
}
