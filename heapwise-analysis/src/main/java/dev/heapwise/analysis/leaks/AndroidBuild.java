package dev.heapwise.analysis.leaks;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.Optional;

/**
 * The Android build a dump comes from, as Shark reads it: {@code android.os.Build.MANUFACTURER}
 * and {@code android.os.Build$VERSION.SDK_INT}. Known leaks of the framework apply to some SDK
 * levels and manufacturers only ({@link ReferenceMatcher.Condition}).
 *
 * @param manufacturer the device maker as the build names it ("samsung", "HUAWEI", …); "" when the
 *                     dump does not hold it
 * @param sdkInt       the API level
 */
public record AndroidBuild(String manufacturer, int sdkInt) {

    /**
     * The build of an Android dump, or empty for a dump without {@code android.os.Build$VERSION}
     * (a JVM's, or an Android dump whose class was not loaded). A few reads of the dump; thread-safe.
     */
    public static Optional<AndroidBuild> of(HeapGraph g) {
        FieldValue sdk = staticField(g, "android.os.Build$VERSION", "SDK_INT");
        if (sdk == null || sdk.isReference()) {
            return Optional.empty();
        }
        FieldValue maker = staticField(g, "android.os.Build", "MANUFACTURER");
        String manufacturer = "";
        if (maker != null && maker.isReference() && !maker.isNull()) {
            int s = g.indexOf(maker.objectId());
            String text = s < 0 ? null : g.readString(s, 200);
            manufacturer = text == null ? "" : text;
        }
        return Optional.of(new AndroidBuild(manufacturer, sdk.asInt()));
    }

    private static FieldValue staticField(HeapGraph g, String className, String field) {
        for (HeapClass c : g.classesNamed(className)) {
            for (FieldValue v : g.staticFields(c.index())) {
                if (v.name().equals(field)) {
                    return v;
                }
            }
        }
        return null;
    }
}
