package android.util;

/** Test stand-in with the fields of AOSP's Property: its name and the type of its values. */
public class Property<T, V> {
    public final String mName;
    public final Class<V> mType;

    public Property(Class<V> type, String name) {
        mType = type;
        mName = name;
    }
}
