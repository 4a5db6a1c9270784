package dev.heapwise.hprof.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.build.ClassInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What HotSpot's object layout knows that HPROF does not say: the fields the VM injects into some
 * JDK classes (they take space but are never dumped) and the JDK classes whose fields are
 * {@code @Contended} (padded). Taken from JDK 17 and JDK 25 (see docs/research/hprof-layout.md);
 * the dump's own field lists tell the two apart where they differ.
 */
final class HotSpotVmFields {
    private HotSpotVmFields() {}

    private static FieldDef f(String name, FieldType t) {
        return new FieldDef(name, t);
    }

    private static final Map<String, List<FieldDef>> INJECTED = Map.of(
            "java.lang.String", List.of(f("flags", FieldType.BYTE)),
            "java.lang.ClassLoader", List.of(f("loader_data", FieldType.LONG)),
            "java.lang.Module", List.of(f("module_entry", FieldType.LONG)),
            "java.lang.invoke.MemberName", List.of(f("vmindex", FieldType.LONG)),
            "java.lang.invoke.CallSite", List.of(f("vmdependencies", FieldType.LONG), f("last_cleanup", FieldType.LONG)),
            "java.lang.StackFrameInfo", List.of(f("version", FieldType.SHORT)),
            "java.lang.InternalError", List.of(f("during_unsafe_access", FieldType.BOOLEAN)));

    /** Fields the VM adds to {@code c}'s own declared fields (not inherited ones). */
    static List<FieldDef> injected(ClassInfo c) {
        String n = c.name();
        switch (n) {
            case "java.lang.Thread":
                // JDK 19+ (virtual threads, Thread.holder) injects JVMTI and JFR state; JDK 17 none.
                return declares(c, "holder") ? List.of(f("jvmti_thread_state", FieldType.LONG),
                        f("jvmti_VTMS_transition_disable_count", FieldType.INT),
                        f("jvmti_is_in_VTMS_transition", FieldType.BOOLEAN), f("jfr_epoch", FieldType.SHORT))
                        : List.of();
            case "java.lang.invoke.ResolvedMethodName":
                return declares(c, "vmholder") ? List.of(f("vmtarget", FieldType.LONG))
                        : List.of(f("vmtarget", FieldType.LONG), f("vmholder", FieldType.OBJECT));
            case "java.lang.invoke.MethodHandleNatives$CallSiteContext":
                return List.of(f("vmdependencies", FieldType.LONG), f("last_cleanup", FieldType.LONG));
            case "java.lang.Class":
                // klass, array_klass, oop_size, static_oop_field_count, and the references the
                // VM keeps in the mirror (JDK 25 made signers and protectionDomain Java fields).
                // JDK 17's init_lock is no field of its own: it shares componentType's slot
                // (java_lang_Class::compute_offsets).
                return declares(c, "protectionDomain")
                        ? List.of(f("klass", FieldType.LONG), f("array_klass", FieldType.LONG),
                                f("oop_size", FieldType.INT), f("static_oop_field_count", FieldType.INT),
                                f("init_lock", FieldType.OBJECT), f("source_file", FieldType.OBJECT))
                        : List.of(f("klass", FieldType.LONG), f("array_klass", FieldType.LONG),
                                f("oop_size", FieldType.INT), f("static_oop_field_count", FieldType.INT),
                                f("protection_domain", FieldType.OBJECT), f("signers", FieldType.OBJECT),
                                f("source_file", FieldType.OBJECT));
            default:
                return INJECTED.getOrDefault(n, List.of());
        }
    }

    /**
     * The JDKs whose classes the dump holds, as {from, to} (0: not bounded), from the fields
     * {@code java.lang.Thread} declares: JDK 19 added {@code Thread.holder} (virtual threads), so
     * a Thread with fields but without it is from JDK 18 or earlier. {0, 0} without a Thread.
     */
    static int[] jdksOfClasses(List<? extends ClassInfo> classes) {
        for (ClassInfo c : classes) {
            if (c.name().equals("java.lang.Thread") && !c.fields().isEmpty()) {
                return declares(c, "holder") ? new int[] {19, 0} : new int[] {0, 18};
            }
        }
        return new int[] {0, 0};
    }

    static boolean declares(ClassInfo c, String field) {
        for (FieldDef d : c.fields()) {
            if (d.name().equals(field)) {
                return true;
            }
        }
        return false;
    }

    /** JDK classes annotated {@code @Contended} as a whole. */
    static final Set<String> CONTENDED_CLASSES = Set.of(
            "java.util.concurrent.ConcurrentHashMap$CounterCell",
            "java.util.concurrent.atomic.Striped64$Cell",
            "java.util.concurrent.Exchanger$Slot",
            "java.util.concurrent.Exchanger$Node",
            "java.util.concurrent.SubmissionPublisher$BufferedSubscription");

    /** JDK classes with {@code @Contended} field groups: class, group name, fields in the group. */
    static List<List<String>> contendedGroups(ClassInfo c) {
        return switch (c.name()) {
            case "java.util.concurrent.SubmissionPublisher$BufferedSubscription" -> List.of(List.of("demand", "waiting"));
            case "java.util.concurrent.ForkJoinPool" -> List.of(List.of("ctl", "parallelism"));
            case "java.util.concurrent.ForkJoinPool$WorkQueue" ->
                    List.of(List.of("top", "phase", "stackPred", "source", "nsteals", "parking"));
            case "java.lang.Thread" -> declares(c, "holder") ? List.of()
                    : List.of(List.of("threadLocalRandomSeed", "threadLocalRandomProbe", "threadLocalRandomSecondarySeed"));
            default -> List.of();
        };
    }

    /** Boot classes HotSpot before JDK 15 lays out references first, without compacting (style 0). */
    static final Set<String> LEGACY_REFERENCES_FIRST = Set.of(
            "java.lang.AssertionStatusDirectives", "java.lang.Class", "java.lang.ClassLoader",
            "java.lang.ref.Reference", "java.lang.ref.SoftReference", "java.lang.StackTraceElement",
            "java.lang.String", "java.lang.Throwable", "java.lang.Boolean", "java.lang.Character",
            "java.lang.Float", "java.lang.Double", "java.lang.Byte", "java.lang.Short", "java.lang.Integer",
            "java.lang.Long");
}
