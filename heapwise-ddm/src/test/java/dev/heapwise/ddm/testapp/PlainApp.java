package dev.heapwise.ddm.testapp;

/** A child JVM that just runs; tests start it with a JDWP agent or the heapwise agent. */
public final class PlainApp {
    static volatile long counter;

    public static void main(String[] args) throws Exception {
        System.out.println("READY");
        System.out.flush();
        for (long i = 0; ; i++) {
            tick(i);
            Thread.sleep(20);
        }
    }

    /** Where the JDI test puts its breakpoint. */
    static void tick(long i) {
        counter = i;
    }
}
