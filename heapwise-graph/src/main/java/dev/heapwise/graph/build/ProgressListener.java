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

    /** A new phase starts; {@code total} work units, or -1 if unknown. */
    void phase(String name, long total);

    /** Work units done so far in the current phase. */
    void progress(long done);

    /** The build is over (success or failure). */
    void finished();
}
