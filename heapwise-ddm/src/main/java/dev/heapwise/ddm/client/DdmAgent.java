package dev.heapwise.ddm.client;

import dev.heapwise.ddm.client.internal.AgentArguments;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.net.BindException;

/**
 * The client library as a Java agent, so an application needs no code change:
 *
 * <pre>
 * java -javaagent:/path/to/heapwise-ddm.jar=port=8001,name=my-app -jar app.jar
 * </pre>
 *
 * Options, comma separated: {@code port=N} (default {@code auto}: the first free port of
 * 8000-8040, where the monitor scans), {@code name=APP}, {@code host=ADDRESS} (default 127.0.0.1),
 * {@code allowExit=true}, {@code dumpDir=DIR}, {@code live=false}, {@code compressAbove=BYTES},
 * {@code quiet=true}. Also loadable into a running JVM ({@code agentmain}).
 *
 * <p>Prints one line on stderr naming the port, unless {@code quiet=true}. A bad option or a busy
 * port is reported on stderr and the application runs on without the agent.
 */
public final class DdmAgent {
    private static volatile DdmClient client;

    private DdmAgent() {}

    public static void premain(String args, Instrumentation inst) {
        start(args);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args);
    }

    /** The client the agent started, or null. */
    public static DdmClient client() {
        return client;
    }

    static synchronized void start(String args) {
        if (client != null) {
            return;
        }
        AgentArguments parsed;
        try {
            parsed = AgentArguments.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("heapwise-ddm agent: " + e.getMessage() + "; not started");
            return;
        }
        for (int port : parsed.candidatePorts()) {
            DdmClient.Builder b = DdmClient.builder().port(port).bindAddress(parsed.host())
                    .allowExit(parsed.allowExit()).liveObjectsOnly(parsed.live()).compressAbove(parsed.compressAbove());
            if (parsed.name() != null) {
                b.appName(parsed.name());
            }
            if (parsed.dumpDirectory() != null) {
                b.heapDumpDirectory(parsed.dumpDirectory());
            }
            DdmClient c = b.build();
            try {
                c.start();
                client = c;
                if (!parsed.quiet()) {
                    System.err.println("heapwise-ddm agent: DDM on " + parsed.host().getHostAddress() + ":" + c.port());
                }
                return;
            } catch (BindException busy) {
                c.close();
            } catch (IOException e) {
                c.close();
                System.err.println("heapwise-ddm agent: cannot listen on port " + port + ": " + e.getMessage());
                return;
            }
        }
        System.err.println("heapwise-ddm agent: no free port among " + parsed.portsDescription() + "; not started");
    }
}
