package dev.heapwise.hprof.internal;

import dev.heapwise.graph.build.ObjectTable;
import dev.heapwise.graph.build.SizeModel;

/** Picks the size model for a dump: ART for Android dumps, a detected HotSpot layout otherwise. */
public final class SizeModels {
    private SizeModels() {}

    public static SizeModel choose(HprofHeader header, ObjectTable table) {
        if (header.android()) {
            return new ArtSizeModel();
        }
        return HotSpotSizeModel.detect(header, table);
    }
}
