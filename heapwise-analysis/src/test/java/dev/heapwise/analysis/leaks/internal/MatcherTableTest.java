package dev.heapwise.analysis.leaks.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.analysis.leaks.AndroidBuild;
import dev.heapwise.analysis.leaks.BuiltInMatchers;
import dev.heapwise.analysis.leaks.ReferenceMatcher;
import dev.heapwise.analysis.leaks.ReferenceMatcher.Condition;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MatcherTableTest {
    private static final Optional<AndroidBuild> NONE = Optional.empty();

    private static Optional<AndroidBuild> build(String manufacturer, int sdk) {
        return Optional.of(new AndroidBuild(manufacturer, sdk));
    }

    @Test
    void conditionsReadAsWritten() {
        Condition c = MatcherTable.condition("manufacturer HMD Global & sdk 30..", "t", 1);
        assertThat(c).isEqualTo(new Condition("HMD Global", 30, Integer.MAX_VALUE, true));
        assertThat(c.holds(build("HMD Global", 30))).isTrue();
        assertThat(c.holds(build("HMD Global", 29))).isFalse();
        assertThat(c.holds(build("hmd global", 31))).isFalse(); // compared exactly, as Shark compares
        assertThat(c.holds(NONE)).isFalse();
        assertThat(MatcherTable.condition("sdk ..30", "t", 1)).isEqualTo(new Condition(null, Integer.MIN_VALUE, 30, true));
        assertThat(MatcherTable.condition("sdk 29..29", "t", 1).holds(build("Google", 29))).isTrue();
        assertThat(MatcherTable.condition("android", "t", 1).holds(NONE)).isFalse();
        assertThat(MatcherTable.condition("android", "t", 1).holds(build("", 1))).isTrue();
        assertThat(MatcherTable.condition("always", "t", 1).holds(NONE)).isTrue();
    }

    @Test
    void aBrokenLineNamesItsLine() {
        String table = "#group\ttype\tclass\tname\tignored\tcondition\tdescription\n"
                + "G\tinstanceField\ta.B\tf\tfalse\tsdk 1..2\tok\n"
                + "G\tinstanceField\ta.B\tf\tfalse\tsdk one..2\tbad\n";
        assertThatThrownBy(() -> MatcherTable.parse(new BufferedReader(new StringReader(table)), "t.tsv"))
                .hasMessage("t.tsv: line 3: bad SDK range 'sdk one..2'");
        assertThatThrownBy(() -> MatcherTable.parse(new BufferedReader(new StringReader("G\tfield\ta\tb\tfalse\talways\td")), "t.tsv"))
                .hasMessage("t.tsv: line 1: unknown type 'field'");
    }

    /** Shark 2.14's appDefaults: 108 matchers, two of them split in rows (conditions joined by "or"). */
    @Test
    void theShippedTableIsSharksAppDefaults() {
        List<ReferenceMatcher> all = BuiltInMatchers.all();
        Map<ReferenceMatcher.Type, Long> byType = all.stream()
                .collect(Collectors.groupingBy(ReferenceMatcher::type, Collectors.counting()));
        assertThat(byType).containsEntry(ReferenceMatcher.Type.INSTANCE_FIELD, 80L)
                .containsEntry(ReferenceMatcher.Type.STATIC_FIELD, 22L)
                .containsEntry(ReferenceMatcher.Type.NATIVE_GLOBAL, 9L)
                .containsEntry(ReferenceMatcher.Type.JAVA_LOCAL, 3L)
                .containsEntry(ReferenceMatcher.Type.ROOT_CLASS, 1L); // heapwise's own: Binder stubs
        assertThat(all).filteredOn(ReferenceMatcher::ignored).hasSize(18);
        // On a JVM's dump only the ignored references of Shark's ignoredReferencesOnly apply.
        assertThat(all).filteredOn(m -> m.when().holds(NONE) && m.type() != ReferenceMatcher.Type.ROOT_CLASS)
                .allMatch(ReferenceMatcher::ignored)
                .extracting(ReferenceMatcher::name).contains("main", "FinalizerWatchdogDaemon", "referent");
        assertThat(all).filteredOn(m -> m.type() == ReferenceMatcher.Type.NATIVE_GLOBAL)
                .extracting(ReferenceMatcher::pattern)
                .contains("native global variable referencing android.widget.Toast$TN");
    }
}
