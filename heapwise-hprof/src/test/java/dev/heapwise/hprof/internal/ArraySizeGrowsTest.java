package dev.heapwise.hprof.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldType;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@code SizeModel.arraySize} never shrinks as an array grows, for every HotSpot layout heapwise
 * may detect and for ART: the waste analysis finds zero-length arrays among the smallest.
 */
class ArraySizeGrowsTest {

    @Property(tries = 300)
    void aLongerArrayIsNeverSmaller(@ForAll @IntRange(min = 0, max = 1 << 20) int length, @ForAll FieldType type,
            @ForAll boolean eightByteIds) {
        for (HotSpotLayout l : HotSpotSizeModel.candidates(eightByteIds ? 8 : 4)) {
            assertThat(l.arraySize(type, length + 1)).as("%s, %s[%d]", l.name(), type, length)
                    .isGreaterThanOrEqualTo(l.arraySize(type, length));
            assertThat(l.arraySize(type, 0)).as("%s, %s[0]", l.name(), type).isLessThanOrEqualTo(l.arraySize(type, length));
        }
        ArtSizeModel art = new ArtSizeModel();
        assertThat(art.arraySize(type, length + 1)).isGreaterThanOrEqualTo(art.arraySize(type, length));
    }
}
