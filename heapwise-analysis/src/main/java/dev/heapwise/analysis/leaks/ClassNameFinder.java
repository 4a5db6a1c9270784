package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Every instance of the classes whose name matches: an exact Java name, or a pattern where
 * {@code *} stands for any characters ({@code com.example.*Activity}). O(objects), no dump reads.
 */
public final class ClassNameFinder implements LeakFinder {
    private final String pattern;
    private final Pattern regex;

    public ClassNameFinder(String pattern) {
        this.pattern = pattern;
        StringBuilder sb = new StringBuilder();
        for (String part : pattern.split("\\*", -1)) {
            if (!sb.isEmpty()) {
                sb.append(".*");
            }
            sb.append(Pattern.quote(part));
        }
        this.regex = Pattern.compile(sb.toString());
    }

    @Override
    public String name() {
        return "class " + pattern;
    }

    @Override
    public boolean appliesTo(Hierarchy h) {
        return classes(h.graph()).length > 0;
    }

    /** The indexes of the classes whose names match. Cost: one pass over the classes. */
    public int[] classes(HeapGraph g) {
        return g.classes().stream().filter(c -> regex.matcher(c.name()).matches()).mapToInt(c -> c.index()).toArray();
    }

    @Override
    public List<LeakingObject> find(Hierarchy h) {
        HeapGraph g = h.graph();
        boolean[] wanted = new boolean[g.classCount()];
        for (int c : classes(g)) {
            wanted[c] = true;
        }
        List<LeakingObject> out = new ArrayList<>();
        List<String> reasons = List.of("an instance of " + pattern + ", asked for"); // one for millions of instances
        for (int o = 0; o < g.objectCount(); o++) {
            if (wanted[g.classOf(o)] && g.classIndexOfClassObject(o) < 0) {
                out.add(new LeakingObject(o, reasons, List.of()));
            }
        }
        return out;
    }
}
