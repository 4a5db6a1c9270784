package dev.heapwise.microej;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes a large, valid MicroEJ heap dump of about {@code targetBytes}: 200 classes in a
 * hierarchy with statics, a chain of instances (5 fields) each owning up to two int, byte or
 * reference arrays, all reachable from the statics as in a dump written after a GC, creation
 * stamps from 8 threads and 50 methods. Deterministic for a seed. Streams; used by the bounded-memory test and
 * for the measurements in docs/microej.md ({@code main OUT MEGABYTES}).
 */
public final class BigHeapXml {
    private BigHeapXml() {}

    /** Writes the dump; returns the number of objects (classes excluded). */
    public static long write(Path out, long targetBytes, long seed) throws IOException {
        Random r = new Random(seed);
        int classes = 200;
        long objects = 0;
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
            w.write("<?xml version='1.0' encoding='UTF-8'?>\n<heap>\n");
            w.write("  <class name=\"Ljava/lang/Object;\" id=\"1\"/>\n");
            for (int c = 0; c < classes; c++) {
                long id = 2 + c;
                long sup = c < 10 ? 1 : 2 + r.nextInt(10);
                w.write("  <class name=\"Lcom/example/big/Type" + c + ";\" id=\"" + id + "\" superclass=\"" + sup + "\">\n");
                w.write("    <field name=\"instances\" type=\"I\" value=\"" + c + "\"/>\n");
                if (c >= 10) {
                    w.write("    <field name=\"head\" id=\"" + (1000 + c) + "\"/>\n");
                }
                w.write("  </class>\n");
            }
            // groups: an instance, then 0 to 2 arrays it owns; each instance refers to the next
            // group's instance, so (as in a dump written after a GC) everything is reachable from
            // the statics, which point into the first groups
            long id = 1000;
            long written = 0;
            long time = 0;
            StringBuilder sb = new StringBuilder(4096);
            while (true) {
                boolean last = written >= targetBytes;
                int arrays = last ? 0 : r.nextInt(3);
                long nextGroup = id + 1 + arrays;
                time += r.nextInt(3);
                String thread = "thread-" + r.nextInt(8);
                String method = "com/example/big/Worker" + r.nextInt(50) + ".run(I)V";
                sb.setLength(0);
                int c = 10 + r.nextInt(classes - 10);
                sb.append("  <object id=\"").append(id).append("\" class=\"com/example/big/Type").append(c)
                        .append("\" createdAt=\"").append(time).append("\" createdInThread=\"").append(thread)
                        .append("\" createdInMethod=\"").append(method).append("\" tag=\"0\">\n");
                sb.append("    <field name=\"a\" type=\"I\" value=\"").append(r.nextInt()).append("\"/>\n");
                sb.append("    <field name=\"b\" type=\"J\" value=\"").append(r.nextLong()).append("\"/>\n");
                ref(sb, "next", last ? 0 : nextGroup);
                ref(sb, "data", arrays > 0 ? id + 1 : 0);
                ref(sb, "more", arrays > 1 ? id + 2 : 0);
                sb.append("  </object>\n");
                objects++;
                for (int k = 1; k <= arrays; k++) {
                    long aid = id + k;
                    int kind = r.nextInt(3);
                    if (kind < 2) {
                        int n = r.nextInt(64);
                        boolean ints = kind == 0;
                        sb.append("  <array id=\"").append(aid).append("\" class=\"").append(ints ? "[I" : "[B")
                                .append("\" length=\"").append(n).append("\" createdAt=\"").append(time)
                                .append("\" createdInThread=\"").append(thread).append("\">");
                        for (int i = 0; i < n; i++) {
                            sb.append(i == 0 ? "" : " ").append(ints ? r.nextInt(100000) : r.nextInt(256) - 128);
                        }
                    } else {
                        int n = 1 + r.nextInt(16);
                        sb.append("  <array id=\"").append(aid).append("\" class=\"[Ljava/lang/Object;\" length=\"")
                                .append(n).append("\" elementsType=\"Ljava/lang/Object;\" createdAt=\"").append(time)
                                .append("\">");
                        for (int i = 0; i < n; i++) {
                            // earlier objects (or null): extra, shared references
                            long target = r.nextInt(4) == 0 ? 0 : 1000 + (long) (r.nextDouble() * (aid - 1000));
                            sb.append(i == 0 ? "" : " ").append(target);
                        }
                    }
                    sb.append("</array>\n");
                    objects++;
                }
                w.write(sb.toString());
                written += sb.length();
                id = nextGroup;
                if (last) {
                    break;
                }
            }
            w.write("</heap>\n");
        }
        return objects;
    }

    private static void ref(StringBuilder sb, String name, long id) {
        sb.append("    <field name=\"").append(name).append('"');
        if (id != 0) {
            sb.append(" id=\"").append(id).append('"');
        }
        sb.append("/>\n");
    }

    public static void main(String[] args) throws IOException {
        long objects = write(Path.of(args[0]), Long.parseLong(args[1]) << 20, 42);
        System.out.println(objects + " objects");
    }
}
