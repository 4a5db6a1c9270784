package dev.heapwise.hprof.internal;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.build.ClassDef;
import dev.heapwise.graph.build.GraphBuilder;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.graph.internal.LongIntMap;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an HPROF dump once, front to back, and tells a {@link GraphBuilder} what it finds: the
 * header, every top-level record and every heap-dump sub-record of HotSpot (1.0.1, 1.0.2) and
 * Android (1.0.3) dumps. Object bodies are skipped; the graph reads them back later by position.
 *
 * <p>Errors name the file, the byte offset of the record or sub-record at fault, and what is
 * wrong. With salvage, a dump cut short is read up to the last complete record instead.
 */
public final class HprofParser {
    /** Longest symbol accepted; a corrupt length must not make the reader allocate gigabytes. */
    private static final long MAX_STRING = 16 << 20;
    private static final long MAX_FRAMES = 1 << 20;

    private final RecordInput in;
    private final GraphBuilder builder;
    private final boolean salvage;
    private final ProgressListener progress;
    private final StringTable strings = new StringTable();
    private final LongIntMap classSerials = new LongIntMap(1024);
    private final List<long[]> classSerialIds = new ArrayList<>();
    private final List<RawFrame> frames = new ArrayList<>();
    private final Map<Integer, RawThread> threads = new LinkedHashMap<>();
    private final Map<Long, String> heapNamesById = new HashMap<>();
    private HprofHeader header;
    private boolean sawSegments;
    private boolean sawEnd;
    private boolean sawHeapDump;
    private long records;

    private record RawFrame(long id, long method, long signature, long source, int classSerial, int line) {}

    private static final class RawThread {
        int serial;
        long objectId;
        int traceSerial = -1;
        long nameId;
    }

    public HprofParser(RecordInput in, GraphBuilder builder, boolean salvage, ProgressListener progress) {
        this.in = in;
        this.builder = builder;
        this.salvage = salvage;
        this.progress = progress;
    }

    /** Reads the header; needed before the builder can be created (it gives the id size). */
    public static HprofHeader readHeader(RecordInput in) throws IOException {
        return HprofHeader.read(in);
    }

    public void header(HprofHeader header) {
        this.header = header;
        in.idSize(header.idSize());
    }

    /** Reads every record after the header. */
    public void parse() throws IOException {
        long fileSize = in.source().fileSize();
        boolean plain = in.source().uncompressed();
        progress.phase("reading dump", fileSize);
        long recordStart = in.position();
        int tag = -1;
        try {
            while (!in.atEnd()) {
                recordStart = in.position();
                tag = in.u1();
                in.u4(); // microseconds since the header's timestamp
                long length = in.u4();
                long end = in.position() + length;
                if (plain && end > fileSize) {
                    Cut cut = new Cut(recordStart, Tags.recordName(tag) + " record of " + length
                            + " bytes runs past the end of the file (" + fileSize + " bytes)");
                    if (salvage && (tag == Tags.HEAP_DUMP || tag == Tags.HEAP_DUMP_SEGMENT)) {
                        salvageHeapDump(fileSize);
                    }
                    throw cut;
                }
                record(tag, length, end);
                if ((++records & 0x3FF) == 0) {
                    progress.progress(in.source().filePosition());
                }
            }
            if (sawSegments && !sawEnd) {
                throw new Cut(in.position(), "the dump ends without a HEAP_DUMP_END record (it was cut short)");
            }
            if (!sawHeapDump) {
                throw new Cut(in.position(), "the dump holds no heap dump records (it was cut short, or it is a"
                        + " CPU profile rather than a heap dump)");
            }
        } catch (RecordInput.Truncated t) {
            handleCut(new Cut(recordStart, "the dump ends inside the " + Tags.recordName(tag) + " record that starts here"));
        } catch (Cut c) {
            handleCut(c);
        }
        progress.progress(fileSize);
        finish();
    }

    /** The dump was cut short: an error, or with salvage a warning and a partial graph. */
    private static final class Cut extends IOException {
        final long offset;

        Cut(long offset, String message) {
            super(message);
            this.offset = offset;
        }
    }

    /** Reads the complete sub-records of a cut heap dump record. */
    private void salvageHeapDump(long fileSize) {
        try {
            heapDump(fileSize);
        } catch (IOException cutInside) {
            // The last sub-record is incomplete; everything before it has been added.
        }
    }

    private void handleCut(Cut c) throws DumpFormatException {
        if (!salvage) {
            throw in.error(c.offset, c.getMessage() + " (use --salvage to read what is complete)");
        }
        builder.markPartial("at byte " + c.offset + ": " + c.getMessage());
    }

    private void record(int tag, long length, long end) throws IOException {
        switch (tag) {
            case Tags.UTF8 -> {
                long id = in.id();
                long n = length - in.idSize();
                if (n < 0) {
                    throw in.error(end - length - 9, "UTF8 record length " + length + " is shorter than an id");
                }
                if (n > MAX_STRING) {
                    throw in.error(end - length - 9, "UTF8 record of " + length + " bytes is implausibly long");
                }
                strings.put(id, in.bytes((int) n));
            }
            case Tags.LOAD_CLASS -> {
                int serial = in.i4();
                long classId = in.id();
                in.i4();
                long nameId = in.id();
                classSerials.put(serial & 0xFFFFFFFFL, classSerialIds.size(), -1);
                classSerialIds.add(new long[] {classId, nameId});
                String name = strings.get(nameId);
                if (name != null) {
                    builder.nameClass(classId, JavaNames.fromDump(name));
                }
            }
            case Tags.FRAME -> frames.add(new RawFrame(in.id(), in.id(), in.id(), in.id(), in.i4(), in.i4()));
            case Tags.TRACE -> {
                int serial = in.i4();
                int threadSerial = in.i4();
                long count = in.u4();
                if (count * in.idSize() > length || count > MAX_FRAMES) {
                    throw in.error(end - length - 9, "TRACE record claims " + count + " frames in " + length + " bytes");
                }
                long[] ids = new long[(int) count];
                for (int i = 0; i < count; i++) {
                    ids[i] = in.id();
                }
                builder.addStackTrace(serial, ids);
                if (threadSerial != 0) {
                    thread(threadSerial).traceSerial = thread(threadSerial).traceSerial < 0 ? serial
                            : thread(threadSerial).traceSerial;
                }
            }
            case Tags.START_THREAD -> {
                int serial = in.i4();
                RawThread t = thread(serial);
                t.objectId = in.id();
                t.traceSerial = in.i4();
                t.nameId = in.id();
                in.id();
                in.id();
            }
            case Tags.HEAP_DUMP, Tags.HEAP_DUMP_SEGMENT -> {
                sawHeapDump = true;
                sawSegments |= tag == Tags.HEAP_DUMP_SEGMENT;
                heapDump(end);
            }
            case Tags.HEAP_DUMP_END -> sawEnd = true;
            default -> { }
        }
        long pos = in.position();
        if (pos > end) {
            throw in.error(end - length - 9, Tags.recordName(tag) + " record's content is longer than its length says");
        }
        in.skip(end - pos);
    }

    private RawThread thread(int serial) {
        return threads.computeIfAbsent(serial, s -> {
            RawThread t = new RawThread();
            t.serial = s;
            return t;
        });
    }

    private void heapDump(long end) throws IOException {
        int idSize = in.idSize();
        while (in.position() < end) {
            long at = in.position();
            int sub = in.u1();
            switch (sub) {
                case Tags.ROOT_UNKNOWN -> builder.addRoot(in.id(), RootKind.UNKNOWN, -1, -1);
                case Tags.ROOT_JNI_GLOBAL -> {
                    long id = in.id();
                    in.id();
                    builder.addRoot(id, RootKind.JNI_GLOBAL, -1, -1);
                }
                case Tags.ROOT_JNI_LOCAL -> builder.addRoot(in.id(), RootKind.JNI_LOCAL, in.i4(), in.i4());
                case Tags.ROOT_JAVA_FRAME -> builder.addRoot(in.id(), RootKind.JAVA_FRAME, in.i4(), in.i4());
                case Tags.ROOT_NATIVE_STACK -> builder.addRoot(in.id(), RootKind.NATIVE_STACK, in.i4(), -1);
                case Tags.ROOT_STICKY_CLASS -> builder.addRoot(in.id(), RootKind.STICKY_CLASS, -1, -1);
                case Tags.ROOT_THREAD_BLOCK -> builder.addRoot(in.id(), RootKind.THREAD_BLOCK, in.i4(), -1);
                case Tags.ROOT_MONITOR_USED -> builder.addRoot(in.id(), RootKind.MONITOR_USED, -1, -1);
                case Tags.ROOT_THREAD_OBJECT -> {
                    long id = in.id();
                    int serial = in.i4();
                    int trace = in.i4();
                    builder.addRoot(id, RootKind.THREAD_OBJECT, serial, -1);
                    RawThread t = thread(serial);
                    t.objectId = id;
                    t.traceSerial = trace;
                }
                case Tags.ROOT_INTERNED_STRING -> builder.addRoot(in.id(), RootKind.INTERNED_STRING, -1, -1);
                case Tags.ROOT_FINALIZING -> builder.addRoot(in.id(), RootKind.FINALIZING, -1, -1);
                case Tags.ROOT_DEBUGGER -> builder.addRoot(in.id(), RootKind.DEBUGGER, -1, -1);
                case Tags.ROOT_REFERENCE_CLEANUP -> builder.addRoot(in.id(), RootKind.REFERENCE_CLEANUP, -1, -1);
                case Tags.ROOT_VM_INTERNAL -> builder.addRoot(in.id(), RootKind.VM_INTERNAL, -1, -1);
                case Tags.ROOT_JNI_MONITOR -> builder.addRoot(in.id(), RootKind.JNI_MONITOR, in.i4(), in.i4());
                case Tags.ROOT_UNREACHABLE -> builder.addRoot(in.id(), RootKind.UNREACHABLE, -1, -1);
                case Tags.HEAP_DUMP_INFO -> {
                    long heapId = in.u4();
                    long nameId = in.id();
                    String name = strings.get(nameId);
                    builder.setHeap(name != null ? name : heapNamesById.computeIfAbsent(heapId, h -> "heap " + h));
                }
                case Tags.CLASS_DUMP -> classDump(at);
                case Tags.INSTANCE_DUMP -> {
                    in.require(2 * idSize + 8);
                    long id = in.rawId();
                    in.rawI4();
                    long classId = in.rawId();
                    long n = in.rawI4() & 0xFFFFFFFFL;
                    checkFits(at, in.position() + n, end, "INSTANCE_DUMP");
                    in.skip(n);
                    builder.addInstance(id, at, classId);
                }
                case Tags.OBJECT_ARRAY_DUMP -> {
                    in.require(2 * idSize + 8);
                    long id = in.rawId();
                    in.rawI4();
                    long length = in.rawI4() & 0xFFFFFFFFL;
                    long classId = in.rawId();
                    checkFits(at, in.position() + length * idSize, end, "OBJ_ARRAY_DUMP");
                    checkLength(at, length);
                    in.skip(length * idSize);
                    builder.addObjectArray(id, at, classId, length);
                }
                case Tags.PRIMITIVE_ARRAY_DUMP, Tags.PRIMITIVE_ARRAY_NODATA -> {
                    in.require(idSize + 9);
                    long id = in.rawId();
                    in.rawI4();
                    long length = in.rawI4() & 0xFFFFFFFFL;
                    int typeCode = in.rawU1();
                    FieldType type = FieldType.ofCode(typeCode);
                    if (type == null || type == FieldType.OBJECT) {
                        throw in.error(at, "primitive array has unknown element type " + typeCode);
                    }
                    long bytes = sub == Tags.PRIMITIVE_ARRAY_DUMP ? length * type.size(idSize) : 0;
                    checkFits(at, in.position() + bytes, end, "PRIM_ARRAY_DUMP");
                    checkLength(at, length);
                    in.skip(bytes);
                    builder.addPrimitiveArray(id, at, type, length);
                }
                default -> throw in.error(at, String.format("unknown heap dump sub-record tag 0x%02x", sub));
            }
            if (in.position() > end) {
                throw in.error(at, "sub-record runs past the end of its heap dump record");
            }
        }
    }

    private void checkFits(long at, long subEnd, long end, String what) throws DumpFormatException {
        if (subEnd > end) {
            throw in.error(at, what + " sub-record runs past the end of its heap dump record");
        }
    }

    private void checkLength(long at, long length) throws DumpFormatException {
        if (length > Integer.MAX_VALUE - 8) {
            throw in.error(at, "array length " + length + " is beyond what a JVM allows");
        }
    }

    private void classDump(long at) throws IOException {
        long id = in.id();
        in.i4();
        long superId = in.id();
        long loader = in.id();
        long signers = in.id();
        long pd = in.id();
        in.id();
        in.id();
        long instanceSize = in.u4();
        int cpCount = in.u2();
        List<Long> cpRefs = new ArrayList<>();
        for (int i = 0; i < cpCount; i++) {
            in.u2();
            int type = basicType(in.u1(), at);
            long v = in.value(type);
            if (type == 2 && v != 0) {
                cpRefs.add(v);
            }
        }
        int staticCount = in.u2();
        List<StaticField> statics = new ArrayList<>(staticCount);
        for (int i = 0; i < staticCount; i++) {
            long nameId = in.id();
            int type = basicType(in.u1(), at);
            statics.add(new StaticField(strings.getOr(nameId, "static field"), FieldType.ofCode(type), in.value(type)));
        }
        int fieldCount = in.u2();
        List<FieldDef> fields = new ArrayList<>(fieldCount);
        for (int i = 0; i < fieldCount; i++) {
            long nameId = in.id();
            int type = basicType(in.u1(), at);
            fields.add(new FieldDef(strings.getOr(nameId, "field"), FieldType.ofCode(type)));
        }
        long[] cp = cpRefs.stream().mapToLong(Long::longValue).toArray();
        builder.addClass(new ClassDef(id, null, superId, loader, signers, pd, instanceSize, fields, statics, cp), at);
    }

    private int basicType(int code, long at) throws DumpFormatException {
        FieldType t = FieldType.ofCode(code);
        if (t == null) {
            throw in.error(at, "CLASS_DUMP has unknown basic type " + code);
        }
        return code;
    }

    /** Resolves what needed names from anywhere in the dump: frames and thread names. */
    private void finish() {
        for (RawFrame f : frames) {
            String className = "";
            int i = classSerials.get(f.classSerial() & 0xFFFFFFFFL, -1);
            if (i >= 0) {
                String n = strings.get(classSerialIds.get(i)[1]);
                className = n == null ? "" : JavaNames.fromDump(n);
            }
            builder.addStackFrame(f.id(), className, strings.getOr(f.method(), "method"), nz(strings.get(f.signature())),
                    nz(strings.get(f.source())), f.line());
        }
        for (RawThread t : threads.values()) {
            if (t.objectId == 0 && t.traceSerial < 0) {
                continue;
            }
            builder.addThread(t.serial, t.objectId, t.traceSerial, t.nameId == 0 ? null : strings.get(t.nameId));
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    public HprofHeader header() {
        return header;
    }
}
