package dev.heapwise.cli.walker;

import dev.heapwise.walker.ContainerType;
import dev.heapwise.walker.HeapInfoCallback;
import dev.heapwise.walker.WalkAction;

/** The callback of {@code heapwise walk} without {@code --trace}: counts containers, prints nothing. */
final class CountingCallback implements HeapInfoCallback {
    final ContainerCounts containers = new ContainerCounts();
    private final WalkAction afterObject;

    CountingCallback(boolean postpone) {
        this.afterObject = postpone ? WalkAction.POSTPONE_REFERENCES : WalkAction.CONTINUE;
    }

    @Override
    public WalkAction beginContainer(ContainerType type, long id1, long id2) {
        containers.add(type);
        return WalkAction.CONTINUE;
    }

    @Override
    public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
        return afterObject;
    }
}
