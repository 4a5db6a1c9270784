package dev.heapwise.analysis.report;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.dominators.DominatorView;
import dev.heapwise.analysis.leaks.Leak;
import dev.heapwise.analysis.leaks.LeakAnalyzer;
import dev.heapwise.analysis.leaks.LeakReport;
import dev.heapwise.analysis.leaks.LeakTrace;
import dev.heapwise.analysis.leaks.LeakTraceFormat;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.suspects.LeakSuspects;
import dev.heapwise.analysis.suspects.Suspect;
import dev.heapwise.analysis.threads.ThreadRetention;
import dev.heapwise.analysis.waste.WasteAnalysis;
import dev.heapwise.analysis.waste.WasteReport;
import dev.heapwise.graph.GraphInfo;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.StackFrame;
import dev.heapwise.graph.build.ProgressListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs every analysis of a dump for {@code heapwise report}: histogram with retained sizes, the
 * top of the dominator tree, leak suspects, leak traces, waste and threads. Cost: that of each
 * analysis (the waste pass reads all primitive arrays); the dominator tree is reused from the index.
 */
public final class ReportBuilder {
    /** How much of each section to keep. */
    public record Limits(int classes, int dominators, int dominatorDepth, int frames, int localsPerFrame) {
        public static Limits defaults() {
            return new Limits(100, 25, 3, 30, 5);
        }
    }

    private ReportBuilder() {}

    public static HeapReport build(HeapGraph g, DominatorTree tree, String fileName, Limits limits,
            ProgressListener progress) {
        return build(g, tree, fileName, limits, progress, null);
    }

    /**
     * As {@link #build(HeapGraph, DominatorTree, String, Limits, ProgressListener)}, with the waste
     * section's array hashes from {@code waste} ({@link WasteAnalysis#prefetch}, started early so
     * that the sections before it leave their idle core to it) when not null.
     */
    public static HeapReport build(HeapGraph g, DominatorTree tree, String fileName, Limits limits,
            ProgressListener progress, WasteAnalysis.Prefetch waste) {
        HeapReport.Overview overview = overview(g, tree, fileName);
        List<HeapReport.ClassRow> histogram = histogram(g, tree, limits.classes());
        List<HeapReport.TreeNode> dominators = DominatorView.top(tree, DominatorTree.ROOT, limits.dominators(),
                limits.dominatorDepth()).stream().map(ReportBuilder::node).toList();
        List<HeapReport.SuspectRow> suspects = LeakSuspects.find(tree, 0.10, progress).stream()
                .map(s -> suspect(g, s)).toList();
        HeapReport.Leaks leaks = leaks(g, tree, progress);
        WasteReport wasted = WasteAnalysis.analyze(g, tree, progress, waste);
        List<HeapReport.ThreadRow> threads = threads(g, tree, limits);
        return new HeapReport(overview, histogram, dominators, suspects, leaks, wasted, threads);
    }

    private static HeapReport.Overview overview(HeapGraph g, DominatorTree t, String fileName) {
        GraphInfo i = g.info();
        HeapThread oom = ThreadRetention.outOfMemoryErrorThread(g);
        return new HeapReport.Overview(fileName, i.format() + " (" + i.formatDetail() + ")", i.vm(), i.idSize(),
                i.objects(), i.classes(), i.references(), i.gcRoots(), i.totalShallowSize(), t.reachableCount(),
                t.reachableSize(), t.unreachableTotalCount(), t.unreachableTotalSize(), g.heapNames(), i.partial(),
                i.warnings(), ThreadRetention.localReferences(g), oom == null ? null : oom.name());
    }

    /**
     * Reachable objects only, as every other section counts them; ordered as {@code histogram --sort retained}
     * (retained size, then name, then class index) so the two agree.
     */
    private static List<HeapReport.ClassRow> histogram(HeapGraph g, DominatorTree t, int limit) {
        List<HeapClass> classes = new ArrayList<>();
        for (HeapClass c : g.classes()) {
            if (c.instanceCount() - t.unreachableCount(c.index()) > 0) {
                classes.add(c);
            }
        }
        classes.sort(Comparator.comparingLong((HeapClass c) -> t.classRetainedSize(c.index())).reversed()
                .thenComparing(HeapClass::name).thenComparingInt(HeapClass::index));
        return classes.stream().limit(limit).map(c -> new HeapReport.ClassRow(c.name(),
                c.instanceCount() - t.unreachableCount(c.index()),
                c.shallowSizeOfInstances() - t.unreachableShallowSize(c.index()), t.classRetainedSize(c.index())))
                .toList();
    }

    private static HeapReport.TreeNode node(DominatorView.Node n) {
        return new HeapReport.TreeNode(Ids.hex(n.id()), n.className(), n.kind(), n.shallowSize(), n.retainedSize(),
                n.childCount(), n.children().stream().map(ReportBuilder::node).toList());
    }

    private static HeapReport.SuspectRow suspect(HeapGraph g, Suspect s) {
        List<HeapReport.PathStep> path = s.path() == null ? List.of() : s.path().steps().stream().map(ReportBuilder::step).toList();
        return new HeapReport.SuspectRow(s.kind(), s.className(), s.instances(), s.retainedSize(),
                Math.round(s.fraction() * 10000) / 100.0, s.description(), Ids.hex(g.id(s.accumulationPoint())),
                s.accumulationClassName(), path);
    }

    private static HeapReport.PathStep step(GcPath.Step s) {
        return new HeapReport.PathStep(Ids.hex(s.id()), s.className(), s.kind(), s.reference(), s.staticField(),
                s.rootDetail());
    }

    private static HeapReport.Leaks leaks(HeapGraph g, DominatorTree tree, ProgressListener progress) {
        LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), progress);
        List<HeapReport.LeakRow> rows = new ArrayList<>();
        for (List<Leak> group : List.of(r.applicationLeaks(), r.libraryLeaks())) {
            for (Leak leak : group) {
                LeakTrace t = leak.traces().getFirst();
                StringBuilder text = new StringBuilder();
                LeakTraceFormat.trace(text, t);
                List<HeapReport.TraceNode> nodes = t.nodes().stream().map(n -> new HeapReport.TraceNode(Ids.hex(n.id()),
                        n.className(), n.kind(), n.status().name(), n.reason(),
                        n.reference() == null ? null : n.reference().display(), n.suspect(), n.rootDetail())).toList();
                rows.add(new HeapReport.LeakRow(leak.signature(), leak.libraryMatcher() != null,
                        leak.libraryMatcher() == null ? leak.shortDescription() : leak.libraryMatcher().description(),
                        t.leakingNode().className(), Ids.hex(t.leakingNode().id()), leak.totalRetainedSize(),
                        leak.traceCount(), nodes, text.toString()));
            }
        }
        return new HeapReport.Leaks(r.finders(), r.leakingObjects(), r.withoutPath(), r.throughOther(), rows);
    }

    /** Biggest retained size first, as MAT lists them; ties by name, then serial. */
    private static List<HeapReport.ThreadRow> threads(HeapGraph g, DominatorTree tree, Limits limits) {
        List<HeapReport.ThreadRow> out = new ArrayList<>();
        List<ThreadRetention> threads = new ArrayList<>(ThreadRetention.of(tree));
        threads.sort(Comparator.comparingLong((ThreadRetention t) -> -t.retainedSize())
                .thenComparing(t -> t.thread().name()).thenComparingInt(t -> t.thread().serial()));
        for (ThreadRetention r : threads) {
            HeapThread t = r.thread();
            List<HeapReport.FrameRow> frames = new ArrayList<>();
            for (int i = 0; i < Math.min(limits.frames(), t.frames().size()); i++) {
                StackFrame f = t.frames().get(i);
                frames.add(new HeapReport.FrameRow(f.display(), locals(g, tree, f.locals(), limits), r.frameLocals()[i]));
            }
            int obj = t.objectIndex();
            out.add(new HeapReport.ThreadRow(t.name(), obj < 0 ? null : Ids.hex(g.id(obj)), r.retainedSize(),
                    frames, locals(g, tree, t.otherLocals(), limits), r.locals(), t.threwOutOfMemoryError()));
        }
        return out;
    }

    private static List<HeapReport.LocalRow> locals(HeapGraph g, DominatorTree tree, List<Integer> objects,
            Limits limits) {
        return objects.stream().distinct()
                .sorted(Comparator.comparingLong((Integer o) -> -tree.retainedSize(o)).thenComparingInt(o -> o))
                .limit(limits.localsPerFrame())
                .map(o -> new HeapReport.LocalRow(Ids.hex(g.id(o)), ObjectLabels.className(g, o), tree.retainedSize(o)))
                .toList();
    }
}
