package dev.heapwise.cli.analysis;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.StaticField;
import dev.heapwise.hprof.HprofWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An HPROF dump where a class object is held by no loader and no root, only reachable as the class
 * of its one instance {@link #INSTANCE} (a JNI global root); its static field {@code held} holds
 * {@link #HELD}, an instance of {@code demo.Thing}. {@link #GARBAGE} is unreachable.
 */
final class LonelyClassDump {
    static final long INSTANCE = 0x1000;
    static final long LONELY_CLASS = 0x2000;
    static final long HELD = 0x3000;
    static final long GARBAGE = 0x3010;

    private LonelyClassDump() {}

    static Path write(Path dir) throws IOException {
        Path file = dir.resolve("lonely.hprof");
        try (OutputStream os = Files.newOutputStream(file);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 8, 0, 1 << 20)) {
            w.string(0x500, "demo/Lonely");
            w.string(0x501, "held");
            w.string(0x502, "demo/Thing");
            w.string(0x503, "value");
            w.loadClass(1, LONELY_CLASS, 0, 0x500);
            w.loadClass(2, 0x2010, 0, 0x502);
            w.rootJniGlobal(INSTANCE, 0x1);
            w.root(0x05, 0x2010); // demo.Thing's class object is a sticky-class root
            w.classDump(LONELY_CLASS, 0, 0, 0, List.of(new StaticField("held", FieldType.OBJECT, HELD)),
                    new long[] {0x501}, List.of(), new long[0]);
            w.classDump(0x2010, 0, 0, 4, List.of(), new long[0], List.of(new FieldDef("value", FieldType.INT)),
                    new long[] {0x503});
            w.instance(INSTANCE, LONELY_CLASS, new byte[0]);
            w.instance(HELD, 0x2010, w.values(List.of(FieldType.INT), new long[] {7}));
            w.instance(GARBAGE, 0x2010, w.values(List.of(FieldType.INT), new long[] {8}));
            w.endHeapDump();
        }
        return file;
    }
}
