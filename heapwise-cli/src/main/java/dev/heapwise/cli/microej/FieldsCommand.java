package dev.heapwise.cli.microej;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.analysis.Browser;
import picocli.CommandLine.Command;

@Command(name = "fields", description = "Instance Browser, Fields mode: the field values of an object (statics for a class object, elements for an array), and the fields of the objects they refer to, recursively.")
final class FieldsCommand extends BrowserCommand {
    @Override
    Browser.Node tree(HeapGraph g, int object, int depth, int max) {
        return Browser.fields(g, object, depth, max);
    }
}
