package dev.heapwise.cli.ddm;

import java.util.ArrayList;
import java.util.List;

/** A child JVM for CLI tests: holds some memory and sleeps until killed. Knows nothing of DDM. */
public final class SleeperApp {
    private static final List<byte[]> KEEP = new ArrayList<>();

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < 2000; i++) {
            KEEP.add(new byte[1024]);
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
