/**
 * JDWP framing: the handshake, packets, and a blocking packet reader. DDM rides on JDWP as
 * command set 0xC7, command 1.
 */
package dev.heapwise.ddm.jdwp;
