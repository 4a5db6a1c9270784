import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A build step (heapwise-cli/pom.xml, run as a source file after the shaded jar is made): rewrites the
 * jar's classes older than class-file version 50 (picocli's, compiled for Java 5) as version 52 with
 * stack maps, so that the JVM's ahead-of-time cache, which leaves out classes only the old verifier
 * can check, holds them loaded and linked. Their code is unchanged. Every class it rewrites is
 * checked by the class-file library's verifier first, and any error fails the build. The jar is
 * written to a temporary name beside it and renamed over it (the temporary file is deleted on failure).
 *
 * <p>Usage: {@code java ClassFileUpgrade.java JAR}
 */
public final class ClassFileUpgrade {
    private static final int FIRST_WITH_STACK_MAPS = 50;
    private static final int TARGET = 52;

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        Path tmp = jar.resolveSibling(jar.getFileName() + ".upgrade.tmp");
        int upgraded;
        try {
            upgraded = rewrite(jar, tmp);
        } catch (Exception | Error e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("ClassFileUpgrade: " + upgraded + " classes of " + jar + " now at version " + TARGET);
    }

    /** Copies {@code jar} to {@code tmp}, old classes upgraded; returns how many. */
    private static int rewrite(Path jar, Path tmp) throws Exception {
        int upgraded = 0;
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {jar.toUri().toURL()}, null);
                ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
            // Stack maps need the common superclass of two types: found in the JDK or, by parsing, in the jar.
            ClassFile cf = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                byte[] bytes = in.readAllBytes();
                if (e.getName().endsWith(".class")) {
                    ClassModel model = cf.parse(bytes);
                    if (model.majorVersion() < FIRST_WITH_STACK_MAPS) {
                        bytes = upgrade(cf, model, e.getName());
                        upgraded++;
                    }
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        }
        return upgraded;
    }

    private static byte[] upgrade(ClassFile cf, ClassModel model, String name) {
        // Rebuilding every method body is what makes the library compute its stack map.
        byte[] bytes = cf.transformClass(model, ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                .andThen(ClassTransform.endHandler(b -> b.withVersion(TARGET, 0))));
        List<VerifyError> errors = cf.verify(bytes);
        if (!errors.isEmpty()) {
            throw new IllegalStateException(name + " does not verify at version " + TARGET + ": " + errors);
        }
        return bytes;
    }
}
