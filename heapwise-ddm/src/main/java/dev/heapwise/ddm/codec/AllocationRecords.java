package dev.heapwise.ddm.codec;

import dev.heapwise.ddm.internal.PayloadReader;
import dev.heapwise.ddm.internal.PayloadWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The payload of a REAL reply: the VM's recent allocations, as ddmlib and ART lay them out.
 *
 * <pre>
 * u1 header length (15)   u1 entry header length (9)   u1 stack frame length (8)
 * u2 entry count          u4 string table offset       u2 class names  u2 method names  u2 file names
 * per entry:  u4 size, u2 thread id, u2 class index, u1 stack depth,
 *             per frame: u2 class index, u2 method index, u2 file index, s2 line (-1 unknown, -2 native)
 * then the class, method and file name tables: each string a u4 length in chars and UTF-16BE.
 * </pre>
 *
 * Header and entry lengths above the minimum are honoured by skipping the extra bytes.
 * Immutable and thread-safe.
 */
public record AllocationRecords(List<Allocation> allocations) {
    private static final int MIN_HEADER = 15;
    private static final int MIN_ENTRY = 9;
    private static final int MIN_FRAME = 8;

    public AllocationRecords {
        allocations = List.copyOf(allocations);
    }

    /** One allocation; {@code stack} is innermost frame first. */
    public record Allocation(int sizeBytes, int threadId, String className, List<Frame> stack) {
        public Allocation {
            stack = List.copyOf(stack);
        }
    }

    /** One stack frame; {@code line} is -1 when unknown and -2 for native methods. */
    public record Frame(String className, String methodName, String fileName, int line) {}

    /** Parses a REAL payload. */
    public static AllocationRecords parse(byte[] data, int offset, int length) {
        PayloadReader r = new PayloadReader("REAL chunk", data, offset, length);
        int headerLength = r.u1("header length");
        int entryHeaderLength = r.u1("entry header length");
        int frameLength = r.u1("stack frame length");
        if (headerLength < MIN_HEADER) {
            throw r.fail(0, "header length " + headerLength + " is below " + MIN_HEADER);
        }
        if (entryHeaderLength < MIN_ENTRY) {
            throw r.fail(1, "entry header length " + entryHeaderLength + " is below " + MIN_ENTRY);
        }
        if (frameLength < MIN_FRAME) {
            throw r.fail(2, "stack frame length " + frameLength + " is below " + MIN_FRAME);
        }
        int entries = r.u2("entry count");
        long tableOffset = r.u4("string table offset");
        int classCount = r.u2("class name count");
        int methodCount = r.u2("method name count");
        int fileCount = r.u2("file name count");
        r.skip(headerLength - MIN_HEADER, "header extension");
        if (tableOffset > length) {
            throw r.fail(5, "string table offset " + tableOffset + " is past the end (" + length + " bytes)");
        }

        PayloadReader strings = new PayloadReader("REAL chunk", data, offset, length);
        strings.skip((int) tableOffset, "data before the string table");
        String[] classes = readTable(strings, classCount, "class name");
        String[] methods = readTable(strings, methodCount, "method name");
        String[] files = readTable(strings, fileCount, "file name");
        strings.expectEnd("the string tables");

        List<Allocation> out = new ArrayList<>(entries);
        for (int i = 0; i < entries; i++) {
            int size = r.s4("allocation size");
            int thread = r.u2("thread id");
            String className = lookup(r, classes, r.u2("class index"), "class");
            int depth = r.u1("stack depth");
            r.skip(entryHeaderLength - MIN_ENTRY, "entry header extension");
            List<Frame> frames = new ArrayList<>(depth);
            for (int f = 0; f < depth; f++) {
                String frameClass = lookup(r, classes, r.u2("frame class index"), "class");
                String method = lookup(r, methods, r.u2("method index"), "method");
                String file = lookup(r, files, r.u2("file index"), "file");
                int line = r.s2("line number");
                r.skip(frameLength - MIN_FRAME, "stack frame extension");
                frames.add(new Frame(frameClass, method, file, line));
            }
            out.add(new Allocation(size, thread, className, frames));
        }
        if (r.position() != tableOffset) {
            throw r.fail(r.position(), "entries end at byte " + r.position()
                    + " but the string table starts at " + tableOffset);
        }
        return new AllocationRecords(out);
    }

    /** Encodes with the minimum header sizes and tables in order of first use. */
    public byte[] encode() {
        Map<String, Integer> classes = new LinkedHashMap<>();
        Map<String, Integer> methods = new LinkedHashMap<>();
        Map<String, Integer> files = new LinkedHashMap<>();
        PayloadWriter entries = new PayloadWriter();
        for (Allocation a : allocations) {
            entries.u4(a.sizeBytes()).u2(a.threadId()).u2(index(classes, a.className())).u1(a.stack().size());
            for (Frame f : a.stack()) {
                entries.u2(index(classes, f.className())).u2(index(methods, f.methodName()))
                        .u2(index(files, f.fileName())).u2(f.line());
            }
        }
        PayloadWriter w = new PayloadWriter(MIN_HEADER + entries.size() + 64);
        w.u1(MIN_HEADER).u1(MIN_ENTRY).u1(MIN_FRAME).u2(allocations.size())
                .u4(MIN_HEADER + entries.size()).u2(classes.size()).u2(methods.size()).u2(files.size());
        w.bytes(entries.array(), 0, entries.size());
        for (Map<String, Integer> table : List.of(classes, methods, files)) {
            for (String s : table.keySet()) {
                w.string(s);
            }
        }
        return w.toByteArray();
    }

    private static int index(Map<String, Integer> table, String s) {
        Integer i = table.get(s);
        if (i == null) {
            if (table.size() > 0xffff) {
                throw new IllegalArgumentException("more than 65536 distinct names");
            }
            i = table.size();
            table.put(s, i);
        }
        return i;
    }

    private static String[] readTable(PayloadReader r, int count, String what) {
        String[] table = new String[count];
        for (int i = 0; i < count; i++) {
            table[i] = r.string(what + " " + i);
        }
        return table;
    }

    private static String lookup(PayloadReader r, String[] table, int index, String what) {
        if (index >= table.length) {
            throw r.fail(r.position() - 2, what + " index " + index + " is outside the table of " + table.length);
        }
        return table[index];
    }
}
