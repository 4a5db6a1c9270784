package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Names from a dump or a VM are shown, never obeyed by the terminal. */
class DescribeTest {
    @Test
    void controlCharactersAreEscaped() {
        assertThat(Describe.controlsEscaped("worker\t1\u001b[31m")).isEqualTo("worker\\u00091\\u001b[31m");
        assertThat(Describe.controlsEscaped("main")).isEqualTo("main");
        assertThat(Describe.controlsEscaped("é😀")).isEqualTo("é😀");
    }
}
