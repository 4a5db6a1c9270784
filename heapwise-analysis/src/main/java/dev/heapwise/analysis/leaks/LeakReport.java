package dev.heapwise.analysis.leaks;

import java.util.List;

/**
 * What a leak analysis found.
 *
 * @param applicationLeaks leaks in the application's own code, biggest first
 * @param libraryLeaks     known JDK/Android leaks, biggest first
 * @param finders          the finders that ran
 * @param leakingObjects   objects the finders reported
 * @param withoutPath      of those, how many no strong path reaches (they will be collected)
 * @param throughOther     of those, how many are reached only through another leaking object: as in
 *                         Shark, they get no trace of their own (it would repeat the other's)
 * @param androidBuild     the Android build the matchers were chosen for, or null for a dump
 *                         without one (a JVM's)
 * @param explainedSuspects how many leak suspects' accumulation points were among the leaking
 *                         objects ({@link SuspectsFinder}), or -1 when they were not looked for
 */
public record LeakReport(List<Leak> applicationLeaks, List<Leak> libraryLeaks, List<String> finders,
        int leakingObjects, int withoutPath, int throughOther, AndroidBuild androidBuild, int explainedSuspects) {

    /** A report without the leak suspects' accumulation points. */
    public LeakReport(List<Leak> applicationLeaks, List<Leak> libraryLeaks, List<String> finders,
            int leakingObjects, int withoutPath, int throughOther, AndroidBuild androidBuild) {
        this(applicationLeaks, libraryLeaks, finders, leakingObjects, withoutPath, throughOther, androidBuild, -1);
    }

    /** A report of a dump without an Android build. */
    public LeakReport(List<Leak> applicationLeaks, List<Leak> libraryLeaks, List<String> finders,
            int leakingObjects, int withoutPath, int throughOther) {
        this(applicationLeaks, libraryLeaks, finders, leakingObjects, withoutPath, throughOther, null);
    }

    public int traceCount() {
        return applicationLeaks.stream().mapToInt(Leak::traceCount).sum()
                + libraryLeaks.stream().mapToInt(Leak::traceCount).sum();
    }

    /** Of {@link #traceCount}, those counted but not kept (see {@link Leak#omittedTraces}). */
    public int omittedTraces() {
        return applicationLeaks.stream().mapToInt(Leak::omittedTraces).sum()
                + libraryLeaks.stream().mapToInt(Leak::omittedTraces).sum();
    }
}
