package androidx.arch.core.internal;

/**
 * Test stand-in with the linked entries AndroidX's SafeIterableMap keeps (lifecycle observers live
 * in one), so a HotSpot test dump holds one as an Android app's does ({@code AndroidCollectionsProgram}).
 */
public class SafeIterableMap {
    public Entry mStart;
    public Entry mEnd;

    public static final class Entry {
        public Object mKey;
        public Object mValue;
        public Entry mNext;
        public Entry mPrevious;
    }

    /** Appends an entry, as the real map's put does. */
    public void put(Object key, Object value) {
        Entry e = new Entry();
        e.mKey = key;
        e.mValue = value;
        if (mEnd == null) {
            mStart = e;
        } else {
            mEnd.mNext = e;
            e.mPrevious = mEnd;
        }
        mEnd = e;
    }
}
