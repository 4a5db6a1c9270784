package dev.heapwise.ddm.monitor;

import java.io.IOException;

/**
 * The VM answered a request with a failure of its own (a DDM FAIL chunk, or a heap dump it could
 * not write): not a fault of the connection or of heapwise. The message is one line naming the VM
 * and its reason, ready to show to a user.
 */
public class VmRequestFailedException extends IOException {
    public VmRequestFailedException(String message) {
        super(message);
    }
}
