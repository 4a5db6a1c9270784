package android.os;

/**
 * Test stand-in with the field AOSP's MessageQueue keeps its pending messages in, so a dump made
 * by a HotSpot test JVM holds a queue as an Android app's does ({@code AndroidCollectionsProgram}),
 * and the flag Shark's and heapwise's inspectors read.
 */
public final class MessageQueue {
    public Message mMessages;
    public boolean mQuitting;
}
