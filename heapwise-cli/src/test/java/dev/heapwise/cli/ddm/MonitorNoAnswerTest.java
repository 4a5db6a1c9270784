package dev.heapwise.cli.ddm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.cli.CliRun;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code monitor --once --target HOST:PORT} where nothing listens: one line on stderr and exit 2, not 0. */
class MonitorNoAnswerTest {

    @Test
    void aTargetWhereNothingListensExitsTwo() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // free now, and nothing listens once it is closed
        }
        String target = "127.0.0.1:" + port;
        for (String[] extra : new String[][] {{"--once"}, {"--once", "--json"}}) {
            String[] args = new String[] {"monitor", "--ports", "none", "--target", target, "--wait", "3000",
                    "--debug-port-base", "0", "--selected-debug-port", "0", extra[0], extra.length > 1 ? extra[1] : "-q"};
            CliRun r = CliRun.run(args);
            assertThat(r.exit()).as(String.join(" ", extra) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().lines().filter(l -> l.contains(target)).toList()).as(r.err()).hasSize(1);
            assertThat(r.err().lines().filter(l -> l.contains(target)).findFirst().orElseThrow()).startsWith("heapwise: " + target + ": ");
        }
    }
}
