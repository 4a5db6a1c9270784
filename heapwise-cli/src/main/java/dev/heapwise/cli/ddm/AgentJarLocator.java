package dev.heapwise.cli.ddm;

import dev.heapwise.ddm.client.DdmAgent;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarFile;

/**
 * Finds the heapwise-ddm agent jar (a jar whose manifest has {@code Premain-Class}). Looks, in
 * order: at the {@code heapwise.agent.jar} system property and the {@code HEAPWISE_AGENT_JAR}
 * environment variable (for launchers and installs), next to the CLI jar, and at
 * {@code heapwise-ddm/target/heapwise-ddm.jar} relative to the CLI's build directory (a source
 * checkout, where {@code bin/heapwise} runs {@code heapwise-cli/target/heapwise.jar}).
 */
final class AgentJarLocator {
    static final String JAR_NAME = "heapwise-ddm.jar";

    private AgentJarLocator() {}

    /** Places looked at, in order; for error messages. */
    static List<Path> candidates() {
        Set<Path> out = new LinkedHashSet<>();
        String property = System.getProperty("heapwise.agent.jar");
        if (property != null && !property.isBlank()) {
            out.add(Path.of(property));
        }
        String env = System.getenv("HEAPWISE_AGENT_JAR");
        if (env != null && !env.isBlank()) {
            out.add(Path.of(env));
        }
        for (Class<?> anchor : List.of(AgentJarLocator.class, DdmAgent.class)) {
            codeLocation(anchor).ifPresent(location -> {
                // A jar's directory, or for a classes directory its target directory.
                Path dir = location.getParent();
                if (dir != null) {
                    out.add(dir.resolve(JAR_NAME));
                    out.add(dir.resolve("lib").resolve(JAR_NAME));
                    Path moduleRoot = dir.getParent();
                    if (moduleRoot != null && moduleRoot.getParent() != null) {
                        out.add(moduleRoot.getParent().resolve("heapwise-ddm").resolve("target").resolve(JAR_NAME));
                    }
                }
            });
        }
        List<Path> list = new ArrayList<>();
        for (Path p : out) {
            list.add(p.toAbsolutePath().normalize());
        }
        return list;
    }

    /** The first candidate that is a jar with a Premain-Class. */
    static Optional<Path> find() {
        for (Path p : candidates()) {
            if (isAgentJar(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    static boolean isAgentJar(Path p) {
        if (!Files.isRegularFile(p)) {
            return false;
        }
        try (JarFile jar = new JarFile(p.toFile())) {
            return jar.getManifest() != null && jar.getManifest().getMainAttributes().getValue("Premain-Class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Path> codeLocation(Class<?> c) {
        try {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            return source == null ? Optional.empty() : Optional.of(Path.of(source.getLocation().toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
