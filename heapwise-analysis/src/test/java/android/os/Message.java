package android.os;

/** Test stand-in with AOSP Message's queue link and payload fields (see {@link MessageQueue}). */
public final class Message {
    public Message next;
    public Object obj;
}
