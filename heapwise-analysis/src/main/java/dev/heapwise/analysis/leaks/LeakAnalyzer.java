package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.leaks.internal.AndroidReaders;
import dev.heapwise.analysis.leaks.internal.CollectionSteps;
import dev.heapwise.analysis.leaks.internal.LeakStatuses;
import dev.heapwise.analysis.leaks.internal.MatcherEdges;
import dev.heapwise.analysis.leaks.internal.SharkPolicy;
import dev.heapwise.analysis.leaks.internal.SharkReferences;
import dev.heapwise.analysis.leaks.internal.SharkRoots;
import dev.heapwise.analysis.leaks.internal.Signatures;
import dev.heapwise.analysis.leaks.internal.TraceGroup;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.analysis.paths.internal.StepLabels;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.graph.internal.LongIntMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Leak traces in the manner of LeakCanary's Shark: finders name the objects that should be gone,
 * one breadth-first search from the GC roots (with Shark's visit-last priorities and library-leak
 * matchers) finds the shortest path to each, inspectors label every node on the path as leaking
 * or not, and traces with the same suspect references are grouped under one signature.
 *
 * <p>Cost: the finders read the candidate objects from the dump; the search is one pass over at
 * most the whole graph (4 bytes per object of native memory); the traces read their nodes. The
 * retained sizes come from the dominator tree ({@link DominatorTree#of}: computed once per dump).
 * Not thread-safe; use one analyzer per thread.
 */
public final class LeakAnalyzer {

    /**
     * @param finders       what to look for; empty means every finder that applies to the dump
     * @param matchers      library leaks and ignored references (the built-ins plus any of the user's)
     * @param filter        references never followed (weak and other referents, user exclusions)
     * @param tracesPerLeak traces kept per signature, the biggest; the rest are counted
     *                      ({@link Leak#omittedTraces}), so that a class with millions of instances
     *                      does not hold millions of traces in memory
     * @param allRootKinds  start from GC roots of every kind, not only those Shark starts from
     *                      (see {@link LeakReport}; by default an object held only by, say, a
     *                      debugger root has no trace)
     * @param explainSuspects with no finders given, on a dump without Android's lifecycle classes
     *                      (a JVM's), also explain the leak suspects' accumulation points
     *                      ({@link SuspectsFinder})
     */
    public record Options(List<LeakFinder> finders, List<ReferenceMatcher> matchers, ReferenceFilter filter,
            int tracesPerLeak, boolean allRootKinds, boolean explainSuspects) {
        public static final int TRACES_PER_LEAK = 1000;

        public Options {
            if (tracesPerLeak < 1) {
                throw new IllegalArgumentException("at least one trace per leak is kept, not " + tracesPerLeak);
            }
        }

        public static Options defaults() {
            return new Options(List.of(), BuiltInMatchers.all(), ReferenceFilter.defaults(), TRACES_PER_LEAK, false,
                    false);
        }

        public Options withFinders(List<LeakFinder> f) {
            return new Options(f, matchers, filter, tracesPerLeak, allRootKinds, explainSuspects);
        }

        public Options withExtraMatchers(List<ReferenceMatcher> extra) {
            List<ReferenceMatcher> all = new ArrayList<>(matchers);
            all.addAll(extra);
            return new Options(finders, all, filter, tracesPerLeak, allRootKinds, explainSuspects);
        }

        public Options withTracesPerLeak(int n) {
            return new Options(finders, matchers, filter, n, allRootKinds, explainSuspects);
        }

        public Options withAllRootKinds(boolean all) {
            return new Options(finders, matchers, filter, tracesPerLeak, all, explainSuspects);
        }

        public Options withSuspectsExplained(boolean explain) {
            return new Options(finders, matchers, filter, tracesPerLeak, allRootKinds, explain);
        }
    }

    /** The finders used when none is asked for: those whose classes the dump has. */
    public static List<LeakFinder> defaultFinders() {
        return List.of(new KeyedWeakReferenceFinder(), new AndroidLifecycleFinder());
    }

    public static LeakReport analyze(HeapGraph g, DominatorTree tree, Options options, ProgressListener progress) {
        Hierarchy h = new Hierarchy(g);
        List<LeakFinder> finders = new ArrayList<>();
        for (LeakFinder f : options.finders().isEmpty() ? defaultFinders() : options.finders()) {
            if (!options.finders().isEmpty() || f.appliesTo(h)) {
                finders.add(f);
            }
        }
        SuspectsFinder suspects = null;
        if (options.finders().isEmpty() && options.explainSuspects() && tree != null
                && !new AndroidLifecycleFinder().appliesTo(h)) {
            finders.add(suspects = new SuspectsFinder(tree));
        }
        List<LeakingObject> leaking = leakingObjects(finders, h);
        List<String> names = finders.stream().map(LeakFinder::name).toList();
        Optional<AndroidBuild> build = AndroidBuild.of(g);
        int explained = suspects == null ? -1 : suspects.points();
        if (leaking.isEmpty()) {
            return new LeakReport(List.of(), List.of(), names, 0, 0, 0, build.orElse(null), explained);
        }
        RootIndex roots = RootIndex.everyRoot(g); // Shark's roots: a Java frame's local is a root of its own
        List<ReferenceMatcher> matchers = applicable(options.matchers(), build);
        List<ReferenceFilter.FieldRef> ignoredFields = new ArrayList<>();
        for (ReferenceMatcher m : matchers) {
            if (m.ignored() && (m.type() == ReferenceMatcher.Type.INSTANCE_FIELD
                    || m.type() == ReferenceMatcher.Type.STATIC_FIELD)) {
                ignoredFields.add(new ReferenceFilter.FieldRef(m.className(), m.name()));
            }
        }
        EdgeFilter edges = new EdgeFilter(g, options.filter().excluding(ignoredFields));
        MatcherEdges matcherEdges = new MatcherEdges(h, roots, matchers);
        MatcherEdges labelMatchers = new MatcherEdges(h, roots, matchers);
        long[] targets = new long[(g.objectCount() + 63) >>> 6];
        for (LeakingObject l : leaking) {
            targets[l.object() >>> 6] |= 1L << l.object();
        }
        Map<String, TraceGroup> bySignature = new LinkedHashMap<>();
        int withoutPath = 0;
        List<ObjectInspector> inspectors = DefaultInspectors.all(build.isPresent());
        StepLabels steps = new StepLabels(g, edges, roots); // shared by all traces: they share parents
        int throughOther = 0;
        AndroidReaders readers = new AndroidReaders(h); // shared: the search tells it the lists it read
        SharkReferences sharkOrder = new SharkReferences(g); // names each step by the reference the search took
        try (PathSearch search = new PathSearch(g, edges, new SharkPolicy(g, matcherEdges, readers,
                options.allRootKinds()), roots)) {
            search.run(targets, leaking.size(), progress);
            for (LeakingObject l : leaking) {
                List<Integer> path = search.pathTo(l.object());
                if (path.isEmpty()) {
                    withoutPath++;
                    continue;
                }
                GcRoot root = search.rootOf(path.getFirst());
                if (throughAnother(path, targets) || throughLeakingThread(root, roots, targets)) {
                    throughOther++; // as Shark: its trace would repeat the other one's, and fixing that fixes it
                    continue;
                }
                LeakTrace t = trace(h, path, root, l, edges, steps, sharkOrder, labelMatchers, roots, inspectors, tree,
                        readers);
                bySignature.computeIfAbsent(leakSignature(t), k -> new TraceGroup(options.tracesPerLeak())).add(t);
            }
        } finally {
            progress.finished();
        }
        List<Leak> app = new ArrayList<>();
        List<Leak> lib = new ArrayList<>();
        List<List<LeakTrace>> kept = withRetainedCounts(bySignature.values(), tree);
        int k = 0;
        for (Map.Entry<String, TraceGroup> e : bySignature.entrySet()) {
            TraceGroup group = e.getValue();
            List<LeakTrace> ts = kept.get(k++);
            Leak leak = new Leak(e.getKey(), ts.getFirst().libraryMatcher(), ts, group.omitted(),
                    group.omittedRetainedSize());
            (leak.libraryMatcher() == null ? app : lib).add(leak);
        }
        Comparator<Leak> order = Comparator.comparingLong(Leak::totalRetainedSize).reversed().thenComparing(Leak::signature);
        app.sort(order);
        lib.sort(order);
        return new LeakReport(app, lib, names, leaking.size(), withoutPath, throughOther, build.orElse(null), explained);
    }

    /**
     * What groups traces into one leak, as Shark 2.14 groups them: a library leak's traces by the
     * known leak they go through (the hash of its pattern), an application leak's by their own
     * signature.
     */
    private static String leakSignature(LeakTrace t) {
        return t.libraryMatcher() != null ? Signatures.sha1(t.libraryMatcher().pattern()) : t.signature();
    }

    /** The matchers whose condition the dump's Android build meets (on a JVM's dump, those that need no build). */
    static List<ReferenceMatcher> applicable(List<ReferenceMatcher> matchers, Optional<AndroidBuild> build) {
        return matchers.stream().filter(m -> m.when().holds(build)).toList();
    }

    /** Whether the path passes through another leaking object before its end (every one has a path then). */
    private static boolean throughAnother(List<Integer> path, long[] leaking) {
        for (int i = 0; i + 1 < path.size(); i++) {
            int o = path.get(i);
            if ((leaking[o >>> 6] & (1L << o)) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the path starts at a Java frame's local whose thread is leaking: Shark's path to the
     * local starts at the thread ({@link SharkRoots}), so the thread's trace stands for it.
     */
    private static boolean throughLeakingThread(GcRoot root, RootIndex roots, long[] leaking) {
        if (root == null || root.kind() != RootKind.JAVA_FRAME) {
            return false;
        }
        HeapThread t = roots.thread(root.threadSerial());
        int o = t == null ? -1 : t.objectIndex();
        return o >= 0 && o != root.object() && (leaking[o >>> 6] & (1L << o)) != 0;
    }

    /**
     * What the finders name, in the order found, one entry per object (finders that agree merge
     * their reasons): indexed by a primitive map, not one of boxed keys, since {@code --class} can
     * name millions, and the index is dropped before the search.
     */
    private static List<LeakingObject> leakingObjects(List<LeakFinder> finders, Hierarchy h) {
        LongIntMap at = new LongIntMap(16);
        List<LeakingObject> leaking = new ArrayList<>();
        for (LeakFinder f : finders) {
            for (LeakingObject l : f.find(h)) {
                int i = at.get(l.object(), -1);
                if (i < 0) {
                    at.put(l.object(), leaking.size(), -1);
                    leaking.add(l);
                } else {
                    leaking.set(i, merge(leaking.get(i), l));
                }
            }
        }
        return leaking;
    }

    private static LeakingObject merge(LeakingObject a, LeakingObject b) {
        List<String> reasons = new ArrayList<>(a.reasons());
        b.reasons().stream().filter(r -> !reasons.contains(r)).forEach(reasons::add);
        List<String> details = new ArrayList<>(a.details());
        b.details().stream().filter(d -> !details.contains(d)).forEach(details::add);
        return new LeakingObject(a.object(), reasons, details);
    }

    private static LeakTrace trace(Hierarchy h, List<Integer> path, GcRoot root, LeakingObject leak, EdgeFilter edges,
            StepLabels steps, SharkReferences order, MatcherEdges matchers, RootIndex roots,
            List<ObjectInspector> inspectors, DominatorTree tree, AndroidReaders readers) {
        HeapGraph g = h.graph();
        ReferenceMatcher library = root == null ? null : nonIgnored(matchers.root(root));
        int libraryFrom = -1; // the object whose reference a library-leak matcher names
        List<Reference> raw = new ArrayList<>(path.size());
        List<AndroidReaders.Label> virtual = new ArrayList<>(path.size());
        for (int i = 0; i + 1 < path.size(); i++) {
            int o = path.get(i);
            int next = path.get(i + 1);
            // A reference Shark's readers add is named as they name it, even where the heap stores one too.
            AndroidReaders.Label v = readers.label(o, next);
            virtual.add(v);
            Reference r = null;
            long ordinal = -1;
            if (v == null && g.kind(o) == ObjectKind.OBJECT_ARRAY) {
                r = steps.reference(o, next); // Shark's order is the stored one; StepLabels searches big arrays fast
            } else if (v == null) {
                // The reference the search took: the first in Shark's order (of two fields, the smaller name).
                ordinal = order.firstAllowed(o, next, edges);
                r = ordinal < 0 ? null : g.references(o).get((int) ordinal);
            }
            raw.add(r);
            if (library == null && r != null && ordinal >= 0 && matchers.concerns(o)) { // arrays match none
                library = nonIgnored(matchers.edge(o, ordinal));
                libraryFrom = library == null ? -1 : o;
            }
        }
        Shown view = shown(g, path, raw, virtual);
        List<Integer> shown = view.objects();
        List<LeakTrace.Reference> refs = view.references();
        int n = shown.size();
        List<LeakStatuses.Entry> entries = new ArrayList<>(n);
        List<List<String>> labels = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int o = shown.get(i);
            List<String> yes = new ArrayList<>();
            List<String> no = new ArrayList<>();
            List<String> lab = new ArrayList<>();
            if (o == libraryFrom) { // first, as Shark labels it
                lab.add("Library leak match: " + library.pattern());
            }
            for (ObjectInspector in : inspectors) {
                in.inspect(h, o, yes, no, lab);
            }
            if (i == n - 1) {
                List<String> all = new ArrayList<>(leak.reasons());
                yes.stream().filter(r -> !all.contains(r)).forEach(all::add);
                yes = all;
            }
            String cls = ObjectLabels.className(g, o);
            entries.add(new LeakStatuses.Entry(Hierarchy.simpleName(cls), yes, no));
            labels.add(lab);
        }
        LeakStatuses.resolve(entries);
        List<LeakTrace.Node> nodes = new ArrayList<>(n);
        StringBuilder signed = new StringBuilder(javaLocal(g, root, roots, entries.getFirst()));
        for (int i = 0; i < n; i++) {
            int o = shown.get(i);
            LeakStatuses.Entry e = entries.get(i);
            LeakTrace.Reference ref = refs.get(i);
            if (e.suspect && ref != null) {
                signed.append(ObjectLabels.className(g, o)).append(ref.genericName());
            }
            nodes.add(new LeakTrace.Node(o, g.id(o), ObjectLabels.className(g, o), ObjectLabels.kind(g, o), e.status,
                    e.reason, List.copyOf(labels.get(i)), ref, e.suspect && ref != null,
                    i == 0 && root != null ? root.kind() : null, i == 0 && root != null ? roots.describe(root) : null));
        }
        long retained = tree == null ? 0 : tree.retainedSize(leak.object());
        return new LeakTrace(leak.object(), Signatures.sha1(signed.toString()), library, retained, 0,
                List.copyOf(nodes), leak.reasons(), leak.details());
    }

    /**
     * Each group's kept traces, in the same order, with how many objects each leaking object keeps
     * alive: counted in one pass over the tree for all of them, once the search's memory is freed.
     */
    private static List<List<LeakTrace>> withRetainedCounts(Collection<TraceGroup> groups, DominatorTree tree) {
        List<List<LeakTrace>> out = new ArrayList<>();
        for (TraceGroup group : groups) {
            out.add(group.traces());
        }
        if (tree == null) {
            return out;
        }
        int[] objects = out.stream().flatMap(List::stream).mapToInt(LeakTrace::leakingObject).toArray();
        long[] counts = tree.retainedCounts(objects);
        int k = 0;
        for (int i = 0; i < out.size(); i++) {
            List<LeakTrace> counted = new ArrayList<>(out.get(i).size());
            for (LeakTrace t : out.get(i)) {
                counted.add(t.withRetainedCount(counts[k++]));
            }
            out.set(i, counted);
        }
        return out;
    }

    /** The objects a trace shows, and how each refers to the next (null after the last). */
    private record Shown(List<Integer> objects, List<LeakTrace.Reference> references) {}

    /** The path as Shark 2 shows it: collections refer to what they hold directly (see {@link CollectionSteps}). */
    private static Shown shown(HeapGraph g, List<Integer> path, List<Reference> raw,
            List<AndroidReaders.Label> virtual) {
        List<Integer> objects = new ArrayList<>(path.size());
        List<LeakTrace.Reference> refs = new ArrayList<>(path.size());
        for (int i = 0; i < path.size(); i++) {
            int o = path.get(i);
            objects.add(o);
            if (i + 1 == path.size()) {
                refs.add(null);
                break;
            }
            AndroidReaders.Label v = virtual.get(i);
            CollectionSteps.Step step = v == null ? CollectionSteps.from(g, path, raw, i) : null;
            String owner = Hierarchy.simpleName(ObjectLabels.className(g, o));
            if (v != null && !v.arrayEntry()) {
                refs.add(new LeakTrace.Reference(v.name(), "field", owner + "." + v.name()));
            } else if (v != null || step != null) { // an entry of what Shark shows as a collection
                String name = v != null ? v.name() : step.name();
                refs.add(new LeakTrace.Reference(name, "array", owner + name));
                i += step == null ? 0 : step.steps() - 1; // the collection's inner objects are not nodes
            } else {
                refs.add(reference(owner, raw.get(i)));
            }
        }
        return new Shown(objects, refs);
    }

    /**
     * Shark starts the path of a Java frame's local at the frame's thread, with a {@code <Java Local>}
     * reference that it signs unless the local is not leaking; heapwise names the thread and frame in
     * the root line instead, and signs the same. Empty for other roots, or when the thread is unknown.
     */
    private static String javaLocal(HeapGraph g, GcRoot root, RootIndex roots, LeakStatuses.Entry local) {
        if (root == null || root.kind() != RootKind.JAVA_FRAME || local.status == LeakTrace.Status.NO) {
            return "";
        }
        HeapThread t = roots.thread(root.threadSerial());
        return t == null || t.objectIndex() < 0 ? "" : ObjectLabels.className(g, t.objectIndex()) + "<Java Local>";
    }

    private static ReferenceMatcher nonIgnored(ReferenceMatcher m) {
        return m == null || m.ignored() ? null : m;
    }

    /** A stored reference as LeakCanary prints it; {@code owner} is the simple name of its object's class. */
    private static LeakTrace.Reference reference(String owner, Reference r) {
        if (r == null) {
            return new LeakTrace.Reference("?", "other", owner + ".?");
        }
        return switch (r.kind()) {
            case FIELD -> new LeakTrace.Reference(r.name(), "field", owner + "." + r.name());
            case STATIC_FIELD -> new LeakTrace.Reference(r.name(), "static", "static " + owner + "." + r.name());
            // Object[0], as Shark prints an element: the array's simple name without its brackets
            case ARRAY_ELEMENT -> new LeakTrace.Reference(r.label(), "array",
                    (owner.endsWith("[]") ? owner.substring(0, owner.length() - 2) : owner) + r.label());
            default -> new LeakTrace.Reference(r.label(), "other", owner + "." + r.label());
        };
    }
}
