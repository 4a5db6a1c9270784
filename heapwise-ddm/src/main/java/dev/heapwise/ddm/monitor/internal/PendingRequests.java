package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.jdwp.JdwpPacket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Request ids on one VM connection. Every packet the monitor sends to the VM, its own or a
 * debugger's, gets a fresh id here, so replies can be told apart: a monitor request's reply goes
 * to its callback, a debugger request's reply goes back to that debugger under the debugger's
 * original id. Thread-safe.
 */
final class PendingRequests {
    /** What to do with a reply. */
    sealed interface Entry permits Own, Forwarded {}

    /** A request of the monitor itself. */
    record Own(ReplyCallback callback) implements Entry {}

    /** A debugger's request, sent on under a new id. */
    record Forwarded(int originalId, DebuggerLink debugger) implements Entry {}

    /** Receives the reply to one of the monitor's own requests, or its failure. */
    interface ReplyCallback {
        void reply(JdwpPacket packet);

        void failed(String reason);
    }

    // Starts high, as ddmlib does, so monitor ids stand out from a debugger's in packet traces.
    private final AtomicInteger nextId = new AtomicInteger(0x40000000);
    private final Map<Integer, Entry> pending = new ConcurrentHashMap<>();

    int register(Entry entry) {
        int id = nextId.getAndIncrement();
        pending.put(id, entry);
        return id;
    }

    /** Removes and returns the entry for a reply id, or null. */
    Entry take(int id) {
        return pending.remove(id);
    }

    /** Forgets a debugger's outstanding requests (their replies will be dropped). */
    void forget(DebuggerLink debugger) {
        pending.values().removeIf(e -> e instanceof Forwarded f && f.debugger() == debugger);
    }

    /** Fails every own request (the connection ended). */
    void failAll(String reason) {
        List<Entry> all = new ArrayList<>(pending.values());
        pending.clear();
        for (Entry e : all) {
            if (e instanceof Own own) {
                own.callback().failed(reason);
            }
        }
    }

    int size() {
        return pending.size();
    }
}
