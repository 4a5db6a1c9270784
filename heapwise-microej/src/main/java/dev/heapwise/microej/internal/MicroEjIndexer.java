package dev.heapwise.microej.internal;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ContentWriter;
import dev.heapwise.graph.build.GraphBuilder;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.graph.internal.IndexStore;
import dev.heapwise.graph.io.ContentLocation;
import dev.heapwise.microej.MicroEjAttributes;
import dev.heapwise.microej.ReadReport;
import dev.heapwise.microej.ReadReport.Problem;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Builds the heap graph of a MicroEJ dump in three streaming passes:
 * <ol>
 *   <li>read the XML into a scratch log (one record per element, in the dump's order);</li>
 *   <li>resolve classes (objects may name them before the class element, by id or by name) and
 *       lay out each class's fields; then replay the log into the graph builder, writing each
 *       object's record in its class's final layout into the graph's content copy;</li>
 *   <li>once the graph is built, check every reference and id against it (unknown ids and
 *       duplicate ids are only known then), failing with the element's line and column.</li>
 * </ol>
 * Memory is per class and per distinct thread/method/tag, plus the graph builder's own; the
 * largest single array is held once while its record is written. Not thread-safe.
 */
public final class MicroEjIndexer {
    public static final String FORMAT = "microej";
    public static final String REPORT_ATTACHMENT = "microej-read-report.txt";

    private final Path dump;
    private final Path indexDir;
    private final boolean lenient;
    private final int threads;
    private final ProgressListener progress;

    public MicroEjIndexer(Path dump, Path indexDir, boolean lenient, int threads, ProgressListener progress) {
        this.dump = dump;
        this.indexDir = indexDir;
        this.lenient = lenient;
        this.threads = threads;
        this.progress = progress;
    }

    /** Reads the dump and builds, commits and opens its index; the read report is attached to it. */
    public HeapGraph build() throws IOException {
        Problems problems = new Problems(dump, lenient);
        IdTable ids = new IdTable();
        ClassRegistry classes = new ClassRegistry(ids);
        Files.createDirectories(indexDir.toAbsolutePath().getParent());
        Path scratch = Files.createTempFile(indexDir.toAbsolutePath().getParent(), ".microej-", ".scratch");
        HeapGraph graph = null;
        try {
            long start = System.nanoTime();
            XmlHeapReader reader;
            try (GraphBuilder builder = GraphBuilder.start(dump, indexDir, FORMAT, progress)) {
                if (threads > 0) {
                    builder.threads(threads);
                }
                try (ScratchWriter out = new ScratchWriter(scratch);
                        CountingInput counted = new CountingInput(Files.newInputStream(dump));
                        InputStream in = maybeGunzip(counted)) {
                    progress.phase("reading MicroEJ XML", Files.size(dump));
                    reader = new XmlHeapReader(dump, in, problems, ids, classes, out, progress, counted::count);
                    reader.read();
                    out.finish();
                }
                builder.phaseTook("parse", (System.nanoTime() - start) / 1_000_000);
                long t1 = System.nanoTime();
                classes.resolve(problems);
                builder.describeFormat("MicroEJ heap XML" + (ids.anyAssigned() ? ", ids not all numeric" : ""), 8);
                if (reader.partial) {
                    builder.markPartial(reader.partialReason);
                }
                for (String note : classes.notes) {
                    builder.warn(note);
                }
                builder.warn("MicroEJ dumps record no GC roots: class statics are roots, and each object they do "
                        + "not reach is a root of kind \"unknown/held outside the dump\" (the dump is written after "
                        + "a GC, so something the dump does not show, a thread or native code, held it)");
                replay(scratch, builder, reader, ids, classes, problems);
                builder.synthesizeRoots();
                // problems found so far; unknown and duplicate ids are checked after the build, and
                // the graph's own warnings count them
                problems.report().lines().forEach(builder::warn);
                builder.phaseTook("layout", (System.nanoTime() - t1) / 1_000_000);
                graph = builder.build(table -> new MicroEjSizeModel());
            }
            check(scratch, graph, classes, ids, problems, reader.elements);
            ReadReport report = problems.report();
            String encoded = encode(report);
            graph.attachments().save(REPORT_ATTACHMENT, ch -> ch.write(java.nio.ByteBuffer.wrap(
                    encoded.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
            return graph;
        } catch (IOException | RuntimeException e) {
            if (graph != null) {
                graph.close();
                IndexStore.deleteTree(indexDir);
            }
            throw e;
        } finally {
            Files.deleteIfExists(scratch);
            progress.finished();
        }
    }

    private static String encode(ReadReport report) {
        return report.encode();
    }

    private static InputStream maybeGunzip(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b ? new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16) : in;
    }

    /** Pass 2: the scratch log into the builder, each object in its class's final layout. */
    private void replay(Path scratch, GraphBuilder builder, XmlHeapReader reader, IdTable ids, ClassRegistry classes,
            Problems problems) throws IOException {
        progress.phase("laying out objects", reader.elements);
        long done = 0;
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(scratch), 1 << 16));
                ContentWriter content = new ContentWriter(builder.contentCopyTarget(), 8)) {
            while (true) {
                int tag;
                try {
                    tag = in.readUnsignedByte();
                } catch (EOFException e) {
                    break;
                }
                switch (tag) {
                    case Scratch.CLASS -> {
                        ClassElement c = classes.elements.get(in.readInt());
                        builder.addClass(c.def(ids), content.size());
                        String spelling = ids.spelling(c.graphId);
                        if (spelling != null) {
                            builder.setTextAttribute(MicroEjAttributes.XML_ID, spelling);
                        }
                    }
                    case Scratch.INSTANCE -> instance(in, builder, content, reader, ids, classes, problems);
                    case Scratch.PRIMITIVE_ARRAY -> {
                        long rawId = in.readLong();
                        long id = ids.finalId(rawId);
                        FieldType type = FieldType.ofCode(in.readUnsignedByte());
                        in.readInt();
                        in.readInt();
                        long time = in.readLong();
                        int thread = in.readInt();
                        int method = in.readInt();
                        in.readInt();
                        int length = in.readInt();
                        byte[] data = in.readNBytes(length * type.size(8));
                        long pos = content.primitiveArray(id, type, length, data);
                        builder.addPrimitiveArray(id, pos, type, length);
                        creation(builder, reader, ids, rawId, time, thread, method, Scratch.NO_TEXT);
                    }
                    case Scratch.OBJECT_ARRAY -> {
                        long rawId = in.readLong();
                        long id = ids.finalId(rawId);
                        ArrayClassRef ref = classes.arrayRefs.get(in.readInt());
                        int line = in.readInt();
                        int column = in.readInt();
                        long time = in.readLong();
                        int thread = in.readInt();
                        int method = in.readInt();
                        in.readInt();
                        int length = in.readInt();
                        long[] elements = new long[length];
                        for (int i = 0; i < length; i++) {
                            elements[i] = ids.finalId(in.readLong());
                        }
                        if (ref.resolved == null) {
                            problems.report(Problem.BAD_TYPE, line, column, "the class of array " + spell(ids, rawId)
                                    + " (\"" + ref.classText + "\") is not an array type");
                            continue;
                        }
                        long classId = ids.finalId(ref.resolved.graphId);
                        long pos = content.objectArray(id, classId, elements);
                        builder.addObjectArray(id, pos, classId, length);
                        creation(builder, reader, ids, rawId, time, thread, method, Scratch.NO_TEXT);
                    }
                    default -> throw new IllegalStateException("scratch log damaged: tag " + tag);
                }
                if ((++done & 0xFFFF) == 0) {
                    progress.progress(done);
                }
            }
            for (ClassElement c : classes.synthetic) {
                builder.addClass(c.def(ids), content.size());
            }
            builder.setContent(ContentLocation.copy(content.size()));
        }
    }

    private static void instance(DataInputStream in, GraphBuilder builder, ContentWriter content, XmlHeapReader reader,
            IdTable ids, ClassRegistry classes, Problems problems) throws IOException {
        long rawId = in.readLong();
        long id = ids.finalId(rawId);
        ClassToken token = classes.tokens.get(in.readInt());
        int line = in.readInt();
        int column = in.readInt();
        long time = in.readLong();
        int thread = in.readInt();
        int method = in.readInt();
        int tag = in.readInt();
        int n = in.readInt();
        long[] slots = new long[n];
        for (int i = 0; i < n; i++) {
            long v = in.readLong();
            slots[i] = token.types.get(i) == FieldType.OBJECT ? ids.finalId(v) : v;
        }
        ClassElement c = token.resolved;
        if (c == null) {
            problems.report(Problem.UNKNOWN_CLASS, line, column, "object " + spell(ids, rawId) + " names class \""
                    + token.text + "\", which is no class element's id (nor an instance class name)");
            return;
        }
        List<FieldDef> layout = c.layout;
        List<FieldType> types = new ArrayList<>(layout.size());
        long[] raw = new long[layout.size()];
        for (int j = 0; j < layout.size(); j++) {
            types.add(layout.get(j).type());
            int src = token.sourceSlots[j];
            raw[j] = src >= 0 && src < n ? slots[src] : 0;
        }
        long classId = ids.finalId(c.graphId);
        long pos = content.instance(id, classId, content.encode(types, raw));
        builder.addInstance(id, pos, classId);
        creation(builder, reader, ids, rawId, time, thread, method, tag);
    }

    private static void creation(GraphBuilder builder, XmlHeapReader reader, IdTable ids, long id, long time,
            int thread, int method, int tag) throws IOException {
        if (time != Scratch.NO_TIME) {
            builder.setNumberAttribute(MicroEjAttributes.CREATED_AT, time);
        }
        if (thread != Scratch.NO_TEXT) {
            builder.setTextAttribute(MicroEjAttributes.CREATED_IN_THREAD, reader.threads.value(thread));
        }
        if (method != Scratch.NO_TEXT) {
            builder.setTextAttribute(MicroEjAttributes.CREATED_IN_METHOD, reader.methods.value(method));
        }
        if (tag != Scratch.NO_TEXT) {
            builder.setTextAttribute(MicroEjAttributes.TAG, reader.tags.value(tag));
        }
        String spelling = ids.spelling(id);
        if (spelling != null) {
            builder.setTextAttribute(MicroEjAttributes.XML_ID, spelling);
        }
    }

    private static String spell(IdTable ids, long id) {
        String s = ids.spelling(id);
        return s != null ? s : Long.toString(id);
    }

    /**
     * Pass 3: ids given twice, and references to ids no element has, checked against the built
     * graph (O(1) lookups; a bit per object). Strictly the first one fails the read; leniently
     * they are counted (the graph already left such references out).
     */
    private void check(Path scratch, HeapGraph g, ClassRegistry classes, IdTable ids, Problems problems, long elements)
            throws IOException {
        progress.phase("checking references", elements);
        for (ClassElement c : classes.elements) {
            int k = 0;
            for (var s : c.statics) {
                if (s.type() == FieldType.OBJECT && s.raw() != 0) {
                    int[] place = c.staticRefPlaces.get(k++);
                    if (g.indexOf(ids.finalId(s.raw())) < 0) {
                        problems.report(Problem.UNKNOWN_ID, place[0], place[1], "static field " + s.name() + " of "
                                + c.javaName + " refers to id " + spell(ids, s.raw()) + ", which no element has");
                    }
                }
            }
        }
        long[] seen = new long[(g.objectCount() + 63) >>> 6];
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(scratch), 1 << 16))) {
            while (true) {
                int tag;
                try {
                    tag = in.readUnsignedByte();
                } catch (EOFException e) {
                    break;
                }
                switch (tag) {
                    case Scratch.CLASS -> {
                        ClassElement c = classes.elements.get(in.readInt());
                        duplicate(g, seen, ids, c.graphId, c.line, c.column, problems);
                    }
                    case Scratch.INSTANCE -> {
                        long id = in.readLong();
                        ClassToken token = classes.tokens.get(in.readInt());
                        int line = in.readInt();
                        int column = in.readInt();
                        in.skipNBytes(8 + 12);
                        int n = in.readInt();
                        boolean kept = token.resolved != null;
                        if (kept) {
                            duplicate(g, seen, ids, id, line, column, problems);
                        }
                        for (int i = 0; i < n; i++) {
                            long v = in.readLong();
                            if (kept && v != 0 && token.types.get(i) == FieldType.OBJECT && g.indexOf(ids.finalId(v)) < 0) {
                                problems.report(Problem.UNKNOWN_ID, line, column, "field " + token.names.get(i)
                                        + " of object " + spell(ids, id) + " refers to id " + spell(ids, v) + ", which no element has");
                            }
                        }
                    }
                    case Scratch.PRIMITIVE_ARRAY -> {
                        long id = in.readLong();
                        FieldType type = FieldType.ofCode(in.readUnsignedByte());
                        int line = in.readInt();
                        int column = in.readInt();
                        in.skipNBytes(8 + 12);
                        int length = in.readInt();
                        in.skipNBytes((long) length * type.size(8));
                        duplicate(g, seen, ids, id, line, column, problems);
                    }
                    case Scratch.OBJECT_ARRAY -> {
                        long id = in.readLong();
                        ArrayClassRef ref = classes.arrayRefs.get(in.readInt());
                        int line = in.readInt();
                        int column = in.readInt();
                        in.skipNBytes(8 + 12);
                        int length = in.readInt();
                        boolean kept = ref.resolved != null;
                        if (kept) {
                            duplicate(g, seen, ids, id, line, column, problems);
                        }
                        for (int i = 0; i < length; i++) {
                            long v = in.readLong();
                            if (kept && v != 0 && g.indexOf(ids.finalId(v)) < 0) {
                                problems.report(Problem.UNKNOWN_ID, line, column, "element " + i + " of array "
                                        + spell(ids, id) + " refers to id " + spell(ids, v) + ", which no element has");
                            }
                        }
                    }
                    default -> throw new IllegalStateException("scratch log damaged: tag " + tag);
                }
            }
        }
    }

    private static void duplicate(HeapGraph g, long[] seen, IdTable ids, long id, int line, int column,
            Problems problems) throws DumpFormatException {
        int k = g.indexOf(ids.finalId(id));
        if (k < 0) {
            return;
        }
        if ((seen[k >>> 6] & (1L << k)) != 0) {
            problems.report(Problem.DUPLICATE_ID, line, column, "id " + spell(ids, id)
                    + " is given to more than one element");
        }
        seen[k >>> 6] |= 1L << k;
    }

    /** Counts the bytes read from the file (before any decompression), for progress. */
    private static final class CountingInput extends java.io.FilterInputStream {
        private long count;

        CountingInput(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
