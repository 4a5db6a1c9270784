package dev.heapwise.microej.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A creating method named by a user in any of the forms heapwise prints or the dump stores. */
class SelectionTest {
    @Test
    void aMethodIsFoundByAnyOfItsNames() {
        String m = "com/is2t/test/HeapDumpTest.start()V";
        for (String wanted : new String[] {m, "com.is2t.test.HeapDumpTest.start() : void",
            "com.is2t.test.HeapDumpTest.start", "start"}) {
            assertThat(Selection.methodMatches(m, wanted)).as(wanted).isTrue();
        }
        for (String other : new String[] {"stop", "HeapDumpTest.start", "com.is2t.test.Other.start", "star"}) {
            assertThat(Selection.methodMatches(m, other)).as(other).isFalse();
        }
    }
}
