package dev.heapwise.cli.walker;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.hprof.HprofWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The small HPROF dump of docs/walker.md's worked example, written with {@link HprofWriter}:
 * <pre>
 * thread "main" (0x1000, java.lang.Thread)  target -> a;  its frame 0 holds b
 * a 0x1010 demo.Node: next=b  other=null  owner=a (itself)      JNI global root
 * b 0x1020 demo.Node: next=c  other=a     owner=null
 * c 0x1030 demo.Node: next=null other=arr owner=b
 * arr 0x1040 Object[]: [a, null, c, 0x9990 (no such object)]
 * lost 0x1050 demo.Node: next=b (no root reaches it)
 * </pre>
 * demo.Node extends demo.Base, which declares {@code owner}; classes are 0x2000 and up. With
 * {@code weird}, two more classes with a quote, a backslash and a line break in their names.
 */
final class TinyDump {
    private TinyDump() {}

    static Path write(Path dir, boolean weird) throws IOException {
        Path file = dir.resolve(weird ? "weird.hprof" : "tiny.hprof");
        try (OutputStream os = Files.newOutputStream(file);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 8, 0, 1 << 16)) {
            String[] strings = {"demo/Base", "demo/Node", "java/lang/Thread", "[Ljava/lang/Object;", "owner", "next",
                "value", "other", "target", "main", "run", "()V", "Main.java", "we\"ird\\Name", "f\"i\\eld\nx"};
            for (int i = 0; i < strings.length; i++) {
                w.string(0x500 + i, strings[i]);
            }
            w.loadClass(1, 0x2000, 0, 0x500);
            w.loadClass(2, 0x2010, 0, 0x501);
            w.loadClass(3, 0x2020, 0, 0x502);
            w.loadClass(4, 0x2030, 0, 0x503);
            if (weird) {
                w.loadClass(5, 0x2040, 0, 0x50D);
            }
            w.frame(0x700, 0x50A, 0x50B, 0x50C, 2, 7);
            w.trace(9, 1, new long[] {0x700});
            w.startThread(1, 0x1000, 9, 0x509, 0, 0);
            w.root(0x08, 0x1000, 1, 9);
            w.root(0x03, 0x1020, 1, 0);
            w.rootJniGlobal(0x1010, 0x1);
            w.classDump(0x2000, 0, 0, 8, List.of(), new long[0], List.of(new FieldDef("owner", FieldType.OBJECT)),
                    new long[] {0x504});
            List<FieldDef> node = List.of(new FieldDef("next", FieldType.OBJECT), new FieldDef("value", FieldType.INT),
                    new FieldDef("other", FieldType.OBJECT));
            w.classDump(0x2010, 0x2000, 0, 28, List.of(), new long[0], node, new long[] {0x505, 0x506, 0x507});
            w.classDump(0x2020, 0, 0, 8, List.of(), new long[0], List.of(new FieldDef("target", FieldType.OBJECT)),
                    new long[] {0x508});
            w.classDump(0x2030, 0, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            if (weird) {
                w.classDump(0x2040, 0, 0, 8, List.of(), new long[0], List.of(new FieldDef("f\"i\\eld\nx", FieldType.OBJECT)),
                        new long[] {0x50E});
            }
            List<FieldType> nodeTypes = List.of(FieldType.OBJECT, FieldType.INT, FieldType.OBJECT, FieldType.OBJECT);
            w.instance(0x1000, 0x2020, w.values(List.of(FieldType.OBJECT), new long[] {0x1010}));
            w.instance(0x1010, 0x2010, w.values(nodeTypes, new long[] {0x1020, 1, 0, 0x1010}));
            w.instance(0x1020, 0x2010, w.values(nodeTypes, new long[] {0x1030, 2, 0x1010, 0}));
            w.instance(0x1030, 0x2010, w.values(nodeTypes, new long[] {0, 3, 0x1040, 0x1020}));
            w.objectArray(0x1040, 0x2030, new long[] {0x1010, 0, 0x1030, 0x9990});
            w.instance(0x1050, 0x2010, w.values(nodeTypes, new long[] {0x1020, 4, 0, 0}));
            if (weird) {
                w.instance(0x1060, 0x2040, w.values(List.of(FieldType.OBJECT), new long[] {0x1060}));
            }
            w.endHeapDump();
        }
        return file;
    }
}
