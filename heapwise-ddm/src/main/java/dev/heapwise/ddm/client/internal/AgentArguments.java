package dev.heapwise.ddm.client.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Locale;

/** The Java agent's option string, {@code key=value} pairs separated by commas. Immutable. */
public record AgentArguments(int firstPort, int lastPort, InetAddress host, String name, boolean allowExit,
                             Path dumpDirectory, boolean live, int compressAbove, boolean quiet) {
    /** Where the monitor looks by default. */
    public static final int SCAN_FIRST = 8000;
    public static final int SCAN_LAST = 8040;

    /** Parses; null or empty means all defaults. */
    public static AgentArguments parse(String args) {
        int first = SCAN_FIRST;
        int last = SCAN_LAST;
        InetAddress host = InetAddress.getLoopbackAddress();
        String name = null;
        boolean allowExit = false;
        Path dumpDir = null;
        boolean live = true;
        int compress = 0;
        boolean quiet = false;
        if (args != null && !args.isBlank()) {
            for (String part : args.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("option \"" + part + "\" is not key=value");
                }
                String key = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                String value = part.substring(eq + 1).trim();
                switch (key) {
                    case "port" -> {
                        if (!value.equalsIgnoreCase("auto")) {
                            first = last = intValue(key, value, 0, 65535);
                        }
                    }
                    case "host" -> host = address(value);
                    case "name" -> name = value;
                    case "allowexit" -> allowExit = bool(key, value);
                    case "dumpdir" -> dumpDir = Path.of(value);
                    case "live" -> live = bool(key, value);
                    case "compressabove" -> compress = intValue(key, value, 0, Integer.MAX_VALUE);
                    case "quiet" -> quiet = bool(key, value);
                    default -> throw new IllegalArgumentException("unknown option \"" + key
                            + "\" (known: port, host, name, allowExit, dumpDir, live, compressAbove, quiet)");
                }
            }
        }
        return new AgentArguments(first, last, host, name, allowExit, dumpDir, live, compress, quiet);
    }

    public int[] candidatePorts() {
        int[] ports = new int[lastPort - firstPort + 1];
        for (int i = 0; i < ports.length; i++) {
            ports[i] = firstPort + i;
        }
        return ports;
    }

    public String portsDescription() {
        return firstPort == lastPort ? String.valueOf(firstPort) : firstPort + "-" + lastPort;
    }

    private static int intValue(String key, String value, int min, int max) {
        try {
            int v = Integer.parseInt(value);
            if (v < min || v > max) {
                throw new IllegalArgumentException(key + "=" + value + " is outside " + min + ".." + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + value + " is not a number");
        }
    }

    private static boolean bool(String key, String value) {
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(key + "=" + value + " is not true or false");
    }

    private static InetAddress address(String value) {
        try {
            return InetAddress.getByName(value);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("host=" + value + " is not a known address");
        }
    }
}
