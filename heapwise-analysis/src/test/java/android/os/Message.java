package android.os;

/**
 * Test stand-in with AOSP Message's queue link and payload fields (see {@link MessageQueue}), and
 * the fields Shark's message inspector reads.
 */
public final class Message {
    public Message next;
    public Object obj;
    public Handler target;
    public int what;
    public long when;
    public Runnable callback;
}
