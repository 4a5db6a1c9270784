package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import java.util.List;
import java.util.Set;

/**
 * Shark's service inspector: a {@code android.app.Service} the ActivityThread holds in
 * {@code mServices} is not leaking, one it does not hold is. Reads {@code mServices} once, on the
 * first service it is shown; silent when the dump does not say. Not thread-safe.
 */
final class ServiceInspector implements ObjectInspector {
    static final String NOT_HELD = "Service not held by ActivityThread";

    private boolean read;
    private Set<Integer> held;

    @Override
    public void inspect(Hierarchy h, int object, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (!h.instanceOf(object, AndroidObjects.SERVICE)) {
            return;
        }
        if (!read) {
            held = AndroidObjects.servicesHeld(h);
            read = true;
        }
        if (held == null) {
            return;
        }
        if (held.contains(object)) {
            notLeaking.add("Service held by ActivityThread");
        } else {
            leaking.add(NOT_HELD);
        }
    }
}
