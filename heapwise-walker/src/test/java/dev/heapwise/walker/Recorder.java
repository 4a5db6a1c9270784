package dev.heapwise.walker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.ToIntFunction;

/**
 * A callback that records every call (copying the reused arrays) and answers as told. {@link #lines}
 * renders the record compactly for exact-trace assertions:
 * <pre>
 * BEGIN                     beginContainer(BEGIN)
 * THREAD t 1                beginContainer(THREAD, id1 = object t, id2 = 1)
 * ROOTS JNI_GLOBAL 2        beginContainer(ROOTS, JNI_GLOBAL, 2 roots)
 *   roots a b[R]            rootReferences: a, then b already reported
 *   a[R]: b[RV] null x[M]   objectReferences(a, REPORTED): b reported+visited, null, x missing
 *   arr[R+]: e f            a call with MORE_REFERENCES
 *   p: ()                   an object without references
 * </pre>
 */
final class Recorder implements HeapInfoCallback {
    sealed interface Event permits Begin, Roots, Refs {}

    record Begin(ContainerType type, long id1, long id2) implements Event {}

    record Roots(long[] refs, int[] flags) implements Event {}

    record Refs(long object, int flags, long[] refs, int[] refFlags) implements Event {}

    final List<Event> events = new ArrayList<>();
    private ToIntFunction<Event> answer = e -> 0;

    /** Answers with the given function: 0 CONTINUE, 1 POSTPONE_REFERENCES, 2 FAIL. */
    Recorder answering(ToIntFunction<Event> f) {
        this.answer = f;
        return this;
    }

    private WalkAction record(Event e) {
        events.add(e);
        return WalkAction.values()[answer.applyAsInt(e)];
    }

    @Override
    public WalkAction beginContainer(ContainerType type, long id1, long id2) {
        return record(new Begin(type, id1, id2));
    }

    @Override
    public WalkAction rootReferences(long[] refs, int[] refFlags, int count) {
        return record(new Roots(Arrays.copyOf(refs, count), Arrays.copyOf(refFlags, count)));
    }

    @Override
    public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
        return record(new Refs(objectId, flags, Arrays.copyOf(refs, count), Arrays.copyOf(refFlags, count)));
    }

    /** The record as lines; calls about class objects are left out when {@code hideClassObjects}. */
    List<String> lines(TestDump dump, boolean hideClassObjects) {
        return lines(dump::name, hideClassObjects ? dump::isClassObject : id -> false);
    }

    List<String> lines(LongFunction<String> name, java.util.function.LongPredicate hidden) {
        List<String> out = new ArrayList<>();
        for (Event e : events) {
            switch (e) {
                case Begin b -> out.add(switch (b.type()) {
                    case THREAD -> "THREAD " + name.apply(b.id1()) + " " + b.id2();
                    case ROOTS -> "ROOTS " + ContainerType.rootKind(b.id1()) + " " + b.id2();
                    case SELECTED -> "SELECTED " + b.id2();
                    default -> b.type().name();
                });
                case Roots r -> {
                    StringBuilder sb = new StringBuilder("  roots");
                    for (int i = 0; i < r.refs().length; i++) {
                        sb.append(' ').append(name.apply(r.refs()[i])).append(flags(r.flags()[i]));
                    }
                    out.add(sb.toString());
                }
                case Refs r -> {
                    if (hidden.test(r.object())) {
                        continue;
                    }
                    StringBuilder sb = new StringBuilder("  ").append(name.apply(r.object())).append(flags(r.flags()))
                            .append(':');
                    if (r.refs().length == 0) {
                        sb.append(" ()");
                    }
                    for (int i = 0; i < r.refs().length; i++) {
                        sb.append(' ').append(name.apply(r.refs()[i])).append(flags(r.refFlags()[i]));
                    }
                    out.add(sb.toString());
                }
            }
        }
        return out;
    }

    static String flags(int f) {
        if (f == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder("[");
        if ((f & ObjectFlags.ALREADY_REPORTED) != 0) {
            sb.append('R');
        }
        if ((f & ObjectFlags.ALREADY_VISITED) != 0) {
            sb.append('V');
        }
        if ((f & ObjectFlags.MISSING) != 0) {
            sb.append('M');
        }
        if ((f & ObjectFlags.MORE_REFERENCES) != 0) {
            sb.append('+');
        }
        return sb.append(']').toString();
    }

    /** Ids of the objects visited, in order (one per object: calls with MORE_REFERENCES are folded). */
    List<Long> visitOrder() {
        List<Long> out = new ArrayList<>();
        boolean more = false;
        for (Event e : events) {
            if (e instanceof Refs r) {
                if (!more) {
                    out.add(r.object());
                }
                more = (r.flags() & ObjectFlags.MORE_REFERENCES) != 0;
            }
        }
        return out;
    }
}
