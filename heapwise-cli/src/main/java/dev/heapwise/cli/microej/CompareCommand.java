package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.MicroEjAttributes;
import dev.heapwise.microej.analysis.HeapComparison;
import dev.heapwise.microej.analysis.HeapComparison.Status;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", description = "Compare two dumps of one application by instance id: garbage-collected, new, "
        + "persistent, and persistent instances whose values changed, per type; --type lists instances, --instance "
        + "compares one instance field by field.")
final class CompareCommand implements Callable<Integer> {
    enum Show { all, gc_and_new, persistent, changed }

    @Parameters(index = "0", paramLabel = "OLD")
    Path older;

    @Parameters(index = "1", paramLabel = "NEW")
    Path newer;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--show", description = "all, gc_and_new, persistent or changed (default: ${DEFAULT-VALUE}).")
    Show show = Show.all;

    @Option(names = "--type", description = "List the instances of this type (per --show).")
    String type;

    @Option(names = "--instance", paramLabel = "ID", description = "Compare this instance field by field.")
    String instance;

    @Option(names = "--no-classes", description = "Leave class objects (statics) out.")
    boolean noClasses;

    @Option(names = "--top", paramLabel = "N", description = "List at most N instances (default: ${DEFAULT-VALUE}).")
    int top = 200;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph a = open.open(older); HeapGraph b = open.open(newer)) {
            if (instance != null) {
                return fields(a, b);
            }
            List<Status> statuses = switch (show) {
                case all -> List.of(Status.values());
                case gc_and_new -> List.of(Status.GARBAGE_COLLECTED, Status.NEW);
                case persistent -> List.of(Status.PERSISTENT, Status.CHANGED);
                case changed -> List.of(Status.CHANGED);
            };
            String typeName = null;
            if (type != null) { // a type may exist in either dump only (all new, or all collected)
                typeName = Cli.findType(a, older, type);
                if (typeName == null) {
                    typeName = Cli.type(b, newer, type);
                }
            }
            HeapComparison.Result r = HeapComparison.compare(a, b, !noClasses, typeName == null ? List.of() : statuses,
                    typeName, Math.max(0, top));
            List<HeapComparison.TypeRow> rows = r.types().stream().filter(t -> switch (show) {
                case all -> true;
                case gc_and_new -> t.garbageCollected() + t.created() > 0;
                case persistent -> t.persistent() > 0;
                case changed -> t.changed() > 0;
            }).toList();
            if (json) {
                ObjectNode o = Json.object();
                o.put("old", older.toString());
                o.put("new", newer.toString());
                o.put("oldTypes", r.oldTypes());
                o.put("oldInstances", r.oldInstances());
                o.put("newTypes", r.newTypes());
                o.put("newInstances", r.newInstances());
                ArrayNode t = o.putArray("types");
                for (HeapComparison.TypeRow row : rows) {
                    ObjectNode x = t.addObject();
                    x.put("type", row.type());
                    x.put("oldInstances", row.oldInstances());
                    x.put("newInstances", row.newInstances());
                    x.put("garbageCollected", row.garbageCollected());
                    x.put("new", row.created());
                    x.put("persistent", row.persistent());
                    x.put("changed", row.changed());
                }
                if (typeName != null) {
                    ArrayNode in = o.putArray("instances");
                    for (HeapComparison.InstanceRow row : r.instances()) {
                        ObjectNode x = in.addObject();
                        x.put("id", row.id());
                        x.put("type", row.type());
                        x.put("status", Cli.lower(row.status()));
                    }
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("Old heap: %s %s types - %s instances%n", older.getFileName(), Units.count(r.oldTypes()),
                    Units.count(r.oldInstances()));
            System.out.printf("New heap: %s %s types - %s instances%n", newer.getFileName(), Units.count(r.newTypes()),
                    Units.count(r.newInstances()));
            System.out.printf("%n%10s %10s %10s %10s %10s %10s  %s%n", "old", "new", "collected", "created",
                    "persistent", "changed", "type");
            for (HeapComparison.TypeRow row : rows) {
                System.out.printf("%10s %10s %10s %10s %10s %10s  %s%n", Units.count(row.oldInstances()),
                        Units.count(row.newInstances()), Units.count(row.garbageCollected()), Units.count(row.created()),
                        Units.count(row.persistent()), Units.count(row.changed()), row.type());
            }
            if (typeName != null) {
                System.out.printf("%nInstances of %s (%s):%n", typeName, show);
                for (HeapComparison.InstanceRow row : r.instances()) {
                    System.out.printf("  %-14s %s%n", row.id(), Cli.lower(row.status()));
                }
            }
            return 0;
        }
    }

    private int fields(HeapGraph a, HeapGraph b) {
        int o = new MicroEjAttributes(a).find(instance);
        int p = new MicroEjAttributes(b).find(instance);
        if (o < 0 && p < 0) {
            throw new dev.heapwise.cli.BadInputException(older + ", " + newer + ": neither dump has an object with id "
                    + instance);
        }
        List<HeapComparison.FieldRow> rows = HeapComparison.fields(a, o, b, p);
        String status = o < 0 ? "new" : p < 0 ? "garbage-collected"
                : HeapComparison.differs(a, o, b, p) ? "changed" : "persistent";
        if (json) {
            ObjectNode doc = Json.object();
            doc.put("instance", instance);
            doc.put("status", status);
            ArrayNode arr = doc.putArray("fields");
            for (HeapComparison.FieldRow r : rows) {
                ObjectNode x = arr.addObject();
                x.put("name", r.name());
                x.put("type", r.type());
                x.put("static", r.isStatic());
                x.put("oldValue", r.oldValue());
                x.put("newValue", r.newValue());
                x.put("changed", r.changed());
            }
            Json.print(System.out, doc);
            return 0;
        }
        System.out.printf("Instance %s: %s%n", instance, status);
        System.out.printf("  %-24s %-10s %-20s %-20s%n", "field", "type", "old value", "new value");
        for (HeapComparison.FieldRow r : rows) {
            System.out.printf("%s %-24s %-10s %-20s %-20s%n", r.changed() ? "*" : " ",
                    (r.isStatic() ? "static " : "") + r.name(), r.type(), r.oldValue(), r.newValue());
        }
        return 0;
    }
}
