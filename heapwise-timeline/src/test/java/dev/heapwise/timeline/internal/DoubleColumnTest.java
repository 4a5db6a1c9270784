package dev.heapwise.timeline.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DoubleColumnTest {

    @Test
    void holdsEveryValueAcrossChunkBoundaries() {
        DoubleColumn column = new DoubleColumn();
        int n = DoubleColumn.CHUNK * 20 + 3; // also outgrows the initial chunk table
        for (int i = 0; i < n; i++) {
            column.add(i * 0.5);
        }
        assertThat(column.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(column.get(i)).isEqualTo(i * 0.5);
        }
        assertThatThrownBy(() -> column.get(n)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> column.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
