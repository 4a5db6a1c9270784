package dev.heapwise.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading R8/ProGuard mapping files, and the names they give classes, fields and stack frames. */
class NameMappingTest {
    @TempDir
    Path dir;

    /** A mapping as R8 writes it: header comments, JSON information, inlined frames, overloads. */
    static final String R8 = """
            # compiler: R8
            # compiler_version: 8.5.35
            # {"id":"com.android.tools.r8.mapping","version":"2.2"}
            com.example.Main -> a.a:
            # {"id":"sourceFile","fileName":"Main.kt"}
                java.util.List services -> a
                int count -> b
                java.lang.Object lock -> b
                java.lang.String com.example.Base.label -> c
                1:1:void <init>():5:5 -> <init>
                1:4:void dump(java.lang.String,com.example.Service[]):50:53 -> a
                5:5:void com.example.Log.write(java.lang.String):7:7 -> a
                5:5:void com.example.Log.log():12 -> a
                5:5:void dump(java.lang.String,com.example.Service[]):54 -> a
                6:9:void dump(java.lang.String,com.example.Service[]):55:58 -> a
                10:11:void helper():60:61 -> a
                # {"id":"com.android.tools.r8.synthesized"}
                void start(int) -> b
                void stop(com.example.Main) -> b
                12:14:void com.example.Util.go():30:32 -> c
                20:22:void keep() -> d
                0:65535:void once():33:33 -> e
            com.example.Service -> a.b:
                com.example.Service$Binder binder -> a
            com.example.Service$Binder -> a.b$a:
            com.example.Util -> a.c:
            # {'id':'sourceFile','fileName':'Util.java'}
                1:1:void go():1:1 -> a
            """;

    NameMapping read(String text) throws IOException {
        Path f = dir.resolve("mapping.txt");
        Files.writeString(f, text);
        return NameMapping.read(f);
    }

    @Test
    void classNamesWithArraysNestedClassesAndVmMadeClasses() throws Exception {
        NameMapping m = read(R8);
        assertThat(m.classCount()).isEqualTo(4);
        assertThat(m.className("a.a")).isEqualTo("com.example.Main");
        assertThat(m.className("a.b[]")).isEqualTo("com.example.Service[]");
        assertThat(m.className("a.b[][]")).isEqualTo("com.example.Service[][]");
        assertThat(m.className("a.b$a")).isEqualTo("com.example.Service$Binder");
        assertThat(m.className("a.b$a[]")).isEqualTo("com.example.Service$Binder[]");
        // Not in the mapping, but nested in a class that is: the suffix stays.
        assertThat(m.className("a.b$1")).isEqualTo("com.example.Service$1");
        assertThat(m.className("a.a$$Lambda+0x0000000038040640")).isEqualTo("com.example.Main$$Lambda+0x0000000038040640");
        assertThat(m.className("a.b$a$c")).isEqualTo("com.example.Service$Binder$c");
        for (String same : List.of("java.lang.String", "int[]", "a", "a.ab", "$a", "a.d", "")) {
            assertThat(m.className(same)).isEqualTo(same);
        }
        assertThat(m.mapsTo("com.example.Main")).isTrue();
        assertThat(m.mapsTo("a.a")).isFalse();
    }

    @Test
    void fieldsByDeclaringClassNameAndType() throws Exception {
        NameMapping m = read(R8);
        assertThat(m.fieldName("a.a", "a", FieldType.OBJECT)).isEqualTo("services");
        // R8 gave an int and an Object field one name: the type tells them apart.
        assertThat(m.fieldName("a.a", "b", FieldType.INT)).isEqualTo("count");
        assertThat(m.fieldName("a.a", "b", FieldType.OBJECT)).isEqualTo("lock");
        assertThat(m.fieldName("a.a", "c", FieldType.OBJECT)).as("a field moved from another class").isEqualTo("label");
        assertThat(m.fieldName("a.a", "z", FieldType.INT)).isEqualTo("z");
        assertThat(m.fieldName("a.b", "b", FieldType.INT)).isEqualTo("b");
        assertThat(m.fieldName("java.lang.Thread", "name", FieldType.OBJECT)).isEqualTo("name");

        HeapClass c = new HeapClass(3, "a.a", 0x10, 5, 1, 0, HeapClass.Shape.INSTANCE, null,
                List.of(new FieldDef("a", FieldType.OBJECT), new FieldDef("b", FieldType.INT), new FieldDef("q", FieldType.LONG)),
                List.of(new StaticField("b", FieldType.OBJECT, 0x20)), 32, 7, 224);
        HeapClass r = m.rename(c);
        assertThat(r.name()).isEqualTo("com.example.Main");
        assertThat(r.fields()).containsExactly(new FieldDef("services", FieldType.OBJECT),
                new FieldDef("count", FieldType.INT), new FieldDef("q", FieldType.LONG));
        assertThat(r.statics()).containsExactly(new StaticField("lock", FieldType.OBJECT, 0x20));
        assertThat(List.of(r.index(), r.objectIndex(), r.superIndex())).containsExactly(3, 5, 1);
        assertThat(List.of(r.classObjectId(), r.instanceSize(), r.instanceCount(), r.shallowSizeOfInstances()))
                .containsExactly(0x10L, 32L, 7L, 224L);
        HeapClass string = new HeapClass(0, "java.lang.String", 1, 1, -1, 0, HeapClass.Shape.INSTANCE, null,
                List.of(), List.of(), 24, 1, 24);
        assertThat(m.rename(string)).isSameAs(string);
        HeapClass array = new HeapClass(4, "a.b[]", 2, 2, -1, 0, HeapClass.Shape.OBJECT_ARRAY, FieldType.OBJECT,
                List.of(), List.of(), 0, 1, 24);
        assertThat(m.rename(array).name()).isEqualTo("com.example.Service[]");
        assertThat(m.rename(array).packageName()).isEqualTo("com.example");
    }

    static StackFrame frame(String cls, String method, String signature, int line) {
        return new StackFrame(cls, method, signature, "SourceFile", line, List.of(7, 9));
    }

    @Test
    void framesOfInlinedGroupsAreTheOuterMethodAtTheCallLine() throws Exception {
        NameMapping m = read(R8);
        StackFrame f = m.rename(frame("a.a", "a", "(Ljava/lang/String;[La/b;)V", 5));
        assertThat(f).isEqualTo(new StackFrame("com.example.Main", "dump",
                "(Ljava/lang/String;[Lcom/example/Service;)V", "Main.kt", 54, List.of(7, 9)));
        assertThat(m.rename(frame("a.a", "a", "(Ljava/lang/String;[La/b;)V", 3)).line()).isEqualTo(52);
        assertThat(m.rename(frame("a.a", "a", "(Ljava/lang/String;[La/b;)V", 8)).line()).isEqualTo(57);
        // The line picks helper, another method of the same obfuscated name.
        assertThat(m.rename(frame("a.a", "a", "()V", 11)).display()).isEqualTo("com.example.Main.helper(Main.kt:61)");
        // Without a line, the signature picks the method among those of the name.
        assertThat(m.rename(frame("a.a", "a", "()V", -1)).method()).isEqualTo("helper");
        assertThat(m.rename(frame("a.a", "a", "", 0)).method()).isEqualTo("dump|helper");
    }

    @Test
    void framesWithoutLinesAreToldApartByTheirSignature() throws Exception {
        NameMapping m = read(R8);
        assertThat(m.rename(frame("a.a", "b", "(I)V", 0)).method()).isEqualTo("start");
        assertThat(m.rename(frame("a.a", "b", "(La/a;)V", -2)).method()).isEqualTo("stop");
        assertThat(m.rename(frame("a.a", "b", "(J)V", 0)).method()).isEqualTo("start|stop");
        assertThat(m.rename(frame("a.a", "b", "(I)V", 0)).line()).isZero();
    }

    @Test
    void movedMethodsKeepRangesAndRenamesAndUnknownMethods() throws Exception {
        NameMapping m = read(R8);
        // A method that came from another class: that class, and the source file its own mapping names.
        assertThat(m.rename(frame("a.a", "c", "()V", 13)).display()).isEqualTo("com.example.Util.go(Util.java:31)");
        // ProGuard's ranges without original lines keep the line.
        assertThat(m.rename(frame("a.a", "d", "()V", 21)).display()).isEqualTo("com.example.Main.keep(Main.kt:21)");
        assertThat(m.rename(frame("a.a", "e", "()V", 7)).display()).isEqualTo("com.example.Main.once(Main.kt:33)");
        // A method the mapping does not list: the class is renamed, the rest stays.
        assertThat(m.rename(frame("a.b", "run", "(La/b$a;)V", 4)))
                .isEqualTo(new StackFrame("com.example.Service", "run", "(Lcom/example/Service$Binder;)V", "SourceFile", 4,
                        List.of(7, 9)));
        assertThat(m.rename(frame("a.c", "b", "()V", 4)).display()).isEqualTo("com.example.Util.b(Util.java:4)");
        // A class the mapping does not list, nested in one it does: renamed, nothing else.
        assertThat(m.rename(frame("a.c$1", "a", "()V", 1)).display()).isEqualTo("com.example.Util$1.a(SourceFile:1)");
        StackFrame jdk = new StackFrame("java.lang.Thread", "run", "()V", "Thread.java", 1583, List.of());
        assertThat(m.rename(jdk)).isEqualTo(jdk);
        StackFrame unknown = new StackFrame("", "a", "", "", 0, List.of());
        assertThat(m.rename(unknown)).isEqualTo(unknown);
        assertThat(m.renameDescriptor("([[La/b;ILa/a;Ljava/lang/String;)[La/b$a;"))
                .isEqualTo("([[Lcom/example/Service;ILcom/example/Main;Ljava/lang/String;)[Lcom/example/Service$Binder;");
    }

    @Test
    void toleratesProguardStyleWindowsLineEndsAndAByteOrderMark() throws Exception {
        String proguard = "\uFEFFcom.example.Main -> a.a:\r\n"
                + "\r\n"
                + "\tjava.util.List services -> a\r\n"
                + "void main(java.lang.String[]) -> main\r\n"
                + "    # a comment\r\n"
                + "com.example.\u00e9t\u00e9.Caf\u00e9 -> a.b:\r\n"
                + "    1:2:int size():3:4 -> a";
        Path f = dir.resolve("proguard.map");
        Files.write(f, proguard.getBytes(StandardCharsets.UTF_8));
        NameMapping m = NameMapping.read(f);
        assertThat(m.className("a.a")).isEqualTo("com.example.Main");
        assertThat(m.className("a.b")).isEqualTo("com.example.\u00e9t\u00e9.Caf\u00e9");
        assertThat(m.fieldName("a.a", "a", FieldType.OBJECT)).isEqualTo("services");
        assertThat(m.rename(frame("a.b", "a", "()I", 2)).display()).isEqualTo("com.example.\u00e9t\u00e9.Caf\u00e9.size(SourceFile:4)");
        assertThat(m.rename(frame("a.a", "main", "([Ljava/lang/String;)V", 9)).method()).isEqualTo("main");
        Files.writeString(f, "");
        assertThat(NameMapping.read(f).classCount()).isZero();
    }

    @Test
    void badLinesAreOneMessageWithFileLineAndColumn() throws Exception {
        assertBad("com.example.Main -> a.a:\n    java.util.List services a\n",
                "line 2, column 5: expected a field 'type name -> obfuscated' or a method");
        assertBad("# header\n  int count -> a\n", "line 2, column 3: a member line before any class line");
        assertBad("com.example.Main -> :\n", "line 1, column 1: expected a class 'original.Name -> obfuscated.Name:'");
        assertBad("com.example.Main a.a:\n", "line 1, column 1: expected a class");
        assertBad("com.example.Main -> a.a:\ncom.example.Other -> a.b:\ncom.example.Third -> a.a:\n",
                "line 3, column 1: class a.a is mapped a second time (first at line 1)");
        assertBad("com.example.Main -> a.a:\n    4:1:void run() -> a\n", "line 2, column 5: expected a field");
        assertBad("com.example.Main -> a.a:\n    1:2:void run(int, long) -> a\n", "line 2, column 5: expected a field");
        assertBad("com.example.Main -> a.a:\n    void run() ->\n", "line 2, column 5: expected a field");
        assertBad("com.example.Main -> a.a:\n    void run():x -> a\n", "line 2, column 5: expected a field");
        assertBad("com.example.Main -> a.a:\n    99999999999:1:void run() -> a\n", "line 2, column 5: expected a field");
        Path f = dir.resolve("latin1.txt");
        Files.write(f, "com.example.Main -> a.a:\ncom.example.Caf\u00e9 -> a.b:\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> NameMapping.read(f)).isInstanceOf(DumpFormatException.class)
                .hasMessage(f + ": line 2, column 1: not UTF-8 text");
        assertThatThrownBy(() -> NameMapping.read(dir.resolve("missing.txt")))
                .isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    void assertBad(String text, String message) throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, text);
        assertThatThrownBy(() -> NameMapping.read(f)).isInstanceOf(DumpFormatException.class)
                .hasMessageStartingWith(f + ": " + message).hasNoCause()
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void methodsAreReadBackFromTheFileWhenAFrameNeedsThem() throws Exception {
        NameMapping m = read(R8);
        Path f = dir.resolve("mapping.txt");
        // Classes and fields were kept; methods are read when a frame of their class is first renamed.
        String changed = R8.replace("void go():1:1 -> a", "void go() 1:1 -> a");
        assertThat(changed).hasSameSizeAs(R8).isNotEqualTo(R8);
        Files.writeString(f, changed);
        assertThat(m.fieldName("a.a", "a", FieldType.OBJECT)).isEqualTo("services");
        assertThat(m.rename(frame("a.a", "a", "()V", 11)).method()).as("Main's lines are as they were").isEqualTo("helper");
        assertThatThrownBy(() -> m.rename(frame("a.c", "a", "()V", 1))).isInstanceOf(UncheckedIOException.class)
                .cause().isInstanceOf(DumpFormatException.class).hasMessageContaining("line " + (R8.lines().toList().size())
                        + ", column 5: changed since it was read");
    }
}
