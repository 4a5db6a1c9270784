package dev.heapwise.graph.build;

/** Hears how far a long build has come. Called from the building thread only. */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {
        @Override
        public void phase(String name, long total) {}

        @Override
        public void progress(long done) {}

        @Override
        public void finished() {}
    };

    /**
     * How often a hot loop over objects reports: every {@code STEP_MASK + 1} (4,096) items, with
     * {@code (i & STEP_MASK) == 0}. Often enough that the JIT sees the report's branch taken while it
     * profiles the loop: a branch first taken after the loop was compiled is an uncommon trap, and
     * the loop then runs interpreted until it is compiled again (every 2^20 items cost five such
     * deoptimisations in a report of a 38 M-object dump, on a JVM without heapwise's AOT cache, whose
     * training profiles already hold the branch). A report costs a few nanoseconds.
     */
    int STEP_MASK = 0xFFF;

    /** A new phase starts; {@code total} work units, or -1 if unknown. */
    void phase(String name, long total);

    /** Work units done so far in the current phase. */
    void progress(long done);

    /** The build is over (success or failure). */
    void finished();
}
