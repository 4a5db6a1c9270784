package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.client.ChunkHandler;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.DdmMessage.HeapInfoRequest;
import dev.heapwise.ddm.codec.DdmMessage.HeapSegmentRequest;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;

/**
 * HPIF (heap info), HPSG/NHSG (heap segments) and HPGC (collect now).
 *
 * <p>HPIF reports one heap, id 1, from MemoryMXBean's heap usage: max (committed when the max is
 * undefined), committed as the current size, used as bytes allocated. HotSpot does not count
 * objects without walking the heap, so the object count is 0. Like ART, HPIF "now" is answered
 * with an unsolicited HPIF chunk and an empty reply.
 *
 * <p>"At next GC", "at every GC" and segment requests are served after each collection the
 * GarbageCollectorMXBeans report, and right after an HPGC.
 */
final class HeapHandler implements ChunkHandler, NotificationListener {
    static final int JAVA_HEAP_ID = 1;
    private static final String GC_NOTIFICATION = "com.sun.management.gc.notification";
    private static final long DUPLICATE_WINDOW_MS = 200;

    private final Consumer<Chunk> sender;
    private final List<NotificationEmitter> subscribed = new ArrayList<>();
    private int heapInfoWhen;
    private HeapSegmentRequest segments;
    private HeapSegmentRequest nativeSegments;
    private long lastAfterGc;
    /** Held while one report is sent (see afterGc). */
    private final Object reportLock = new Object();

    HeapHandler(Consumer<Chunk> sender) {
        this.sender = sender;
    }

    @Override
    public Chunk handleChunk(Chunk request) {
        DdmMessage m = MessageCodec.decode(request, Direction.TO_VM);
        switch (m) {
            case HeapInfoRequest r -> {
                if (r.when() > HeapInfoRequest.EVERY_GC) {
                    return HandlerTable.fail(HandlerTable.FAIL_UNSUPPORTED, "unsupported HPIF when=" + r.when());
                }
                if (r.when() == HeapInfoRequest.NOW) {
                    sender.accept(heapInfo(HeapInfoRequest.NOW));
                } else {
                    synchronized (this) {
                        heapInfoWhen = r.when();
                    }
                    updateSubscription();
                }
            }
            case HeapSegmentRequest r -> {
                if (r.when() > HeapSegmentRequest.WHEN_EVERY_GC || r.what() > HeapSegmentRequest.WHAT_OBJECTS) {
                    return HandlerTable.fail(HandlerTable.FAIL_UNSUPPORTED,
                            "unsupported segment request when=" + r.when() + " what=" + r.what());
                }
                synchronized (this) {
                    HeapSegmentRequest on = r.when() == HeapSegmentRequest.WHEN_OFF ? null : r;
                    if (r.nativeHeap()) {
                        nativeSegments = on;
                    } else {
                        segments = on;
                    }
                }
                updateSubscription();
            }
            case DdmMessage.GcRequest r -> {
                System.gc();
                afterGc(true);
            }
            default -> {
                return HandlerTable.fail(HandlerTable.FAIL_UNSUPPORTED, "not a heap request");
            }
        }
        return null;
    }

    @Override
    public void disconnected() {
        synchronized (this) {
            heapInfoWhen = HeapInfoRequest.NEVER;
            segments = null;
            nativeSegments = null;
        }
        updateSubscription();
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (GC_NOTIFICATION.equals(notification.getType())) {
            afterGc(false);
        }
    }

    /** Sends whatever was asked for "after a GC". An explicit HPGC counts as a GC. */
    private void afterGc(boolean explicit) {
        int when;
        HeapSegmentRequest vm;
        HeapSegmentRequest nat;
        synchronized (this) {
            long now = System.currentTimeMillis();
            if (!explicit && now - lastAfterGc < DUPLICATE_WINDOW_MS) {
                return; // the notification of the collection HPGC already reported
            }
            lastAfterGc = now;
            when = heapInfoWhen;
            if (when == HeapInfoRequest.NEXT_GC) {
                heapInfoWhen = HeapInfoRequest.NEVER;
            }
            vm = segments;
            nat = nativeSegments;
        }
        // An HPGC's own report and a GC notification can run at once (the notification may come
        // before the HPGC path has marked the collection as reported): one at a time, so a heap's
        // HPST/NHST, pieces and HPEN/NHEN never interleave with another report's.
        synchronized (reportLock) {
            try {
                if (when == HeapInfoRequest.NEXT_GC || when == HeapInfoRequest.EVERY_GC) {
                    sender.accept(heapInfo(when));
                }
                if (vm != null) {
                    HeapLayout.javaHeap(vm.what() == HeapSegmentRequest.WHAT_OBJECTS).forEach(sender);
                }
                if (nat != null) {
                    HeapLayout.nativeMemory().forEach(sender);
                }
            } catch (RuntimeException ignored) {
                // never let a reporting problem reach the GC notification thread
            }
        }
    }

    static Chunk heapInfo(int reason) {
        MemoryUsage u = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long max = u.getMax() < 0 ? u.getCommitted() : u.getMax();
        return MessageCodec.encode(new DdmMessage.HeapInfo(List.of(new DdmMessage.HeapInfoEntry(
                JAVA_HEAP_ID, System.currentTimeMillis(), reason, max, u.getCommitted(), u.getUsed(), 0))));
    }

    /** Listens to GC notifications only while something wants them. */
    private synchronized void updateSubscription() {
        boolean want = heapInfoWhen >= HeapInfoRequest.NEXT_GC || segments != null || nativeSegments != null;
        if (want && subscribed.isEmpty()) {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener(this, null, null);
                    subscribed.add(emitter);
                }
            }
        } else if (!want && !subscribed.isEmpty()) {
            for (NotificationEmitter emitter : subscribed) {
                try {
                    emitter.removeNotificationListener(this);
                } catch (javax.management.ListenerNotFoundException ignored) {
                    // already gone
                }
            }
            subscribed.clear();
        }
    }
}
