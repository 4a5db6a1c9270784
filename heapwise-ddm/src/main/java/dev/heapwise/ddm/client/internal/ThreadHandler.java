package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.DdmMessage.ThreadEntry;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.codec.ThreadStates;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * THEN (thread creation/death notifications) and THST (thread status) from ThreadMXBean.
 *
 * <p>HotSpot has no thread-start callback without JVMTI, so while THEN is on, the thread list is
 * polled every {@code pollMillis} and differences are sent as THCR/THDE. Thread ids are Java
 * thread ids cut to 32 bits. THST uses the modern (ddmlib) layout; the system tid is not
 * available from Java and is sent as 0; times are CPU time in 10 ms ticks.
 */
final class ThreadHandler implements ChunkHandler {
    private final Consumer<Chunk> sender;
    private final ScheduledExecutorService timer;
    private final long pollMillis;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<Long, String> known = new HashMap<>();
    private ScheduledFuture<?> watcher;
    private ScheduledFuture<?> periodicStatus;

    ThreadHandler(Consumer<Chunk> sender, ScheduledExecutorService timer, long pollMillis) {
        this.sender = sender;
        this.timer = timer;
        this.pollMillis = pollMillis;
    }

    @Override
    public synchronized Chunk handleChunk(Chunk request) {
        DdmMessage m = MessageCodec.decode(request, Direction.TO_VM);
        if (m instanceof DdmMessage.ThreadNotifyRequest then) {
            if (then.enable()) {
                startWatching();
            } else {
                stopWatching();
            }
            return null;
        }
        DdmMessage.ThreadStatusRequest thst = (DdmMessage.ThreadStatusRequest) m;
        if (watcher != null) {
            poll(); // announce threads born since the last poll, so THST never names a stranger
        }
        if (thst.intervalMillis() > 0) {
            cancel(periodicStatus);
            periodicStatus = timer.scheduleAtFixedRate(() -> sender.accept(statusChunk()),
                    thst.intervalMillis(), thst.intervalMillis(), TimeUnit.MILLISECONDS);
        } else if (thst.intervalMillis() == 0) {
            cancel(periodicStatus);
            periodicStatus = null;
        }
        return statusChunk();
    }

    @Override
    public synchronized void disconnected() {
        stopWatching();
        cancel(periodicStatus);
        periodicStatus = null;
    }

    private void startWatching() {
        stopWatching();
        known.clear();
        poll(); // THCR for every thread alive now; they may precede the THEN reply, as the seed allows
        watcher = timer.scheduleWithFixedDelay(this::pollSafely, pollMillis, pollMillis, TimeUnit.MILLISECONDS);
    }

    private void stopWatching() {
        cancel(watcher);
        watcher = null;
    }

    private void pollSafely() {
        try {
            synchronized (this) {
                if (watcher != null) {
                    poll();
                }
            }
        } catch (RuntimeException ignored) {
            // keep polling; a thread may die between listing and inspecting it
        }
    }

    private void poll() {
        long[] ids = threads.getAllThreadIds();
        ThreadInfo[] infos = threads.getThreadInfo(ids, 0);
        Map<Long, String> alive = new HashMap<>(ids.length * 2);
        for (ThreadInfo info : infos) {
            if (info != null) {
                alive.put(info.getThreadId(), info.getThreadName());
            }
        }
        for (Map.Entry<Long, String> e : alive.entrySet()) {
            if (!known.containsKey(e.getKey())) {
                sender.accept(MessageCodec.encode(new DdmMessage.ThreadCreated((int) (long) e.getKey(), e.getValue())));
            }
        }
        for (Long id : List.copyOf(known.keySet())) {
            if (!alive.containsKey(id)) {
                sender.accept(MessageCodec.encode(new DdmMessage.ThreadDied((int) (long) id)));
            }
        }
        known.clear();
        known.putAll(alive);
    }

    private Chunk statusChunk() {
        long[] ids = threads.getAllThreadIds();
        ThreadInfo[] infos = threads.getThreadInfo(ids, 0);
        List<ThreadEntry> entries = new ArrayList<>(ids.length);
        boolean cpu = threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        for (ThreadInfo info : infos) {
            if (info == null) {
                continue;
            }
            long id = info.getThreadId();
            long user = cpu ? Math.max(0, threads.getThreadUserTime(id)) : 0;
            long total = cpu ? Math.max(0, threads.getThreadCpuTime(id)) : 0;
            entries.add(new ThreadEntry((int) id, state(info), 0, user / 10_000_000L,
                    Math.max(0, total - user) / 10_000_000L, info.isDaemon(), info.isSuspended()));
        }
        return MessageCodec.encode(new DdmMessage.ThreadStatus(false, entries));
    }

    static int state(ThreadInfo info) {
        if (info.isSuspended()) {
            return ThreadStates.SUSPENDED;
        }
        return switch (info.getThreadState()) {
            case NEW -> ThreadStates.STARTING;
            case RUNNABLE -> info.isInNative() ? ThreadStates.NATIVE : ThreadStates.RUNNING;
            case BLOCKED -> ThreadStates.MONITOR;
            case WAITING -> ThreadStates.WAIT;
            case TIMED_WAITING -> ThreadStates.SLEEPING;
            case TERMINATED -> ThreadStates.ZOMBIE;
        };
    }

    private static void cancel(ScheduledFuture<?> f) {
        if (f != null) {
            f.cancel(false);
        }
    }
}
