package dev.heapwise.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectLabelsTest {

    /** Shark reads 4-byte ids as signed ints: from 0x80000000 on, the number it prints is negative. */
    @Test
    void sharkIdsAreSignedForFourByteIds(@TempDir Path dir) throws Exception {
        for (int idSize : new int[] {4, 8}) {
            SyntheticHeap h = new SyntheticHeap(idSize);
            long cls = h.cls("app.Thing", "x");
            long low = h.obj(cls, 0);
            h.skipTo(0x9000_0000L);
            long high = h.obj(cls, 0);
            h.root(SyntheticHeap.ROOT_UNKNOWN, low);
            h.root(SyntheticHeap.ROOT_UNKNOWN, high);
            Path dump = dir.resolve("ids" + idSize + ".hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump)) {
                assertThat(ObjectLabels.sharkId(g, g.indexOf(low))).isEqualTo(low);
                assertThat(ObjectLabels.sharkId(g, g.indexOf(high)))
                        .isEqualTo(idSize == 4 ? (long) (int) 0x9000_0000L : 0x9000_0000L);
            }
        }
    }
}
