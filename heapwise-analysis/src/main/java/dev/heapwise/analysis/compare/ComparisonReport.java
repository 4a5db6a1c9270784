package dev.heapwise.analysis.compare;

import java.util.List;

/**
 * Two dumps compared: per class, and per instance when object ids are stable between them.
 *
 * @param classes         one row per class name present in either dump, biggest change first
 * @param idOverlap       share of the old dump's objects found under the same id and class name
 *                        in the new one
 * @param movedClassObjects class objects with another id in the new dump (a moving GC ran between
 *                        the dumps when not 0: ids no longer name the same objects)
 * @param instanceLevel   whether the instance comparison ran (ids stable, or asked for)
 * @param instances       per class name: new, collected, persistent, changed (empty without it)
 * @param changed         the first changed objects with their field differences
 * @param comparedObjects persistent objects whose values were compared
 */
public record ComparisonReport(List<ClassDelta> classes, double idOverlap, int movedClassObjects, boolean instanceLevel,
        List<InstanceDelta> instances, List<ChangedObject> changed, long comparedObjects) {

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
    }

    /** @param added only in the new dump; collected: only in the old one */
    public record InstanceDelta(String className, long added, long collected, long persistent, long changed) {}

    public record ChangedObject(long id, String className, List<FieldChange> fields) {}

    /** A field (or array element, as {@code [i]}, or {@code length}) whose value differs. */
    public record FieldChange(String field, String oldValue, String newValue) {}
}
