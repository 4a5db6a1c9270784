package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** GC pairs meet markers by order (the seed's rule) or by timestamp (the variant). */
class CorrelationTest {

    private static GcCorrelation correlate(String heap, String pages) throws IOException {
        return GcCorrelation.of(Inputs.parse(Inputs.file(heap, pages)));
    }

    private static String pair(int gc) {
        return "--before GC " + gc + "--\n16: +\n--after GC " + gc + "--\n16: -\n";
    }

    private static String pair(int gc, String ts) {
        return "--before GC " + gc + " @ " + ts + "--\n--after GC " + gc + " @ " + ts + "--\n";
    }

    @Test
    void nthSortedGcGoesWithNthMarker() throws IOException {
        GcCorrelation c = correlate("1,false\n2,true\n3,true\n4,true\n", pair(30) + pair(10) + pair(20));
        assertThat(c.mode()).isEqualTo(GcCorrelation.Mode.ORDER);
        assertThat(c.matches()).extracting(m -> m.pair().gc(), GcCorrelation.Match::markerSample)
                .containsExactly(tuple(10, 2), tuple(20, 3), tuple(30, 4));
    }

    @Test
    void extraGcsHaveNoMarkerAndExtraMarkersNoGc() throws IOException {
        GcCorrelation fewMarkers = correlate("1,true\n2,false\n", pair(1) + pair(2) + pair(3));
        assertThat(fewMarkers.gcsWithoutMarker()).extracting(GcPair::gc).containsExactly(2, 3);
        assertThat(fewMarkers.markersWithoutGc()).isEmpty();

        GcCorrelation fewGcs = correlate("1,true\n2,true\n3,true\n", pair(5));
        assertThat(fewGcs.matches()).extracting(GcCorrelation.Match::markerSample).containsExactly(1);
        assertThat(fewGcs.markersWithoutGc()).containsExactly(2, 3);
    }

    @Test
    void unpairedBlocksTakeNoMarker() throws IOException {
        GcCorrelation c = correlate("1,true\n2,true\n", "--before GC 1--\n" + pair(2));
        assertThat(c.matches()).extracting(m -> m.pair().gc(), GcCorrelation.Match::markerSample)
                .containsExactly(tuple(2, 1));
        assertThat(c.markersWithoutGc()).containsExactly(2);
    }

    @Test
    void timestampedFilesMatchEqualTimestampsOfMarkers() throws IOException {
        GcCorrelation c = correlate("10,1,false\n20,2,true\n30,3,false\n40,4,true\n50,5,true\n",
                pair(1, "40") + pair(2, "30") + pair(3, "20.0") + pair(4, "99"));
        assertThat(c.mode()).isEqualTo(GcCorrelation.Mode.TIMESTAMP);
        // GC 2 is at sample 3's time, but sample 3 is no marker; GC 4's time is in no sample.
        assertThat(c.matches()).extracting(m -> m.pair().gc(), GcCorrelation.Match::markerSample)
                .containsExactly(tuple(1, 4), tuple(2, 0), tuple(3, 2), tuple(4, 0));
        assertThat(c.markersWithoutGc()).containsExactly(5);
    }

    @Test
    void timestampedSamplesWithoutHeaderTimestampsFallBackToOrder() throws IOException {
        GcCorrelation c = correlate("10,1,true\n20,2,true\n", pair(1) + pair(2));
        assertThat(c.mode()).isEqualTo(GcCorrelation.Mode.ORDER);
        assertThat(c.matches()).extracting(GcCorrelation.Match::markerSample).containsExactly(1, 2);
    }

    @Test
    void headerTimestampsWithoutSampleTimestampsUseOrder() throws IOException {
        GcCorrelation c = correlate("1,true\n2,true\n", pair(1, "2") + pair(2, "1"));
        assertThat(c.mode()).isEqualTo(GcCorrelation.Mode.ORDER);
        assertThat(c.matches()).extracting(GcCorrelation.Match::markerSample).containsExactly(1, 2);
    }

    @Test
    void pairsSharingATimestampShareItsMarker() throws IOException {
        GcCorrelation c = correlate("10,1,true\n10,2,true\n", pair(1, "10") + pair(2, "10"));
        assertThat(c.matches()).extracting(GcCorrelation.Match::markerSample).containsExactly(1, 1);
        assertThat(c.markersWithoutGc()).containsExactly(2);
    }

    @Test
    void timestampsNeedNotAscend() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("30,1,true\n20,2,true\n10,3,true\n20,4,true\n",
                pair(1, "10") + pair(2, "30") + pair(3, "20")));
        assertThat(t.heap().timestampsAscending()).isFalse();
        GcCorrelation c = GcCorrelation.of(t);
        assertThat(c.matches()).extracting(GcCorrelation.Match::markerSample).containsExactly(3, 1, 2);
        assertThat(c.markersWithoutGc()).containsExactly(4);
    }
}
