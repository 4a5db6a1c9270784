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
        HeapReport.Overview overview = overview(g, tree, fileName);
        List<HeapReport.ClassRow> histogram = histogram(g, tree, limits.classes());
        List<HeapReport.TreeNode> dominators = DominatorView.top(tree, DominatorTree.ROOT, limits.dominators(),
                limits.dominatorDepth()).stream().map(ReportBuilder::node).toList();
        List<HeapReport.SuspectRow> suspects = LeakSuspects.find(tree, 0.10, progress).stream()
                .map(s -> suspect(g, s)).toList();
        HeapReport.Leaks leaks = leaks(g, tree, progress);
        WasteReport waste = WasteAnalysis.analyze(g, tree, progress);
        List<HeapReport.ThreadRow> threads = threads(g, tree, limits);
        return new HeapReport(overview, histogram, dominators, suspects, leaks, waste, threads);
    }

    private static HeapReport.Overview overview(HeapGraph g, DominatorTree t, String fileName) {
        GraphInfo i = g.info();
        return new HeapReport.Overview(fileName, i.format() + " (" + i.formatDetail() + ")", i.vm(), i.idSize(),
                i.objects(), i.classes(), i.references(), i.gcRoots(), i.totalShallowSize(), t.reachableCount(),
                t.reachableSize(), t.unreachableTotalCount(), t.unreachableTotalSize(), g.heapNames(), i.partial(),
                i.warnings());
    }

    private static List<HeapReport.ClassRow> histogram(HeapGraph g, DominatorTree t, int limit) {
        List<HeapReport.ClassRow> rows = new ArrayList<>();
        for (HeapClass c : g.classes()) {
            if (c.instanceCount() > 0) {
                rows.add(new HeapReport.ClassRow(c.name(), c.instanceCount(), c.shallowSizeOfInstances(),
                        t.classRetainedSize(c.index())));
            }
        }
        rows.sort(Comparator.comparingLong(HeapReport.ClassRow::retainedSize).reversed()
                .thenComparing(Comparator.comparingLong(HeapReport.ClassRow::shallowSize).reversed())
                .thenComparing(HeapReport.ClassRow::name));
        return List.copyOf(rows.subList(0, Math.min(limit, rows.size())));
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
        return new HeapReport.PathStep(Ids.hex(s.id()), s.className(), s.kind(), s.reference(), s.rootDetail());
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
                        leak.traces().size(), nodes, text.toString()));
            }
        }
        return new HeapReport.Leaks(r.finders(), r.leakingObjects(), r.withoutPath(), rows);
    }

    private static List<HeapReport.ThreadRow> threads(HeapGraph g, DominatorTree tree, Limits limits) {
        List<HeapReport.ThreadRow> out = new ArrayList<>();
        List<HeapThread> threads = new ArrayList<>(g.threads());
        threads.sort(Comparator.comparing(HeapThread::name).thenComparingInt(HeapThread::serial));
        for (HeapThread t : threads) {
            List<HeapReport.FrameRow> frames = new ArrayList<>();
            for (StackFrame f : t.frames().subList(0, Math.min(limits.frames(), t.frames().size()))) {
                List<HeapReport.LocalRow> locals = f.locals().stream().distinct()
                        .sorted(Comparator.comparingLong((Integer o) -> -tree.retainedSize(o)).thenComparingInt(o -> o))
                        .limit(limits.localsPerFrame())
                        .map(o -> new HeapReport.LocalRow(Ids.hex(g.id(o)), ObjectLabels.className(g, o), tree.retainedSize(o)))
                        .toList();
                frames.add(new HeapReport.FrameRow(f.display(), locals));
            }
            int obj = t.objectIndex();
            out.add(new HeapReport.ThreadRow(t.name(), obj < 0 ? null : Ids.hex(g.id(obj)),
                    obj < 0 ? 0 : tree.retainedSize(obj), frames));
        }
        return out;
    }
}
