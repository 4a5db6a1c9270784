package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.internal.IndexStore;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random mutations of real dumps, with a fixed seed: the reader must either read the result or
 * reject it with a {@link DumpFormatException}; never hang, run out of memory or throw anything
 * else.
 */
class FuzzTest {
    private static final long SEED = 20261121L;

    @Test
    void mutatedDumpsAreReadOrCleanlyRejected(@TempDir Path dir) throws Exception {
        Path base = dir.resolve("base.hprof");
        new RandomHeap(3, 4, 8, 150).write(base, false, true, 256, 3);
        byte[] original = Files.readAllBytes(base);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(gz)) {
            o.write(original);
        }
        byte[] gzipped = gz.toByteArray();
        Random r = new Random(SEED);
        int[] outcome = new int[2];
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < 400; i++) {
                boolean compressed = i % 5 == 4;
                byte[] b = (compressed ? gzipped : original).clone();
                mutate(b, r);
                Path p = dir.resolve("m" + i + (compressed ? ".hprof.gz" : ".hprof"));
                Files.write(p, b);
                try (HeapGraph g = Hprof.open(p)) {
                    assertThat(g.objectCount()).isGreaterThanOrEqualTo(0);
                    for (int o = 0; o < Math.min(g.objectCount(), 50); o++) {
                        g.references(o);
                        g.fields(o);
                    }
                    outcome[0]++;
                } catch (DumpFormatException rejected) {
                    assertThat(rejected.getMessage()).startsWith(p.toString()).doesNotContain("\n");
                    outcome[1]++;
                }
                Files.delete(p);
                IndexStore.deleteTree(p.resolveSibling(p.getFileName() + ".heapwise"));
            }
        });
        assertThat(outcome[0]).as("some mutations still read").isPositive();
        assertThat(outcome[1]).as("some mutations rejected").isPositive();
    }

    private static void mutate(byte[] b, Random r) {
        int kind = r.nextInt(4);
        int n = 1 + r.nextInt(8);
        for (int k = 0; k < n; k++) {
            int at = r.nextInt(b.length);
            switch (kind) {
                case 0 -> b[at] = (byte) r.nextInt(256);
                case 1 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 2 -> b[at] = (byte) (r.nextBoolean() ? 0 : 0xFF);
                default -> {
                    int len = Math.min(4, b.length - at);
                    for (int j = 0; j < len; j++) {
                        b[at + j] = (byte) 0x7F;
                    }
                }
            }
        }
    }
}
