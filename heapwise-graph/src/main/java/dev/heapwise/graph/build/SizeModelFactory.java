package dev.heapwise.graph.build;

import java.util.List;

/**
 * Chooses the {@link SizeModel} for a graph being built. A factory that needs to look at every
 * object (HotSpot's layout detection does) asks for them through {@link #evidence}: the builder
 * then feeds it during its own pass over the objects instead of making another one.
 */
@FunctionalInterface
public interface SizeModelFactory {

    /**
     * A visitor that receives every object in index order during the builder's object pass, or
     * null when the factory needs none. Called once, before the pass, from the building thread.
     */
    default ObjectTable.Visitor evidence(int objectCount, List<? extends ClassInfo> classes) {
        return null;
    }

    /** Chooses the model, after the object pass. */
    SizeModel choose(ObjectTable table);
}
