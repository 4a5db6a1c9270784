/**
 * Heap segment bitmaps: assembling HPST/HPSG/HPSO/NHSG/HPEN streams into
 * {@link dev.heapwise.ddm.heap.HeapBitmap}s, their {@link dev.heapwise.ddm.heap.HeapStatistics}
 * (free and used bytes per kind and solidity, free-block histogram, largest free block,
 * fragmentation index) and a DDMS-like PNG rendering.
 */
package dev.heapwise.ddm.heap;
