/**
 * The DDM server side: {@link dev.heapwise.ddm.monitor.Monitor} discovers VMs, tracks their
 * threads and heaps, runs GC and heap dump requests, and passes debuggers through.
 */
package dev.heapwise.ddm.monitor;
