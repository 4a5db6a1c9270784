package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.leaks.internal.Signatures;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every object of a shared dump leaking ({@code --class '*'}): each trace's signature is the one
 * Shark 2.14 gives, as a multiset (the SHA-1 of the sorted signatures, one per line, and their
 * number, taken from Shark 2.14's own run on each dump with its Android matchers and inspectors, or
 * its JDK ones for the JDK 6 dump). The search must start from Shark's roots in Shark's order and
 * take each object's references in Shark's order for every one of them to match: before, 742 of the
 * 771 traces on the JDK 6 dump and 2,513 of the 4,209 on the dialer dump had one of Shark's
 * signatures. heapwise's own matcher for Binder stubs held as roots is left out (it is not Shark's).
 */
class SharkSignaturesTest {

    @ParameterizedTest
    @CsvSource({
        "haha_sun_jdk6_18_x64.hprof,         771,  2e44ff73e130296a3e6618afd001ae48f6513af6",
        "aosp_perflib_dialer.android-hprof,  4209, 7a2cbcedf8012daddce06f527d95135bc6060707",
        "leak_service_binder.hprof,          4244, 8009a3b48de7d80dbc68b68c6b1e7ccb166acdf2"})
    void everyTraceIsSignedAsSharkSignsIt(String name, int traces, String sharkDigest, @TempDir Path dir)
            throws Exception {
        Path dump = Heaps.shared(name);
        List<ReferenceMatcher> sharks = BuiltInMatchers.all().stream()
                .filter(m -> m.type() != ReferenceMatcher.Type.ROOT_CLASS).toList();
        LeakAnalyzer.Options options = new LeakAnalyzer.Options(List.of(new ClassNameFinder("*")), sharks,
                ReferenceFilter.defaults(), Integer.MAX_VALUE, false, false);
        try (HeapGraph g = Heaps.open(dump, dir)) {
            LeakReport r = LeakAnalyzer.analyze(g, null, options, ProgressListener.NONE);
            List<String> signatures = java.util.stream.Stream.concat(r.applicationLeaks().stream(),
                    r.libraryLeaks().stream()).flatMap(l -> l.traces().stream()).map(LeakTrace::signature).sorted()
                    .toList();
            assertThat(signatures).hasSize(traces);
            assertThat(Signatures.sha1(String.join("\n", signatures))).isEqualTo(sharkDigest);
        }
    }
}
