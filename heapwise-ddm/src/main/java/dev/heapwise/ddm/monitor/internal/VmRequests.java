package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.DdmMessage.HeapInfoRequest;
import dev.heapwise.ddm.codec.DdmMessage.HeapSegmentRequest;
import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.jdwp.JdwpErrors;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.monitor.VmRequestFailedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The requests a monitor makes of one DDM VM on demand: GC, heap info, heap segment bitmaps,
 * heap dumps (HPDS streamed here, HPDU written there) and EXIT. Each returns a future that
 * completes on the session's reader thread (or fails with the VM's FAIL message, a timeout, or
 * the connection's end). Refused at once for plain JDWP VMs. Thread-safe.
 */
public final class VmRequests {
    private static final long FAIL_MATCH_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final VmSession session;

    VmRequests(VmSession session) {
        this.session = session;
    }

    /** HPGC; completes when the VM has replied. */
    public CompletableFuture<Void> gc() {
        return simpleRequest(new DdmMessage.GcRequest(), "GC refused");
    }

    /** HPIF with the given "when"; completes when the VM has replied. */
    public CompletableFuture<Void> heapInfo(int when) {
        return simpleRequest(new HeapInfoRequest(when), "heap info refused");
    }

    /** EXIT; completes when the VM has replied (before it exits), fails if it refuses. */
    public CompletableFuture<Void> exit(int status) {
        return simpleRequest(new DdmMessage.ExitRequest(status), "EXIT refused");
    }

    private CompletableFuture<Void> simpleRequest(DdmMessage request, String refused) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        if (!requireDdm(f)) {
            return f;
        }
        session.sendDdm(request, callback(f, msgs -> {
            String fail = failIn(msgs);
            if (fail != null) {
                f.completeExceptionally(new VmRequestFailedException(session.target() + ": " + refused + ": " + fail));
            } else {
                f.complete(null);
            }
        }));
        return f;
    }

    /** Enables heap segments, triggers a GC and completes with the next bitmap; then disables them. */
    public CompletableFuture<HeapBitmap> heapBitmap(boolean nativeHeap) {
        CompletableFuture<HeapBitmap> f = new CompletableFuture<>();
        if (!requireDdm(f)) {
            return f;
        }
        session.inbound().addBitmapWaiter(nativeHeap, f);
        f.orTimeout(session.host().options().replyTimeout().toMillis() * 3, TimeUnit.MILLISECONDS)
                .whenComplete((b, e) -> bitmapWaiterDone(f, nativeHeap));
        // ART reads one chunk per packet, so these go as separate packets.
        session.sendDdm(new HeapSegmentRequest(nativeHeap, HeapSegmentRequest.WHEN_EVERY_GC, HeapSegmentRequest.WHAT_SEGMENTS),
                callback(f, msgs -> failIfFail(f, msgs, "heap segments refused")));
        session.sendDdm(new DdmMessage.GcRequest(), callback(f, msgs -> failIfFail(f, msgs, "GC refused")));
        return f;
    }

    /** HPDS: the VM dumps its heap and streams it; it is written to {@code out}. */
    public CompletableFuture<Path> dumpHeap(Path out) {
        CompletableFuture<Path> f = new CompletableFuture<>();
        if (!requireDdm(f)) {
            return f;
        }
        if (!session.inbound().startDump(new HeapDumpReceiver(out, f))) {
            f.completeExceptionally(new IllegalStateException(session.target() + ": a heap dump is already in progress"));
            return f;
        }
        f.orTimeout(session.host().options().dumpTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((p, e) -> session.inbound().endDump(f));
        session.sendDdm(new DdmMessage.HeapDumpStreamRequest(), callback(f, msgs -> failIfFail(f, msgs, "heap dump failed")));
        return f;
    }

    /** HPDU: the VM writes its heap to {@code vmPath} on its own machine. */
    public CompletableFuture<String> dumpHeapOnVm(String vmPath) {
        CompletableFuture<String> f = new CompletableFuture<>();
        if (!requireDdm(f)) {
            return f;
        }
        f.orTimeout(session.host().options().dumpTimeout().toMillis(), TimeUnit.MILLISECONDS);
        session.sendDdm(new DdmMessage.HeapDumpRequest(vmPath), callback(f, msgs -> {
            for (DdmMessage m : msgs) {
                if (m instanceof DdmMessage.HeapDumpResult r) {
                    if (r.succeeded()) {
                        f.complete(vmPath);
                    } else {
                        String why = session.state().recentFail(FAIL_MATCH_NANOS);
                        f.completeExceptionally(new VmRequestFailedException(session.target() + ": the VM could not write "
                                + vmPath + (why == null ? "" : ": " + why)));
                    }
                    return;
                }
            }
            String fail = failIn(msgs);
            f.completeExceptionally(fail == null ? new IOException(session.target() + ": heap dump failed: no HPDU reply")
                    : new VmRequestFailedException(session.target() + ": heap dump failed: " + fail));
        }));
        return f;
    }

    private boolean requireDdm(CompletableFuture<?> f) {
        if (session.isClosed()) {
            f.completeExceptionally(new IllegalStateException(session.target() + ": not connected"));
            return false;
        }
        if (!session.isDdm()) {
            f.completeExceptionally(new IllegalStateException(session.target() + ": "
                    + (Boolean.FALSE.equals(session.state().ddm()) ? "a plain JDWP VM does not speak DDM" : "not introduced yet")));
            return false;
        }
        return true;
    }

    private static String failIn(List<DdmMessage> msgs) {
        for (DdmMessage m : msgs) {
            if (m instanceof DdmMessage.Fail fail) {
                return fail.message();
            }
        }
        return null;
    }

    private void failIfFail(CompletableFuture<?> f, List<DdmMessage> msgs, String what) {
        String fail = failIn(msgs);
        if (fail != null) {
            f.completeExceptionally(new VmRequestFailedException(session.target() + ": " + what + ": " + fail));
        }
    }

    private PendingRequests.ReplyCallback callback(CompletableFuture<?> f, Consumer<List<DdmMessage>> onMessages) {
        return new PendingRequests.ReplyCallback() {
            @Override
            public void reply(JdwpPacket p) {
                if (p.errorCode() != JdwpErrors.NONE) {
                    f.completeExceptionally(new IOException(session.target() + ": JDWP error " + JdwpErrors.name(p.errorCode())));
                    return;
                }
                onMessages.accept(session.inbound().apply(p.data(), "reply"));
            }

            @Override
            public void failed(String reason) {
                f.completeExceptionally(new IOException(session.target() + ": " + reason));
            }
        };
    }

    /** A bitmap request is over; segments are switched off again when nobody else waits. */
    private void bitmapWaiterDone(CompletableFuture<HeapBitmap> f, boolean nativeHeap) {
        if (!session.inbound().removeBitmapWaiter(f, nativeHeap) && session.isDdm() && !session.isClosed()) {
            session.sendDdm(new HeapSegmentRequest(nativeHeap, HeapSegmentRequest.WHEN_OFF, 0), null);
        }
    }
}
