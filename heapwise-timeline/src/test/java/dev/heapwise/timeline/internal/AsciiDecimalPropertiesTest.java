package dev.heapwise.timeline.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The byte-level number reader agrees with {@link Double#parseDouble} on its grammar. */
class AsciiDecimalPropertiesTest {
    private static final Pattern GRAMMAR = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    /** The oracle: the grammar by regex, the value by the JDK. */
    private static double expected(String s) {
        if (!GRAMMAR.matcher(s).matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(s);
        return Double.isInfinite(v) ? Double.NaN : v;
    }

    private static double parse(String s) {
        byte[] b = ("xx" + s + "yy").getBytes(StandardCharsets.ISO_8859_1);
        return AsciiDecimal.parse(b, 2, b.length - 2);
    }

    @Provide
    Arbitrary<String> numbers() {
        Arbitrary<String> sign = Arbitraries.of("", "+", "-");
        Arbitrary<String> digits = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(25);
        Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
                Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"),
                        Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(4)).as((e, s, d) -> e + s + d));
        return Combinators.combine(sign, digits, Arbitraries.of("", "."), digits, exponent)
                .as((s, i, dot, f, e) -> s + i + dot + (dot.isEmpty() ? "" : f) + e);
    }

    @Property(tries = 5000)
    void agreesWithTheJdkOnGeneratedNumbers(@ForAll("numbers") String s) {
        assertThat(Double.doubleToRawLongBits(parse(s))).as(s).isEqualTo(Double.doubleToRawLongBits(expected(s)));
    }

    @Property(tries = 3000)
    void agreesWithTheJdkOnArbitraryText(@ForAll("noise") String s) {
        assertThat(Double.doubleToRawLongBits(parse(s))).as(s).isEqualTo(Double.doubleToRawLongBits(expected(s)));
    }

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.strings().withChars("0123456789.+-eE xNaInfity,").ofMaxLength(12);
    }

    @Property(tries = 3000)
    void roundTripsEveryDouble(@ForAll double v) {
        if (Double.isFinite(v)) {
            assertThat(parse(Double.toString(v).replace("E", "e"))).isEqualTo(v);
        }
    }

    @Test
    void knownCases() {
        assertThat(parse("10250000")).isEqualTo(10250000.0);
        assertThat(parse("12345.67")).isEqualTo(12345.67);
        assertThat(parse("0.1")).isEqualTo(0.1);
        assertThat(parse(".5")).isEqualTo(0.5);
        assertThat(parse("5.")).isEqualTo(5.0);
        assertThat(parse("1e400")).isNaN();
        assertThat(parse("9007199254740993")).isEqualTo(9007199254740992.0);
        assertThat(parse("")).isNaN();
        assertThat(parse(".")).isNaN();
        assertThat(parse("1e")).isNaN();
        assertThat(parse("Infinity")).isNaN();
    }
}
