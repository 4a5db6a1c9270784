package dev.heapwise.ddm.testapp;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.client.DdmClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for tests that embeds the client library. Args: port, dump directory. Prints
 * {@code PORT n}, {@code PID n}, {@code VMIDENT s}, then obeys stdin: {@code spawn NAME},
 * {@code mem}, {@code name NAME}, {@code wait}, {@code exit}. Optional args: compressAbove, allowExit. Prints {@code DBGD} when a DBGD arrives.
 */
public final class ClientApp {
    private static final List<Object> KEEP = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        boolean allowExit = args.length > 3 && Boolean.parseBoolean(args[3]);
        DdmClient client = DdmClient.builder().port(port).appName("heapwise-test-client").allowExit(allowExit)
                .heapDumpDirectory(Path.of(args[1])).threadPollInterval(java.time.Duration.ofMillis(50))
                .compressAbove(args.length > 2 ? Integer.parseInt(args[2]) : 0).build().start();
        client.registerHandler(ChunkType.DBGD, request -> {
            System.out.println("DBGD");
            return Chunk.empty(ChunkType.DBGD);
        });
        for (int i = 0; i < 1000; i++) {
            KEEP.add(new byte[1024]); // something for the heap to hold
        }
        System.out.println("PORT " + client.port());
        System.out.println("PID " + ProcessHandle.current().pid());
        System.out.println("VMIDENT " + System.getProperty("java.vm.name") + " v" + System.getProperty("java.vm.version"));
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            String[] cmd = line.trim().split(" ", 2);
            switch (cmd[0]) {
                case "spawn" -> {
                    Thread t = new Thread(() -> {
                        try {
                            Thread.sleep(Long.MAX_VALUE);
                        } catch (InterruptedException ignored) {
                            // end
                        }
                    }, cmd[1]);
                    t.setDaemon(true);
                    t.start();
                    System.out.println("SPAWNED " + cmd[1] + " " + t.threadId());
                }
                case "mem" -> {
                    MemoryUsage u = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
                    System.out.println("MEM " + u.getUsed() + " " + u.getCommitted() + " " + u.getMax());
                }
                case "wait" -> {
                    client.announceWaitingForDebugger(true);
                    System.out.println("WAITING");
                }
                case "name" -> {
                    client.setAppName(cmd[1]);
                    System.out.println("NAMED " + cmd[1]);
                }
                case "exit" -> System.exit(0);
                default -> System.out.println("UNKNOWN " + line);
            }
            System.out.flush();
        }
        System.exit(0);
    }
}
