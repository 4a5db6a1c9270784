package dev.heapwise.analysis.paths;

/**
 * The kinds of {@code java.lang.ref.Reference} whose referent does not keep an object alive, and
 * which paths to GC roots leave out by default (as MAT's "exclude weak/soft references" does).
 */
public enum ReferentKind {
    WEAK("java.lang.ref.WeakReference"),
    SOFT("java.lang.ref.SoftReference"),
    PHANTOM("java.lang.ref.PhantomReference"),
    /** {@code java.lang.ref.Finalizer} (HotSpot) and {@code FinalizerReference} (Android): pending finalization. */
    FINALIZER("java.lang.ref.FinalReference");

    private final String baseClass;

    ReferentKind(String baseClass) {
        this.baseClass = baseClass;
    }

    /** The JDK class whose subclasses are of this kind. */
    public String baseClass() {
        return baseClass;
    }
}
