package dev.heapwise.cli.ddm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.ExitCodes;
import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.heap.HeapBitmapRenderer;
import dev.heapwise.ddm.heap.HeapStatistics;
import dev.heapwise.ddm.monitor.Monitor;
import dev.heapwise.ddm.monitor.MonitorListener;
import dev.heapwise.ddm.monitor.MonitorOptions;
import dev.heapwise.ddm.monitor.ProbeMode;
import dev.heapwise.ddm.monitor.Target;
import dev.heapwise.ddm.monitor.VmSnapshot;
import java.io.Console;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code heapwise monitor}: live VMs over DDM. Presentation only; the work is in
 * {@link dev.heapwise.ddm.monitor.Monitor}.
 */
@Command(name = "monitor", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Watches live VMs over DDM: threads, heap, GC, heap dumps, debugger pass-through.",
            "Finds Android VMs (adb forward tcp:PORT jdwp:PID), JVMs running the heapwise agent (see agent-path) "
                    + "and, listed as plain JDWP, any JVM started with -agentlib:jdwp. Without --once it shows a live "
                    + "table until Ctrl-C. Debuggers attach through the monitor: one port per VM from "
                    + "--debug-port-base, and the current VM on --selected-debug-port."})
public final class MonitorCommand implements Callable<Integer> {

    @Option(names = "--ports", paramLabel = "FIRST-LAST", defaultValue = "8000-8040",
            description = "Local ports to scan every few seconds, or none (default: ${DEFAULT-VALUE}).")
    String ports;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Host whose ports are scanned (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = {"-t", "--target"}, paramLabel = "HOST:PORT", description = "A VM to connect to; repeatable.")
    List<String> targets = new ArrayList<>();

    @Option(names = "--once", description = "Print one snapshot and exit.")
    boolean once;

    @Option(names = "--json", description = "Print exactly one JSON document (implies --once for the table).")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "No progress or warnings on stderr.")
    boolean quiet;

    @Option(names = "--wait", paramLabel = "MS", defaultValue = "3000",
            description = "How long --once and the actions wait for VMs to answer (default: ${DEFAULT-VALUE}).")
    long waitMillis;

    @Option(names = "--interval", paramLabel = "MS", defaultValue = "1000",
            description = "Refresh interval: thread status and heap info requests, table redraw (default: ${DEFAULT-VALUE}).")
    long intervalMillis;

    @Option(names = "--scan-interval", paramLabel = "MS", defaultValue = "2000",
            description = "Time between port scans (default: ${DEFAULT-VALUE}).")
    long scanIntervalMillis;

    @Option(names = "--debug-port-base", paramLabel = "PORT", defaultValue = "8600",
            description = "First per-VM debugger port; 0 picks free ports (default: ${DEFAULT-VALUE}).")
    int debugPortBase;

    @Option(names = "--selected-debug-port", paramLabel = "PORT", defaultValue = "8700",
            description = "Debugger port of the current VM; 0 picks a free port, -1 none (default: ${DEFAULT-VALUE}).")
    int selectedDebugPort;

    @Option(names = "--no-debug-ports", description = "Open no debugger ports.")
    boolean noDebugPorts;

    @Option(names = "--select", paramLabel = "VM", description = "The current VM (for the current-VM debugger port).")
    String select;

    @Option(names = "--probe", paramLabel = "MODE", defaultValue = "SAFE",
            description = "SAFE (default) asks VirtualMachine.Version before DDM, since HotSpot's JDWP agent crashes on DDM; "
                    + "HELLO_FIRST sends HELO at once (Android and DDM-only peers; it crashes a HotSpot VM).")
    ProbeMode probe;

    @Option(names = "--heap-bitmap", paramLabel = "VM", description = "Trigger a GC on VM and write its heap segment bitmap as PNG to -o.")
    String heapBitmap;

    @Option(names = "--native", description = "With --heap-bitmap: the native heap (NHSG) instead of the Java heap.")
    boolean nativeHeap;

    @Option(names = "--dump", paramLabel = "VM", description = "Dump VM's heap over the connection (HPDS) into -o and print the file's path.")
    String dump;

    @Option(names = "--dump-on-vm", paramLabel = "PATH", description = "With --dump: make the VM write PATH on its own machine (HPDU) instead.")
    String dumpOnVm;

    @Option(names = "--gc", paramLabel = "VM", description = "Run a garbage collection on VM (HPGC).")
    String gc;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Output file of --heap-bitmap (PNG) or --dump (HPROF).")
    Path output;

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public Integer call() throws Exception {
        validate();
        MonitorOptions options = options();
        PrintStream err = System.err;
        MonitorListener listener = new MonitorListener() {
            @Override
            public void problem(Target target, String message) {
                if (!quiet) {
                    err.println("heapwise: " + (target == null ? "" : target + ": ") + message);
                }
            }
        };
        try (Monitor monitor = Monitor.start(options, listener)) {
            if (select != null) {
                selectWhenSeen(monitor);
            }
            if (heapBitmap != null) {
                return heapBitmap(monitor);
            }
            if (dump != null) {
                return dump(monitor);
            }
            if (gc != null) {
                return gc(monitor);
            }
            if (once || json) {
                monitor.awaitSettled(Duration.ofMillis(waitMillis));
                printSnapshot(monitor.vms());
                // A target the user named that did not connect: say why, on stderr (scanned ports stay quiet),
                // and exit 2, as for any input that does not answer.
                Map<Target, String> problems = monitor.problems();
                problems.forEach((t, why) -> System.err.println("heapwise: " + t + ": " + why));
                return problems.isEmpty() ? 0 : ExitCodes.BAD_INPUT;
            }
            return live(monitor);
        }
    }

    private void validate() {
        int actions = (heapBitmap != null ? 1 : 0) + (dump != null ? 1 : 0) + (gc != null ? 1 : 0);
        if (actions > 1) {
            throw new BadInputException("--heap-bitmap, --dump and --gc exclude each other");
        }
        if (heapBitmap != null && output == null) {
            throw new BadInputException("--heap-bitmap needs -o FILE.png");
        }
        if (output != null) {
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new BadInputException("-o " + output + ": the directory " + parent + " does not exist");
            }
        }
        if (dumpOnVm != null && dump == null) {
            throw new BadInputException("--dump-on-vm goes with --dump VM");
        }
        if (nativeHeap && heapBitmap == null) {
            throw new BadInputException("--native goes with --heap-bitmap VM");
        }
        if (waitMillis < 0 || intervalMillis < 50 || scanIntervalMillis < 50) {
            throw new BadInputException("--wait must be >= 0, --interval and --scan-interval >= 50 ms");
        }
        if (debugPortBase < 0 || debugPortBase > 65535 || selectedDebugPort < -1 || selectedDebugPort > 65535) {
            throw new BadInputException("--debug-port-base must be 0..65535 and --selected-debug-port -1..65535");
        }
    }

    private MonitorOptions options() {
        MonitorOptions.Builder b = MonitorOptions.builder().scanHost(host).probe(probe)
                .pollInterval(Duration.ofMillis(intervalMillis)).scanInterval(Duration.ofMillis(scanIntervalMillis));
        PortRange range = PortRange.parse(ports);
        if (range.none()) {
            b.noScan();
        } else {
            b.scanPorts(range.first(), range.last());
        }
        for (String t : targets) {
            try {
                b.target(Target.parse(t));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--target " + t + ": " + e.getMessage());
            }
        }
        if (range.none() && targets.isEmpty()) {
            throw new BadInputException("--ports none needs at least one --target HOST:PORT");
        }
        if (noDebugPorts) {
            b.noDebuggerPorts();
        } else {
            b.debuggerPorts(debugPortBase, selectedDebugPort);
        }
        return b.build();
    }

    // ------------------------------------------------------------------ actions

    private int heapBitmap(Monitor monitor) throws Exception {
        VmSnapshot vm = findDdmVm(monitor, heapBitmap);
        progress("collecting garbage and reading the heap segments of " + vm.target() + " ...");
        HeapBitmap bitmap = await(monitor.heapBitmap(vm.target(), nativeHeap), 60_000, "heap segments");
        String title = "heapwise monitor: " + vm.target() + (vm.appName() != null ? " " + vm.appName() : "")
                + (vm.pid() != null ? " (pid " + vm.pid() + ")" : "");
        try (OutputStream out = Files.newOutputStream(output)) {
            new HeapBitmapRenderer().writePng(bitmap, title, out);
        }
        String path = output.toAbsolutePath().toString();
        if (json) {
            print(MonitorJson.bitmap(vm.target().toString(), path, bitmap));
        } else {
            HeapStatistics s = bitmap.statistics();
            System.out.printf(Locale.ROOT, "%s: heap %d%s, %s in %d segment(s): %s used, %s free, largest free block %s, "
                            + "fragmentation %.2f%n", vm.target(), bitmap.heapId(), bitmap.nativeHeap() ? " (native)" : "",
                    MonitorTable.size(s.totalBytes()), bitmap.segmentCount(), MonitorTable.size(s.usedBytes()),
                    MonitorTable.size(s.freeBytes()), MonitorTable.size(s.largestFreeBlock()), s.fragmentationIndex());
            System.out.println(path);
        }
        return 0;
    }

    private int dump(Monitor monitor) throws Exception {
        VmSnapshot vm = findDdmVm(monitor, dump);
        if (dumpOnVm != null) {
            progress("asking " + vm.target() + " to write " + dumpOnVm + " ...");
            String written = await(monitor.dumpHeapOnVm(vm.target(), dumpOnVm), monitor.options().dumpTimeout().toMillis(), "heap dump");
            if (json) {
                print(new MonitorJson.Dump(vm.target().toString(), written, -1, true));
            } else {
                System.out.println(written);
            }
            return 0;
        }
        Path out = output != null ? output : Path.of(defaultDumpName(vm));
        progress("dumping the heap of " + vm.target() + " ...");
        Path written = await(monitor.dumpHeap(vm.target(), out), monitor.options().dumpTimeout().toMillis(), "heap dump");
        if (json) {
            print(new MonitorJson.Dump(vm.target().toString(), written.toString(), Files.size(written), false));
        } else {
            System.out.println(written);
        }
        return 0;
    }

    private int gc(Monitor monitor) throws Exception {
        VmSnapshot vm = findDdmVm(monitor, gc);
        await(monitor.gc(vm.target()), 60_000, "GC");
        if (json) {
            print(new MonitorJson.Gc(vm.target().toString(), true));
        } else {
            System.out.println(vm.target() + ": garbage collected");
        }
        return 0;
    }

    private VmSnapshot findDdmVm(Monitor monitor, String spec) throws InterruptedException {
        long deadline = System.currentTimeMillis() + Math.max(waitMillis, 500);
        Optional<VmSnapshot> vm = Optional.empty();
        while (System.currentTimeMillis() < deadline) {
            vm = VmMatcher.match(spec, monitor.vms());
            if (vm.isPresent() && vm.get().ddm() != null && (!vm.get().ddm() || !vm.get().heaps().isEmpty())) {
                break;
            }
            Thread.sleep(50);
        }
        if (vm.isEmpty()) {
            throw new BadInputException("no VM matches \"" + spec + "\" (found: " + describe(monitor.vms()) + ")");
        }
        if (!Boolean.TRUE.equals(vm.get().ddm())) {
            throw new BadInputException(vm.get().target() + " is a plain JDWP VM (no DDM); it cannot do that");
        }
        return vm.get();
    }

    private void selectWhenSeen(Monitor monitor) throws InterruptedException {
        long deadline = System.currentTimeMillis() + Math.max(waitMillis, 500);
        while (System.currentTimeMillis() < deadline) {
            Optional<VmSnapshot> vm = VmMatcher.match(select, monitor.vms());
            if (vm.isPresent()) {
                monitor.select(vm.get().target());
                return;
            }
            Thread.sleep(50);
        }
        throw new BadInputException("--select: no VM matches \"" + select + "\" (found: " + describe(monitor.vms()) + ")");
    }

    private static String describe(List<VmSnapshot> vms) {
        if (vms.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        for (VmSnapshot v : vms) {
            parts.add(v.target() + (v.appName() != null ? " " + v.appName() : "") + (v.pid() != null ? " pid " + v.pid() : ""));
        }
        return String.join(", ", parts);
    }

    private static String defaultDumpName(VmSnapshot vm) {
        String base = vm.appName() != null ? vm.appName().replaceAll("[^A-Za-z0-9._-]", "_") : "vm";
        return base + "-" + (vm.pid() != null ? vm.pid() + "-" : "")
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".hprof";
    }

    private static <T> T await(CompletableFuture<T> f, long millis, String what) throws Exception {
        try {
            return f.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(what + " did not finish within " + millis + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException || cause instanceof IllegalStateException) {
                throw new BadInputException(cause.getMessage());
            }
            throw cause instanceof Exception ex ? ex : e;
        }
    }

    // ------------------------------------------------------------------ table

    private void printSnapshot(List<VmSnapshot> vms) throws IOException {
        if (json) {
            print(MonitorJson.snapshot(vms));
        } else {
            System.out.print(MonitorTable.render(vms, header()));
        }
    }

    private int live(Monitor monitor) throws InterruptedException {
        monitor.awaitSettled(Duration.ofMillis(Math.min(waitMillis, 1500))); // a first frame with VMs in it
        Console console = System.console();
        boolean terminal = console != null && console.isTerminal();
        while (true) {
            String table = MonitorTable.render(monitor.vms(), header() + (monitor.selectedDebuggerPort() > 0
                    ? "  current-VM debugger port " + monitor.selectedDebuggerPort() : ""));
            if (terminal) {
                System.out.print("\033[H\033[2J" + table); // redraw in place
            } else {
                System.out.println(table);
            }
            System.out.flush();
            Thread.sleep(terminal ? intervalMillis : Math.max(intervalMillis, 5000));
        }
    }

    private String header() {
        PortRange range = PortRange.parse(ports);
        return "heapwise monitor: " + (range.none() ? "" : "scanning " + host + ":" + range)
                + (targets.isEmpty() ? "" : (range.none() ? "" : ", ") + "targets " + String.join(" ", targets));
    }

    private void progress(String message) {
        Console console = System.console();
        if (!quiet && console != null && console.isTerminal()) {
            System.err.println("heapwise: " + message);
        }
    }

    private void print(Object document) throws IOException {
        System.out.println(mapper.writeValueAsString(document));
    }
}
