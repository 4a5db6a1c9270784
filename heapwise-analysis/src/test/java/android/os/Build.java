package android.os;

/**
 * A stand-in for AOSP's class of that name, as Shark and heapwise read it from a dump: the device's
 * maker and the SDK level, which decide which of the framework's known leaks apply. Computed at run
 * time, so the fields are not constants and stay in the class.
 */
public final class Build {
    public static final String MANUFACTURER = String.valueOf(new char[] {'G', 'o', 'o', 'g', 'l', 'e'});
    public static final String ID = String.valueOf(new char[] {'U', 'P', '1', 'A'});

    private Build() {}

    /** {@code SDK_INT}: 34, Android 14. */
    public static final class VERSION {
        public static final int SDK_INT = Integer.parseInt("34");

        private VERSION() {}
    }

    /** Loads both classes, so the dump holds them. */
    public static int load() {
        return MANUFACTURER.length() + ID.length() + VERSION.SDK_INT;
    }
}
