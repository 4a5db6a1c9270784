/**
 * The VM side of DDM for any JVM: {@link dev.heapwise.ddm.client.DdmClient} (a JDWP listener with
 * the seed's chunk handler API and built-in handlers backed by management beans),
 * {@link dev.heapwise.ddm.client.ChunkHandler}, and {@link dev.heapwise.ddm.client.DdmAgent}
 * for use as {@code -javaagent} without code changes.
 */
package dev.heapwise.ddm.client;
