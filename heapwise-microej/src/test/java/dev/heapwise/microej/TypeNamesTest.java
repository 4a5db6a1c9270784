package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Method names as users give them, in the dump's internal form or in the form heapwise prints. */
class TypeNamesTest {
    @Test
    void methodsReadTheSameInEitherForm() {
        assertThat(TypeNames.method("com/is2t/test/HeapDumpTest.start()V"))
                .isEqualTo("com.is2t.test.HeapDumpTest.start() : void");
        assertThat(TypeNames.method("com/is2t/A.m(I[Ljava/lang/String;)Ljava/lang/Object;"))
                .isEqualTo("com.is2t.A.m(int, java.lang.String[]) : java.lang.Object");
        // given as printed: left as it is, not " :  : void"
        assertThat(TypeNames.method("com.is2t.test.HeapDumpTest.start() : void"))
                .isEqualTo("com.is2t.test.HeapDumpTest.start() : void");
        assertThat(TypeNames.method("start")).isEqualTo("start");
    }
}
