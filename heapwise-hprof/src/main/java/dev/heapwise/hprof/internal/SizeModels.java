package dev.heapwise.hprof.internal;

import dev.heapwise.graph.build.ObjectTable;
import dev.heapwise.graph.build.SizeModel;
import dev.heapwise.graph.build.SizeModelFactory;

/** Picks the size model for a dump: ART for Android dumps, a detected HotSpot layout otherwise. */
public final class SizeModels {
    private SizeModels() {}

    public static SizeModel choose(HprofHeader header, ObjectTable table) {
        return factory(header).choose(table);
    }

    /** The factory for a dump: ART's model, or HotSpot's detection fed during the builder's object pass. */
    public static SizeModelFactory factory(HprofHeader header) {
        if (header.android()) {
            return table -> new ArtSizeModel();
        }
        return new HotSpotSizeModel.Factory(header);
    }
}
