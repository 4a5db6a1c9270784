package androidx.arch.core.internal;

import java.util.HashMap;

/** Test stand-in: AndroidX's subclass that also keeps its entries in a HashMap, by key. */
public final class FastSafeIterableMap extends SafeIterableMap {
    public final HashMap<Object, Entry> mHashMap = new HashMap<>();

    @Override
    public void put(Object key, Object value) {
        super.put(key, value);
        mHashMap.put(key, mEnd);
    }
}
