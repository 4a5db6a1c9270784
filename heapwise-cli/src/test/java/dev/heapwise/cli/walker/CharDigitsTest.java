package dev.heapwise.cli.walker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.Ids;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/** The allocation-free number writer against the JDK's own formatting. */
class CharDigitsTest {
    private final CharDigits d = new CharDigits();

    @Property
    void hexIdsSpellLikeIdsHex(@ForAll long id) {
        assertThat(new String(d.chars(), 0, d.hexId(id))).isEqualTo(Ids.hex(id));
    }

    @Property
    void decimalsAndElementNames(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long v) {
        assertThat(new String(d.chars(), 0, d.decimal(v))).isEqualTo(Long.toString(v));
        assertThat(new String(d.chars(), 0, d.bracketed(v))).isEqualTo("[" + v + "]");
    }
}
