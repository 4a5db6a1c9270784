package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.leaks.internal.Signatures;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Known framework leaks apply to the SDK levels and manufacturers Shark gives them, read from the
 * dump's {@code android.os.Build}; and Shark's native global variables match JNI globals of their
 * exact class. On a written heap: a destroyed activity held by {@code InputMethodManager.mServedView}
 * (a known leak up to SDK 28), another by a {@code Toast$TN} that native code holds, and a third by
 * a static field that leaks on Samsung's SDK 19 only. The outcomes are Shark 2.14's on the same dumps.
 */
class AndroidBuildConditionsTest {
    long servedActivity;
    long toastActivity;
    long samsungActivity;

    /** @param sdk the SDK level to write, or -1 for a dump without {@code android.os.Build} */
    Path write(Path dir, int sdk, String manufacturer) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long context = h.cls("android.content.Context", h.javaLangObject, List.of(), List.of());
        long activity = h.cls("android.app.Activity", context, List.of(new FieldDef("mDestroyed", FieldType.BOOLEAN)),
                List.of());
        long main = h.cls("app.MainActivity", activity, List.of(), List.of());
        long imm = h.cls("android.view.inputmethod.InputMethodManager", h.javaLangObject, List.of(SyntheticLeaksTest.OBJ("mServedView")),
                List.of());
        long tn = h.cls("android.widget.Toast$TN", h.javaLangObject, List.of(SyntheticLeaksTest.OBJ("mNextView")), List.of());
        long audio = h.cls("android.media.AudioManager", h.javaLangObject, List.of(), List.of());
        long holder = h.cls("app.Holder", "x");
        servedActivity = h.obj(main, 1);
        toastActivity = h.obj(main, 1);
        samsungActivity = h.obj(main, 1);
        h.staticField(holder, "sImm", FieldType.OBJECT, h.obj(imm, servedActivity));
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, holder);
        h.root(SyntheticHeap.ROOT_JNI_GLOBAL, h.obj(tn, toastActivity));
        h.staticField(audio, "mContext_static", FieldType.OBJECT, samsungActivity);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, audio);
        if (sdk >= 0) {
            h.androidBuild(sdk, manufacturer);
        }
        Path dump = dir.resolve("android-" + sdk + ".hprof");
        h.write(dump);
        return dump;
    }

    /** The library leak each destroyed activity is reported under (its pattern), or null: an application leak. */
    private record Outcome(Optional<AndroidBuild> build, String served, String toast, String samsung) {}

    private Outcome analyze(Path dump) throws Exception {
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(r.applicationLeaks().size() + r.libraryLeaks().size()).isPositive();
            assertThat(Optional.ofNullable(r.androidBuild())).isEqualTo(AndroidBuild.of(g));
            if (r.androidBuild() != null) {
                assertThat(LeakTraceFormat.format(r)).contains("Build.VERSION.SDK_INT: " + r.androidBuild().sdkInt()
                        + "\nBuild.MANUFACTURER: " + r.androidBuild().manufacturer() + "\n");
            }
            return new Outcome(AndroidBuild.of(g), pattern(g, r, servedActivity), pattern(g, r, toastActivity),
                    pattern(g, r, samsungActivity));
        }
    }

    private static String pattern(HeapGraph g, LeakReport r, long activity) {
        for (Leak l : r.libraryLeaks()) {
            LeakTrace t = l.traces().stream().filter(x -> g.id(x.leakingObject()) == activity).findFirst().orElse(null);
            if (t != null) {
                String pattern = l.libraryMatcher().pattern();
                assertThat(l.signature()).isEqualTo(Signatures.sha1(pattern));
                // As Shark labels it: the node whose reference matched, first among its labels; none
                // for a matched root (a native global variable).
                List<String> first = t.nodes().stream().filter(n -> !n.labels().isEmpty())
                        .map(n -> n.labels().getFirst()).filter(x -> x.startsWith("Library leak match: ")).toList();
                assertThat(first).isEqualTo(l.libraryMatcher().type() == ReferenceMatcher.Type.NATIVE_GLOBAL
                        ? List.of() : List.of("Library leak match: " + pattern));
                return pattern;
            }
        }
        assertThat(r.applicationLeaks().stream().flatMap(l -> l.traces().stream()))
                .anySatisfy(t -> assertThat(g.id(t.leakingObject())).isEqualTo(activity));
        return null;
    }

    @Test
    void frameworkLeaksApplyToTheirSdkLevelsAndManufacturers(@TempDir Path dir) throws Exception {
        String served = "instance field android.view.inputmethod.InputMethodManager#mServedView";
        String toast = "native global variable referencing android.widget.Toast$TN";
        String samsung = "static field android.media.AudioManager#mContext_static";
        // Shark 2.14's signature of that library leak on these dumps: the pattern's text, letter for letter.
        assertThat(Signatures.sha1(toast)).isEqualTo("57b73389f44769aaf18fc472c6d60be789fe3191");

        Outcome samsung19 = analyze(write(dir, 19, "samsung"));
        assertThat(samsung19.build()).contains(new AndroidBuild("samsung", 19));
        assertThat(samsung19).extracting(Outcome::served, Outcome::toast, Outcome::samsung)
                .containsExactly(served, toast, samsung);

        // The Samsung leak is Samsung's on SDK 19 only; mServedView was fixed in SDK 29.
        Outcome samsung28 = analyze(write(dir, 28, "samsung"));
        assertThat(samsung28).extracting(Outcome::served, Outcome::toast, Outcome::samsung)
                .containsExactly(served, toast, null);
        Outcome google29 = analyze(write(dir, 29, "Google"));
        assertThat(google29.build()).contains(new AndroidBuild("Google", 29));
        assertThat(google29).extracting(Outcome::served, Outcome::toast, Outcome::samsung)
                .containsExactly(null, toast, null);

        // Without an Android build (a JVM's dump), no framework leak applies: as Shark, which takes
        // only its ignored references for such a dump.
        Outcome jvm = analyze(write(dir, -1, ""));
        assertThat(jvm.build()).isEmpty();
        assertThat(jvm).extracting(Outcome::served, Outcome::toast, Outcome::samsung)
                .containsExactly(null, null, null);
    }
}
