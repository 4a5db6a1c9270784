package dev.heapwise.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Ids as users type them back: what any command printed is accepted by every other. */
class IdsTest {
    @Test
    void everyPrintedFormParses() {
        assertThat(Ids.parse(Ids.hex(0xe12f8800L))).isEqualTo(0xe12f8800L);
        assertThat(Ids.parse("0X1F2E")).isEqualTo(0x1f2e);
        assertThat(Ids.parse("1f2e")).isEqualTo(0x1f2e);
        assertThat(Ids.parse("98")).isEqualTo(98);
        assertThat(Ids.parse("#98")).isEqualTo(0x62); // the microej commands' form
        assertThat(Ids.parse(" 0xffffffffffffffff ")).isEqualTo(-1L);
        for (String bad : new String[] {"#", "#x1", "0xg", "", "-5"}) {
            assertThatThrownBy(() -> Ids.parse(bad)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }
}
