package dev.heapwise.cli.ddm;

import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.heap.HeapStates;
import dev.heapwise.ddm.heap.HeapStatistics;
import dev.heapwise.ddm.monitor.HeapSnapshot;
import dev.heapwise.ddm.monitor.ThreadSnapshot;
import dev.heapwise.ddm.monitor.VmSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON documents of {@code heapwise monitor}, as records Jackson serialises in declaration
 * order. The snapshot's names are fixed by issue 6; do not rename them.
 */
final class MonitorJson {
    private MonitorJson() {}

    /** {@code --once --json}. */
    record Snapshot(List<Vm> vms) {}

    /** One VM; {@code ddm:false} marks a plain JDWP VM. Unknown values are null. */
    record Vm(String target, boolean ddm, Integer pid, String vmIdent, String appName, Integer debuggerPort,
              List<Thread> threads, List<Heap> heaps) {}

    record Thread(int id, String name, String status) {}

    record Heap(int id, long maxBytes, long sizeBytes, long allocatedBytes, long allocatedObjects) {}

    /** {@code --heap-bitmap VM -o FILE --json}. */
    record Bitmap(String vm, String output, int heapId, boolean nativeHeap, int unitSize, int segments,
                  long totalBytes, long usedBytes, long freeBytes, long largestFreeBlock, long freeBlocks,
                  double fragmentationIndex, List<StateBytes> byKindAndSolidity, List<FreeClass> freeBlockHistogram) {}

    record StateBytes(String kind, String solidity, long bytes) {}

    record FreeClass(long minBytes, long maxBytesExclusive, long blocks, long bytes) {}

    /** {@code --dump VM --json}. */
    record Dump(String vm, String hprof, long bytes, boolean onVm) {}

    /** {@code --gc VM --json}. */
    record Gc(String vm, boolean done) {}

    static Snapshot snapshot(List<VmSnapshot> vms) {
        List<Vm> out = new ArrayList<>();
        for (VmSnapshot v : vms) {
            List<Thread> threads = new ArrayList<>();
            for (ThreadSnapshot t : v.threads()) {
                threads.add(new Thread(t.id(), t.name(), t.status()));
            }
            List<Heap> heaps = new ArrayList<>();
            for (HeapSnapshot h : v.heaps()) {
                heaps.add(new Heap(h.id(), h.maxBytes(), h.sizeBytes(), h.allocatedBytes(), h.allocatedObjects()));
            }
            out.add(new Vm(v.target().toString(), Boolean.TRUE.equals(v.ddm()), v.pid(), v.vmIdent(), v.appName(),
                    v.debuggerPort(), threads, heaps));
        }
        return new Snapshot(out);
    }

    static Bitmap bitmap(String vm, String output, HeapBitmap b) {
        HeapStatistics s = b.statistics();
        List<StateBytes> states = new ArrayList<>();
        for (int state : s.statesPresent()) {
            states.add(new StateBytes(HeapStates.kindName(state >>> 3), HeapStates.solidityName(state & 7), s.bytesOfState(state)));
        }
        List<FreeClass> histogram = new ArrayList<>();
        for (HeapStatistics.FreeBlockClass c : s.freeBlockHistogram()) {
            histogram.add(new FreeClass(c.minBytes(), c.maxBytesExclusive(), c.blocks(), c.bytes()));
        }
        return new Bitmap(vm, output, b.heapId(), b.nativeHeap(), b.unitSize(), b.segmentCount(), s.totalBytes(),
                s.usedBytes(), s.freeBytes(), s.largestFreeBlock(), s.freeBlocks(), s.fragmentationIndex(), states, histogram);
    }
}
