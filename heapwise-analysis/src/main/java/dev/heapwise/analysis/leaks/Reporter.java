package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import java.util.ArrayList;
import java.util.List;

/**
 * What the inspectors say of one object, as Shark's {@code ObjectReporter} collects it: reasons it
 * is leaking, reasons it is not, and labels, each text once and in the order first said (Shark
 * keeps them in insertion-ordered sets).
 */
final class Reporter {
    /** One of Shark's inspectors, written against a reporter. */
    interface Check {
        void inspect(Hierarchy h, int object, Reporter r);
    }

    final List<String> leaking;
    final List<String> notLeaking;
    final List<String> labels;

    Reporter(List<String> leaking, List<String> notLeaking, List<String> labels) {
        this.leaking = leaking;
        this.notLeaking = notLeaking;
        this.labels = labels;
    }

    Reporter() {
        this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    static ObjectInspector inspector(Check check) {
        return (h, o, leaking, notLeaking, labels) -> check.inspect(h, o, new Reporter(leaking, notLeaking, labels));
    }

    void leaking(String reason) {
        addOnce(leaking, reason);
    }

    void notLeaking(String reason) {
        addOnce(notLeaking, reason);
    }

    /** A reason for leaking when {@code leaking}, for not leaking otherwise. */
    void leakingIf(boolean leaking, String reason) {
        addOnce(leaking ? this.leaking : notLeaking, reason);
    }

    void label(String label) {
        addOnce(labels, label);
    }

    private static void addOnce(List<String> list, String text) {
        if (!list.contains(text)) {
            list.add(text);
        }
    }
}
