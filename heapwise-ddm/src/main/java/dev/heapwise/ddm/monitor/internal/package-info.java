/** Internals of the monitor: per-VM sessions, request-id mapping, debugger links and ports. */
package dev.heapwise.ddm.monitor.internal;
