package dev.heapwise.graph.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.graph.GraphInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {
    @TempDir
    Path dir;

    private Manifest readBack(Manifest m) throws IOException {
        Path f = dir.resolve("manifest.json");
        Files.write(f, m.toJson());
        return Manifest.read(f);
    }

    @Test
    void everyFieldSurvivesWritingAndReading() throws IOException {
        Map<String, Long> millis = new LinkedHashMap<>();
        millis.put("parse", 1813L);
        millis.put("roots and classes", 27L);
        GraphInfo info = new GraphInfo("hprof", "JAVA PROFILE 1.0.3", "art", 4, 38_029_937L, 1059, 47_623_891L,
                983, 5_000_000_000L, List.of("app", "image", "zygote"), "ART \"quoted\" model", true,
                List.of("698 references point to objects the dump does not contain", "ünïcödé"), millis, 944);
        Manifest m = new Manifest(Manifest.VERSION, "/tmp/a b/dump.hprof", 1_870_081_799L, 1_795_747_213_621L, info,
                "GZIP_BLOCKS", 9_000_000_000L, true, 8, true, 1033,
                List.of(new Manifest.AttributeSpec("thread", false, 0, "attr.0"),
                        new Manifest.AttributeSpec("time", true, -17, "attr.1")));
        assertThat(readBack(m)).isEqualTo(m);
    }

    /** The writer is hand-written: a component added to a record must be added to it (and to the reader). */
    @Test
    void everyRecordComponentIsWritten() throws IOException {
        GraphInfo info = new GraphInfo("hprof", null, null, 8, 1, 1, 1, 1, 1, List.of(), null, false, List.of(), Map.of());
        Manifest m = new Manifest(Manifest.VERSION, null, 0, 0, info, "PLAIN", 0, false, 8, false, -1, List.of());
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(m.toJson());
        assertThat(fieldNames(json)).containsExactlyElementsOf(componentNames(Manifest.class));
        assertThat(fieldNames(json.get("info"))).containsExactlyElementsOf(componentNames(GraphInfo.class));
    }

    private static List<String> fieldNames(com.fasterxml.jackson.databind.JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> componentNames(Class<? extends Record> type) {
        return java.util.Arrays.stream(type.getRecordComponents()).map(java.lang.reflect.RecordComponent::getName).toList();
    }

    @Test
    void nullsAndEmptyListsSurvive() throws IOException {
        GraphInfo info = new GraphInfo("microej", null, null, 4, 0, 0, 0, 0, 0, List.of(), null, false, List.of(),
                Map.of());
        Manifest m = new Manifest(Manifest.VERSION, null, 0, 0, info, "COPY", 0, false, 4, false, -1, List.of());
        assertThat(readBack(m)).isEqualTo(m);
        Manifest bare = new Manifest(Manifest.VERSION, null, 0, 0, null, null, 0, false, 0, false, 0, null);
        assertThat(readBack(bare)).isEqualTo(bare);
    }

    @Test
    void unknownFieldsAreSkippedAndMissingOnesAreDefaults() throws IOException {
        Path f = dir.resolve("manifest.json");
        Files.writeString(f, """
                {"future": {"nested": [1, {"x": 2}]}, "version": 1, "dumpSize": 42,
                 "info": {"format": "hprof", "newer": [true], "objects": 7}, "later": null}
                """, StandardCharsets.UTF_8);
        Manifest m = Manifest.read(f);
        assertThat(m.version()).isEqualTo(1);
        assertThat(m.dumpSize()).isEqualTo(42);
        assertThat(m.dumpPath()).isNull();
        assertThat(m.info().format()).isEqualTo("hprof");
        assertThat(m.info().objects()).isEqualTo(7);
        assertThat(m.info().warnings()).isNull();
        assertThat(m.attributes()).isNull();
    }

    @Test
    void aDamagedManifestIsAnIoError() throws IOException {
        Path f = dir.resolve("manifest.json");
        for (String damaged : List.of(
                "{\"version\": 1, \"dumpSize\": \"big\"}", // a value of the wrong kind
                "{\"version\": 1, \"info\": {\"heaps\": [1]}}",
                "{\"version\": 1, \"dumpPath\": ", // cut short, in a value or after one
                "{\"version\": 1",
                "{\"version\": 1, \"info\": {\"objects\": 7",
                "[1, 2]")) {
            Files.writeString(f, damaged);
            assertThatThrownBy(() -> Manifest.read(f)).as(damaged).isInstanceOf(IOException.class);
        }
    }
}
