package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command, nested ones too, answers {@code --help} with its usage on stdout and exit 0. */
class HelpTest {
    private static void collect(String prefix, Map<String, CommandLine> subs, List<List<String>> out) {
        for (Map.Entry<String, CommandLine> e : subs.entrySet()) {
            List<String> path = new ArrayList<>(prefix.isEmpty() ? List.of() : List.of(prefix.split(" ")));
            path.add(e.getKey());
            out.add(path);
            collect(String.join(" ", path), e.getValue().getSubcommands(), out);
        }
    }

    @Test
    void everyCommandTakesHelp() {
        List<List<String>> commands = new ArrayList<>();
        collect("", Main.withEveryCommand().getSubcommands(), commands);
        assertThat(commands).hasSizeGreaterThan(20);
        for (List<String> c : commands) {
            for (String flag : List.of("--help", "-h")) {
                List<String> args = new ArrayList<>(c);
                args.add(flag);
                CliRun r = CliRun.run(args.toArray(String[]::new));
                assertThat(r.exit()).as(args + ": " + r.err()).isZero();
                assertThat(r.out()).as(String.join(" ", args)).startsWith("Usage: heapwise " + String.join(" ", c));
            }
        }
    }

    @Test
    void aCommandLineForOneCommandHoldsThatCommandAlone() {
        Map<String, CommandLine> all = Main.withEveryCommand().getSubcommands();
        for (Map.Entry<String, CommandLine> e : all.entrySet()) {
            Map<String, CommandLine> one = Main.newCommandLine(e.getKey(), "--help").getSubcommands();
            assertThat(one).as(e.getKey()).containsOnlyKeys(e.getKey());
            Object command = one.get(e.getKey()).getCommand();
            assertThat(command).as(e.getKey())
                    .isExactlyInstanceOf(e.getValue().getCommand().getClass());
        }
    }

    @Test
    void theVersionTheListAndATypoBuildNoCommand() {
        for (String[] args : new String[][] {{}, {"--version"}, {"--help"}, {"-h"}, {"histogramx"}}) {
            Map<String, CommandLine> subs = Main.newCommandLine(args).getSubcommands();
            assertThat(subs.keySet()).as(String.join(" ", args))
                    .containsExactlyElementsOf(Main.withEveryCommand().getSubcommands().keySet());
            assertThat(subs.values()).as(String.join(" ", args))
                    .allSatisfy(c -> assertThat((Object) c.getCommand()).isNull());
        }
        assertThat(Main.newCommandLine("--help").getUsageMessage())
                .isEqualTo(Main.withEveryCommand().getUsageMessage())
                .contains("dominators", "report").doesNotContain("train");
    }

    @Test
    void aUsageMistakeIsOneLineWithWhereToLook() {
        CliRun typo = CliRun.run("histogramx");
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.err().lines()).singleElement().asString()
                .startsWith("heapwise: Unmatched argument").contains("did you mean histogram?", "heapwise --help");
        CliRun option = CliRun.run("histogram", "x.hprof", "--sortt", "count");
        assertThat(option.exit()).isEqualTo(2);
        assertThat(option.err().lines()).singleElement().asString().contains("--sort?", "heapwise histogram --help");
        CliRun missing = CliRun.run("microej", "usage");
        assertThat(missing.err().lines()).singleElement().asString().contains("heapwise microej usage --help");
    }
}
