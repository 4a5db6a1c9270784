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
 * hierarchy, instances with 2 to 6 fields referring to earlier objects (a linked structure, so
 * most objects are reachable from statics), int, byte and reference arrays, creation stamps from
 * 8 threads and 50 methods. Deterministic for a seed. Streams; used by the bounded-memory test and
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
            long next = 1000;
            long written = 0;
            long time = 0;
            StringBuilder sb = new StringBuilder(4096);
            while (written < targetBytes) {
                long id = next++;
                int kind = r.nextInt(20);
                time += r.nextInt(3);
                String thread = "thread-" + r.nextInt(8);
                String method = "com/example/big/Worker" + r.nextInt(50) + ".run(I)V";
                sb.setLength(0);
                if (kind < 17) {
                    // instances: class 10+c has fields a (int), b (long), next (ref), plus its super's fields
                    int c = 10 + r.nextInt(classes - 10);
                    sb.append("  <object id=\"").append(id).append("\" class=\"com/example/big/Type").append(c)
                            .append("\" createdAt=\"").append(time).append("\" createdInThread=\"").append(thread)
                            .append("\" createdInMethod=\"").append(method).append("\" tag=\"0\">\n");
                    sb.append("    <field name=\"a\" type=\"I\" value=\"").append(r.nextInt()).append("\"/>\n");
                    sb.append("    <field name=\"b\" type=\"J\" value=\"").append(r.nextLong()).append("\"/>\n");
                    long target = id > 1001 ? 1000 + (long) (r.nextDouble() * (id - 1000)) : 0;
                    if (target > 0) {
                        sb.append("    <field name=\"next\" id=\"").append(target).append("\"/>\n");
                    } else {
                        sb.append("    <field name=\"next\"/>\n");
                    }
                    sb.append("  </object>\n");
                } else if (kind < 19) {
                    int n = r.nextInt(64);
                    boolean ints = kind == 17;
                    sb.append("  <array id=\"").append(id).append("\" class=\"").append(ints ? "[I" : "[B")
                            .append("\" length=\"").append(n).append("\" createdAt=\"").append(time)
                            .append("\" createdInThread=\"").append(thread).append("\">");
                    for (int i = 0; i < n; i++) {
                        sb.append(i == 0 ? "" : " ").append(ints ? r.nextInt(100000) : r.nextInt(256) - 128);
                    }
                    sb.append("</array>\n");
                } else {
                    int n = 1 + r.nextInt(16);
                    sb.append("  <array id=\"").append(id).append("\" class=\"[Ljava/lang/Object;\" length=\"").append(n)
                            .append("\" elementsType=\"Ljava/lang/Object;\" createdAt=\"").append(time).append("\">");
                    for (int i = 0; i < n; i++) {
                        long target = id > 1001 ? 1000 + (long) (r.nextDouble() * (id - 1000)) : 0;
                        sb.append(i == 0 ? "" : " ").append(target);
                    }
                    sb.append("</array>\n");
                }
                w.write(sb.toString());
                written += sb.length();
                objects++;
            }
            w.write("</heap>\n");
        }
        return objects;
    }

    public static void main(String[] args) throws IOException {
        long objects = write(Path.of(args[0]), Long.parseLong(args[1]) << 20, 42);
        System.out.println(objects + " objects");
    }
}
