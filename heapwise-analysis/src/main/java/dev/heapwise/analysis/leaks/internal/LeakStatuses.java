package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.leaks.LeakTrace.Status;
import java.util.List;

/**
 * Shark's rules for the leaking status of trace nodes. Each node starts from its inspectors'
 * reasons (both kinds: not leaking, with the conflict noted); the last node is leaking. Then
 * everything above the last not-leaking node is not leaking either ("X↓ is not leaking"),
 * everything below the first leaking node after it is leaking ("X↑ is leaking"), and the
 * references from there on down to the first leaking node are the suspects.
 */
public final class LeakStatuses {
    private LeakStatuses() {}

    /** Inputs per node; outputs {@code status}, {@code reason} and {@code suspect} in place. */
    public static final class Entry {
        public final String simpleClassName;
        public final List<String> leaking;
        public final List<String> notLeaking;
        public Status status;
        public String reason;
        public boolean suspect;

        public Entry(String simpleClassName, List<String> leaking, List<String> notLeaking) {
            this.simpleClassName = simpleClassName;
            this.leaking = leaking;
            this.notLeaking = notLeaking;
        }
    }

    public static void resolve(List<Entry> nodes) {
        int last = nodes.size() - 1;
        for (int i = 0; i <= last; i++) {
            Entry e = nodes.get(i);
            if (i == last) {
                e.status = Status.YES;
                e.reason = e.leaking.isEmpty() ? "This is the leaking object" : String.join(" and ", e.leaking);
                if (!e.notLeaking.isEmpty()) {
                    e.reason += ". Conflicts with " + String.join(" and ", e.notLeaking);
                }
            } else if (!e.notLeaking.isEmpty()) {
                e.status = Status.NO;
                e.reason = String.join(" and ", e.notLeaking);
                if (!e.leaking.isEmpty()) {
                    e.reason += ". Conflicts with " + String.join(" and ", e.leaking);
                }
            } else if (!e.leaking.isEmpty()) {
                e.status = Status.YES;
                e.reason = String.join(" and ", e.leaking);
            } else {
                e.status = Status.UNKNOWN;
                e.reason = "";
            }
        }
        int lastNotLeaking = -1;
        for (int i = 0; i < last; i++) {
            if (nodes.get(i).status == Status.NO) {
                lastNotLeaking = i;
            }
        }
        // Shark's wording: a node's own reason follows the propagated one ("X↓ is not leaking and …").
        for (int i = 0; i < lastNotLeaking; i++) {
            Entry e = nodes.get(i);
            String because = nextNotLeaking(nodes, i, lastNotLeaking) + "↓ is not leaking";
            e.reason = switch (e.status) {
                case NO -> because + " and " + e.reason;
                case YES -> because + ". Conflicts with " + e.reason;
                case UNKNOWN -> because;
            };
            e.status = Status.NO;
        }
        int firstLeaking = last;
        for (int i = lastNotLeaking + 1; i < last; i++) {
            if (nodes.get(i).status == Status.YES) {
                firstLeaking = i;
                break;
            }
        }
        for (int i = firstLeaking + 1; i < last; i++) {
            Entry e = nodes.get(i);
            String because = nodes.get(i - 1).simpleClassName + "↑ is leaking";
            e.reason = e.status == Status.YES ? because + " and " + e.reason : because;
            e.status = Status.YES;
        }
        for (int i = 0; i < last; i++) {
            Status from = nodes.get(i).status;
            Status to = nodes.get(i + 1).status;
            nodes.get(i).suspect = from == Status.UNKNOWN || (from == Status.NO && to != Status.NO);
        }
    }

    private static String nextNotLeaking(List<Entry> nodes, int i, int lastNotLeaking) {
        for (int k = i + 1; k <= lastNotLeaking; k++) {
            if (nodes.get(k).status == Status.NO) {
                return nodes.get(k).simpleClassName;
            }
        }
        return nodes.get(lastNotLeaking).simpleClassName;
    }
}
