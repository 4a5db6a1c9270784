package dev.heapwise.cli.analysis;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.hprof.HprofWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An HPROF dump holding one singly linked list of {@code demo.Link} objects, ids {@link #HEAD},
 * {@code HEAD + 0x10}, ..., the head held by a JNI global root: a dominator tree and a merged path
 * tree as deep as the list is long.
 */
final class ChainDump {
    static final long HEAD = 0x10000;

    private ChainDump() {}

    static Path write(Path dir, int length) throws IOException {
        Path file = dir.resolve("chain.hprof");
        try (OutputStream os = Files.newOutputStream(file);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 8, 0, 1 << 20)) {
            w.string(0x500, "demo/Link");
            w.string(0x501, "next");
            w.loadClass(1, 0x2000, 0, 0x500);
            w.rootJniGlobal(HEAD, 0x1);
            w.classDump(0x2000, 0, 0, 8, List.of(), new long[0], List.of(new FieldDef("next", FieldType.OBJECT)),
                    new long[] {0x501});
            for (int i = 0; i < length; i++) {
                long next = i + 1 < length ? HEAD + 0x10L * (i + 1) : 0;
                w.instance(HEAD + 0x10L * i, 0x2000, w.values(List.of(FieldType.OBJECT), new long[] {next}));
            }
            w.endHeapDump();
        }
        return file;
    }
}
