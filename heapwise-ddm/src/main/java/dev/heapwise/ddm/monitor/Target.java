package dev.heapwise.ddm.monitor;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;

/** Where a VM's JDWP port is: {@code host:port}. Immutable. */
public record Target(String host, int port) implements Comparable<Target> {
    public Target {
        Objects.requireNonNull(host);
        if (host.isBlank()) {
            throw new IllegalArgumentException("empty host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is outside 1..65535");
        }
    }

    /** Parses {@code host:port}, {@code [v6]:port} or a bare port (meaning 127.0.0.1). */
    public static Target parse(String text) {
        String s = text.trim();
        int colon = s.lastIndexOf(':');
        String host = "127.0.0.1";
        String port = s;
        if (colon >= 0) {
            host = s.substring(0, colon);
            port = s.substring(colon + 1);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
        }
        try {
            return new Target(host, Integer.parseInt(port));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not host:port");
        }
    }

    /** True when the host is this machine's loopback address. Resolves the name (may do I/O). */
    public boolean isLoopback() {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    @Override
    public int compareTo(Target o) {
        int c = host.compareTo(o.host);
        return c != 0 ? c : Integer.compare(port, o.port);
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
