package dev.heapwise.timeline.internal;

/** Read access to a sequence of doubles, whatever stores them (an array or chunks). */
public interface DoubleSeries {
    double get(int index);

    int size();

    /** A view of an array (not a copy). */
    static DoubleSeries of(double[] values) {
        return new DoubleSeries() {
            @Override
            public double get(int index) {
                return values[index];
            }

            @Override
            public int size() {
                return values.length;
            }
        };
    }
}
