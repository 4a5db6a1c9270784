package dev.heapwise.cli.ddm;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code heapwise agent-path}: where the DDM client agent jar is, for {@code -javaagent:}. */
@Command(name = "agent-path", mixinStandardHelpOptions = true,
        description = {"Prints the absolute path of the heapwise DDM agent jar.",
                "Use it as: java -javaagent:$(heapwise agent-path)=port=8001 -jar app.jar"})
public final class AgentPathCommand implements Callable<Integer> {
    @Option(names = "--json", description = "Print {\"agentJar\": PATH}.")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on stderr.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        Optional<Path> jar = AgentJarLocator.find();
        if (jar.isEmpty()) {
            if (!quiet) {
                System.err.println("heapwise: the agent jar " + AgentJarLocator.JAR_NAME
                        + " was not found; build it with: bin/build (looked at "
                        + AgentJarLocator.candidates() + ")");
            }
            return 1;
        }
        if (json) {
            System.out.println(new ObjectMapper().writeValueAsString(Map.of("agentJar", jar.get().toString())));
        } else {
            System.out.println(jar.get());
        }
        return 0;
    }
}
