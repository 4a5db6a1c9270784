package dev.heapwise.timeline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pages of one before/after block: for each page kind, in file order, one occupancy
 * percentage (0..100) per page. Kinds are keyed as the format names them: {@code FixedBlockPage_16}
 * for a line {@code 16: ...}, the identifier itself (e.g. {@code nextFitPages}) otherwise.
 *
 * <p>Storage is one byte per page. Immutable and thread-safe.
 */
public final class PageDump {
    private final Map<String, byte[]> pagesByKind;

    /**
     * @param pagesByKind kinds in display order, each with its percentages (0..100); the arrays are
     *                    taken over, not copied, and must not change afterwards
     */
    public PageDump(Map<String, byte[]> pagesByKind) {
        for (Map.Entry<String, byte[]> e : pagesByKind.entrySet()) {
            for (byte b : e.getValue()) {
                if (b < 0 || b > 100) {
                    throw new IllegalArgumentException(e.getKey() + ": occupancy " + b + " is not in 0..100");
                }
            }
        }
        this.pagesByKind = Collections.unmodifiableMap(new LinkedHashMap<>(pagesByKind));
    }

    /** The page kinds, in the order their lines first appeared. */
    public List<String> kinds() {
        return new ArrayList<>(pagesByKind.keySet());
    }

    /** Pages of a kind; 0 for a kind this dump does not have. */
    public int pageCount(String kind) {
        byte[] pages = pagesByKind.get(kind);
        return pages == null ? 0 : pages.length;
    }

    /** Pages of all kinds. O(kinds). */
    public int pageCount() {
        int total = 0;
        for (byte[] pages : pagesByKind.values()) {
            total += pages.length;
        }
        return total;
    }

    /** The occupancy percentages of a kind, in file order (a new array: O(pages)); empty if absent. */
    public int[] occupancies(String kind) {
        byte[] pages = pagesByKind.getOrDefault(kind, new byte[0]);
        int[] out = new int[pages.length];
        for (int i = 0; i < pages.length; i++) {
            out[i] = pages[i];
        }
        return out;
    }

    /** The occupancy of one page of a kind, {@code 0 <= page < pageCount(kind)}. */
    public int occupancy(String kind, int page) {
        byte[] pages = pagesByKind.get(kind);
        if (pages == null) {
            throw new IndexOutOfBoundsException("no page kind " + kind);
        }
        return pages[page];
    }

    /** The occupancy distribution of one kind. O(pages of the kind). */
    public OccupancyDistribution distribution(String kind) {
        return OccupancyDistribution.of(pagesByKind.getOrDefault(kind, new byte[0]));
    }

    /** The occupancy distribution of all pages. O(pages). */
    public OccupancyDistribution distribution() {
        OccupancyDistribution all = OccupancyDistribution.EMPTY;
        for (byte[] pages : pagesByKind.values()) {
            all = all.plus(OccupancyDistribution.of(pages));
        }
        return all;
    }
}
