/**
 * The Dalvik Debug Monitor (DDM) protocol on top of JDWP, for monitoring live VMs.
 *
 * <ul>
 *   <li>{@link dev.heapwise.ddm.Chunk} and {@link dev.heapwise.ddm.ChunkType}: the unit of DDM traffic.</li>
 *   <li>{@code dev.heapwise.ddm.jdwp}: the JDWP handshake and packets that carry chunks.</li>
 *   <li>{@code dev.heapwise.ddm.codec}: every chunk's payload as a typed message, both ways,
 *       plus ZLIB and the allocation-record (REAL) payload.</li>
 *   <li>{@code dev.heapwise.ddm.heap}: heap segment bitmaps, their statistics and a PNG rendering.</li>
 *   <li>{@code dev.heapwise.ddm.monitor}: the server side (discovery, per-VM sessions, debugger pass-through).</li>
 *   <li>{@code dev.heapwise.ddm.client}: the VM side (chunk handlers, a JDWP listener, a Java agent).</li>
 * </ul>
 *
 * <p>This module has no dependencies beyond the JDK, because its jar doubles as a Java agent.
 */
package dev.heapwise.ddm;
