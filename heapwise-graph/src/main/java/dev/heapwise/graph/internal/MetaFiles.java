package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StackFrame;
import dev.heapwise.graph.StaticField;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The small, per-class and per-root parts of an index, in a plain binary form read whole at open:
 * classes (names, fields, statics, histogram), GC roots and threads.
 */
public final class MetaFiles {
    private static final int CLASSES_MAGIC = 0x48574331; // HWC1
    private static final int ROOTS_MAGIC = 0x48575231;   // HWR1
    private static final int THREADS_MAGIC = 0x48575431; // HWT1

    private MetaFiles() {}

    /** A class as stored: the public view plus what only the graph needs. */
    public record StoredClass(HeapClass heapClass, long signersId, long protectionDomainId, long[] constantPoolRefs,
            long classObjectSize) {}

    public static void writeClasses(Path file, List<StoredClass> classes) throws IOException {
        try (DataOutputStream out = open(file)) {
            out.writeInt(CLASSES_MAGIC);
            out.writeInt(classes.size());
            for (StoredClass sc : classes) {
                HeapClass c = sc.heapClass();
                writeString(out, c.name());
                out.writeLong(c.classObjectId());
                out.writeInt(c.objectIndex());
                out.writeInt(c.superIndex());
                out.writeLong(c.loaderId());
                out.writeLong(sc.signersId());
                out.writeLong(sc.protectionDomainId());
                out.writeByte(c.shape().ordinal());
                out.writeByte(c.elementType() == null ? 0 : c.elementType().code());
                out.writeLong(c.instanceSize());
                out.writeLong(c.instanceCount());
                out.writeLong(c.shallowSizeOfInstances());
                out.writeLong(sc.classObjectSize());
                out.writeInt(c.fields().size());
                for (FieldDef f : c.fields()) {
                    writeString(out, f.name());
                    out.writeByte(f.type().code());
                }
                out.writeInt(c.statics().size());
                for (StaticField f : c.statics()) {
                    writeString(out, f.name());
                    out.writeByte(f.type().code());
                    out.writeLong(f.raw());
                }
                out.writeInt(sc.constantPoolRefs().length);
                for (long id : sc.constantPoolRefs()) {
                    out.writeLong(id);
                }
            }
        }
    }

    public static List<StoredClass> readClasses(Path file) throws IOException {
        try (DataInputStream in = read(file)) {
            check(in.readInt(), CLASSES_MAGIC, file);
            int count = in.readInt();
            List<StoredClass> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                String name = readString(in);
                long classObjectId = in.readLong();
                int objectIndex = in.readInt();
                int superIndex = in.readInt();
                long loaderId = in.readLong();
                long signers = in.readLong();
                long pd = in.readLong();
                HeapClass.Shape shape = HeapClass.Shape.values()[in.readByte()];
                int elem = in.readByte();
                long instanceSize = in.readLong();
                long instanceCount = in.readLong();
                long shallow = in.readLong();
                long classObjectSize = in.readLong();
                int nf = in.readInt();
                List<FieldDef> fields = new ArrayList<>(nf);
                for (int f = 0; f < nf; f++) {
                    fields.add(new FieldDef(readString(in), FieldType.ofCode(in.readByte())));
                }
                int ns = in.readInt();
                List<StaticField> statics = new ArrayList<>(ns);
                for (int f = 0; f < ns; f++) {
                    statics.add(new StaticField(readString(in), FieldType.ofCode(in.readByte()), in.readLong()));
                }
                long[] cp = new long[in.readInt()];
                for (int k = 0; k < cp.length; k++) {
                    cp[k] = in.readLong();
                }
                HeapClass hc = new HeapClass(i, name, classObjectId, objectIndex, superIndex, loaderId, shape,
                        elem == 0 ? null : FieldType.ofCode(elem), fields, statics, instanceSize, instanceCount, shallow);
                out.add(new StoredClass(hc, signers, pd, cp, classObjectSize));
            }
            return out;
        }
    }

    public static void writeRoots(Path file, RootColumns roots) throws IOException {
        try (DataOutputStream out = open(file)) {
            out.writeInt(ROOTS_MAGIC);
            out.writeInt(roots.size());
            for (int i = 0; i < roots.size(); i++) {
                out.writeInt(roots.object(i));
                out.writeByte(roots.kind(i).ordinal());
                out.writeInt(roots.thread(i));
                out.writeInt(roots.frame(i));
            }
        }
    }

    public static RootColumns readRoots(Path file) throws IOException {
        try (DataInputStream in = read(file)) {
            check(in.readInt(), ROOTS_MAGIC, file);
            int count = in.readInt();
            RootColumns out = new RootColumns(count);
            RootKind[] kinds = RootKind.values();
            for (int i = 0; i < count; i++) {
                out.add(in.readInt(), kinds[in.readByte()], in.readInt(), in.readInt());
            }
            return out;
        }
    }

    public static void writeThreads(Path file, List<HeapThread> threads) throws IOException {
        try (DataOutputStream out = open(file)) {
            out.writeInt(THREADS_MAGIC);
            out.writeInt(threads.size());
            for (HeapThread t : threads) {
                out.writeInt(t.serial());
                out.writeInt(t.objectIndex());
                writeString(out, t.name());
                out.writeInt(t.frames().size());
                for (StackFrame f : t.frames()) {
                    writeString(out, f.className());
                    writeString(out, f.method());
                    writeString(out, f.signature());
                    writeString(out, f.sourceFile());
                    out.writeInt(f.line());
                    writeInts(out, f.locals());
                }
                writeInts(out, t.otherLocals());
            }
        }
    }

    public static List<HeapThread> readThreads(Path file) throws IOException {
        try (DataInputStream in = read(file)) {
            check(in.readInt(), THREADS_MAGIC, file);
            int count = in.readInt();
            List<HeapThread> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int serial = in.readInt();
                int object = in.readInt();
                String name = readString(in);
                int nf = in.readInt();
                List<StackFrame> frames = new ArrayList<>(nf);
                for (int f = 0; f < nf; f++) {
                    frames.add(new StackFrame(readString(in), readString(in), readString(in), readString(in), in.readInt(),
                            readInts(in)));
                }
                out.add(new HeapThread(serial, object, name, frames, readInts(in)));
            }
            return out;
        }
    }

    private static final int STRINGS_MAGIC = 0x48575331; // HWS1

    public static void writeStrings(Path file, List<String> strings) throws IOException {
        try (DataOutputStream out = open(file)) {
            out.writeInt(STRINGS_MAGIC);
            out.writeInt(strings.size());
            for (String s : strings) {
                writeString(out, s);
            }
        }
    }

    public static List<String> readStrings(Path file) throws IOException {
        try (DataInputStream in = read(file)) {
            check(in.readInt(), STRINGS_MAGIC, file);
            int n = in.readInt();
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(readString(in));
            }
            return out;
        }
    }

    private static DataOutputStream open(Path file) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }

    private static DataInputStream read(Path file) throws IOException {
        return new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
    }

    private static void check(int magic, int expected, Path file) {
        if (magic != expected) {
            throw new IndexCorruptException(file + ": unexpected file type");
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int len = in.readInt();
        if (len < 0 || len > (1 << 26)) {
            throw new IndexCorruptException("string length " + len + " out of range");
        }
        return new String(in.readNBytes(len), StandardCharsets.UTF_8);
    }

    private static void writeInts(DataOutputStream out, List<Integer> values) throws IOException {
        out.writeInt(values.size());
        for (int v : values) {
            out.writeInt(v);
        }
    }

    private static List<Integer> readInts(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(in.readInt());
        }
        return out;
    }
}
