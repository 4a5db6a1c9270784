package dev.heapwise.microej.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.MicroEj;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values of objects kept from one dump to the next: array elements, fields listed in another order. */
class ValueComparerTest {
    @TempDir
    Path dir;

    private Path dump(String name, String ints, String longs, String fields) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, """
                <?xml version='1.0' encoding='UTF-8'?>
                <heap>
                  <class name="Ljava/lang/Object;" id="1"/>
                  <class name="Lcom/example/Point;" id="2" superclass="1"/>
                  <array id="10" class="[I" length="3">%s</array>
                  <array id="11" class="[J" length="2">%s</array>
                  <object id="12" class="2" tag="0">%s</object>
                  <object id="13" class="2" tag="0">
                    <field name="x" type="I" value="1"/>
                    <field name="y" type="I" value="2"/>
                  </object>
                </heap>
                """.formatted(ints, longs, fields));
        return p;
    }

    @Test
    void elementsAndFieldsByName() throws Exception {
        Path before = dump("a.heap", "1 2 3", "5 6",
                "<field name=\"x\" type=\"I\" value=\"1\"/><field name=\"y\" type=\"I\" value=\"2\"/>");
        // The same object, its fields listed y first; the int array with one element changed.
        Path after = dump("b.heap", "1 9 3", "5 6",
                "<field name=\"y\" type=\"I\" value=\"2\"/><field name=\"x\" type=\"I\" value=\"1\"/>");
        try (HeapGraph a = MicroEj.open(before); HeapGraph b = MicroEj.open(after)) {
            ValueComparer c = new ValueComparer(a, b);
            assertThat(c.differs(a.indexOf(10), b.indexOf(10))).as("int[] with one element changed").isTrue();
            assertThat(c.differs(a.indexOf(11), b.indexOf(11))).as("long[] unchanged").isFalse();
            assertThat(c.differs(a.indexOf(12), b.indexOf(12))).as("same values, other field order").isFalse();
            assertThat(c.differs(a.indexOf(13), b.indexOf(13))).isFalse();
        }
    }
}
