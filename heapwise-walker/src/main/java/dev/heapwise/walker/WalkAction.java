package dev.heapwise.walker;

/**
 * What a {@link HeapInfoCallback} tells the walker after each call: the {@code S_OK},
 * {@code S_POSTPONE_REFERENCES} and {@code E_FAIL} results of the Microsoft VM's
 * {@code IHeapInfoCallback}.
 */
public enum WalkAction {
    /** Go on normally. */
    CONTINUE,
    /**
     * Returned from the <em>last</em> {@code objectReferences} call of an object (the one without
     * {@link ObjectFlags#MORE_REFERENCES}): do not descend into the references just reported. They
     * may still be visited through other objects, or else in the {@link ContainerType#HEAP}
     * container. Returned from an earlier call of the same object it means {@link #CONTINUE}.
     * Returned from {@code rootReferences}: do not descend into the roots of that call now (a
     * heapwise extension; they are visited later like postponed references). Returned from
     * {@code beginContainer}: same as {@link #CONTINUE}.
     */
    POSTPONE_REFERENCES,
    /** Abort the walk: no further callbacks except the {@link ContainerType#END} container. */
    FAIL
}
