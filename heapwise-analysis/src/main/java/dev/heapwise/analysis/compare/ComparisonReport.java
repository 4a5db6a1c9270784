package dev.heapwise.analysis.compare;

import java.util.List;

/**
 * Two dumps compared: per class, and per instance when object ids are stable between them.
 *
 * @param classes           one row per class name present in either dump that changed in count,
 *                          shallow or retained size (every class with {@code all}), biggest change
 *                          in bytes first: retained, then shallow, then count
 * @param unchangedClasses  classes with instances whose count and sizes are the same in both dumps
 *                          (listed in {@code classes} only with {@code all})
 * @param classesInCommon   of the classes with instances in the dump that has fewer, the share that
 *                          has instances in the other too (low: the dumps come from different programs)
 * @param idOverlap         share of the old dump's objects found under the same id and class name
 *                          in the new one
 * @param movedClassObjects class objects with another id in the new dump (a moving GC ran between
 *                          the dumps when not 0: ids no longer name the same objects)
 * @param instanceLevel     whether the instance comparison ran (ids stable, or asked for)
 * @param instances         per class name with new, collected or changed objects (every class with
 *                          objects with {@code all}): new, collected, persistent, changed (empty
 *                          without the instance level), most new, collected and changed first
 * @param unchangedInstanceClasses classes whose objects all persist unchanged (listed in
 *                          {@code instances} only with {@code all})
 * @param changed           the first changed objects with their field differences
 * @param comparedObjects   persistent objects whose values were compared
 * @param warnings          what makes the comparison doubtful, one sentence each
 */
public record ComparisonReport(List<ClassDelta> classes, long unchangedClasses, double classesInCommon,
        double idOverlap, int movedClassObjects, boolean instanceLevel, List<InstanceDelta> instances,
        long unchangedInstanceClasses, List<ChangedObject> changed, long comparedObjects, List<String> warnings) {

    public record ClassDelta(String className, long oldCount, long newCount, long oldShallow, long newShallow,
            long oldRetained, long newRetained) {
        public long countDelta() {
            return newCount - oldCount;
        }

        public long shallowDelta() {
            return newShallow - oldShallow;
        }

        public long retainedDelta() {
            return newRetained - oldRetained;
        }

        /** Whether count, shallow or retained size differ. */
        public boolean changed() {
            return countDelta() != 0 || shallowDelta() != 0 || retainedDelta() != 0;
        }
    }

    /** @param added only in the new dump; collected: only in the old one */
    public record InstanceDelta(String className, long added, long collected, long persistent, long changed) {
        /** Whether any object is new, collected or changed. */
        public boolean anyChange() {
            return added != 0 || collected != 0 || changed != 0;
        }
    }

    public record ChangedObject(long id, String className, List<FieldChange> fields) {}

    /** A field (or array element, as {@code [i]}, or {@code length}) whose value differs. */
    public record FieldChange(String field, String oldValue, String newValue) {}
}
