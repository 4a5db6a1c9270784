package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.monitor.MonitorOptions;
import dev.heapwise.ddm.monitor.Target;
import java.util.concurrent.ScheduledExecutorService;

/** What a {@link VmSession} needs from the monitor that owns it. Implementations are thread-safe. */
public interface SessionHost {
    MonitorOptions options();

    /** Shared timer for polling and timeouts. */
    ScheduledExecutorService timer();

    /** True when the local adb server forwards this target's port to an Android JDWP process. */
    boolean isAdbJdwpForward(Target target);

    /** The session knows whether its VM speaks DDM. */
    void identified(VmSession session);

    /** A protocol problem; the connection continues. */
    void problem(Target target, String message);

    /** The session is over; {@code reconnectSoon} asks for an early new attempt. */
    void ended(VmSession session, String reason, boolean reconnectSoon);
}
