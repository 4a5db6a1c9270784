package dev.heapwise.graph;

import java.util.List;
import java.util.Map;

/**
 * Facts about a heap graph and how it was built, as stored in the index manifest.
 *
 * @param format           the dump format: {@code hprof}, {@code microej}, ...
 * @param formatDetail     the format's own version string, e.g. {@code JAVA PROFILE 1.0.2}
 * @param vm               the VM family the sizes follow: {@code hotspot}, {@code art}, ...
 * @param idSize           bytes per object id in the dump (4 or 8)
 * @param objects          objects in the graph, class objects included
 * @param classes          classes in the graph
 * @param references       stored outbound references (non-null, resolvable)
 * @param gcRoots          GC root records kept
 * @param totalShallowSize summed shallow size of all objects
 * @param heaps            heap names (Android: app, image, zygote), empty when the dump has none
 * @param sizeModel        how shallow sizes were computed, in words
 * @param partial          true when the dump was cut short and read with salvage
 * @param warnings         things the reader noticed and worked around
 * @param phaseMillis      how long each build phase took
 * @param archivedHeapReferences references that lead into the JVM's archived heap (HotSpot's CDS
 *                         archive), whose objects HotSpot leaves out of its dumps: left out, as a
 *                         fact and not a warning; 0 when there are none
 */
public record GraphInfo(
        String format,
        String formatDetail,
        String vm,
        int idSize,
        long objects,
        long classes,
        long references,
        long gcRoots,
        long totalShallowSize,
        List<String> heaps,
        String sizeModel,
        boolean partial,
        List<String> warnings,
        Map<String, Long> phaseMillis,
        long archivedHeapReferences) {

    /** Facts without archived-heap references. */
    public GraphInfo(String format, String formatDetail, String vm, int idSize, long objects, long classes,
            long references, long gcRoots, long totalShallowSize, List<String> heaps, String sizeModel,
            boolean partial, List<String> warnings, Map<String, Long> phaseMillis) {
        this(format, formatDetail, vm, idSize, objects, classes, references, gcRoots, totalShallowSize, heaps,
                sizeModel, partial, warnings, phaseMillis, 0);
    }
}
