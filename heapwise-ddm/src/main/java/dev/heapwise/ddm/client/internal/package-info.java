/** Internals of the VM-side client: the connection loop and the built-in handlers. */
package dev.heapwise.ddm.client.internal;
