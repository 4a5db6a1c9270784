package android.util;

/** Test stand-in with the array AOSP's ArraySet keeps its elements in ({@code AndroidCollectionsProgram}). */
public final class ArraySet {
    public Object[] mArray = new Object[4];
    public int mSize;
}
