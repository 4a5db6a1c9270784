package dev.heapwise.hprof.internal;

/** HPROF record and sub-record tags (HotSpot, plus Android's extensions). */
final class Tags {
    static final int UTF8 = 0x01;
    static final int LOAD_CLASS = 0x02;
    static final int UNLOAD_CLASS = 0x03;
    static final int FRAME = 0x04;
    static final int TRACE = 0x05;
    static final int ALLOC_SITES = 0x06;
    static final int HEAP_SUMMARY = 0x07;
    static final int START_THREAD = 0x0A;
    static final int END_THREAD = 0x0B;
    static final int HEAP_DUMP = 0x0C;
    static final int CPU_SAMPLES = 0x0D;
    static final int CONTROL_SETTINGS = 0x0E;
    static final int HEAP_DUMP_SEGMENT = 0x1C;
    static final int HEAP_DUMP_END = 0x2C;

    static final int ROOT_UNKNOWN = 0xFF;
    static final int ROOT_JNI_GLOBAL = 0x01;
    static final int ROOT_JNI_LOCAL = 0x02;
    static final int ROOT_JAVA_FRAME = 0x03;
    static final int ROOT_NATIVE_STACK = 0x04;
    static final int ROOT_STICKY_CLASS = 0x05;
    static final int ROOT_THREAD_BLOCK = 0x06;
    static final int ROOT_MONITOR_USED = 0x07;
    static final int ROOT_THREAD_OBJECT = 0x08;
    static final int CLASS_DUMP = 0x20;
    static final int INSTANCE_DUMP = 0x21;
    static final int OBJECT_ARRAY_DUMP = 0x22;
    static final int PRIMITIVE_ARRAY_DUMP = 0x23;

    static final int HEAP_DUMP_INFO = 0xFE;
    static final int ROOT_INTERNED_STRING = 0x89;
    static final int ROOT_FINALIZING = 0x8A;
    static final int ROOT_DEBUGGER = 0x8B;
    static final int ROOT_REFERENCE_CLEANUP = 0x8C;
    static final int ROOT_VM_INTERNAL = 0x8D;
    static final int ROOT_JNI_MONITOR = 0x8E;
    static final int ROOT_UNREACHABLE = 0x90;
    static final int PRIMITIVE_ARRAY_NODATA = 0xC3;

    private Tags() {}

    static String recordName(int tag) {
        return switch (tag) {
            case UTF8 -> "UTF8";
            case LOAD_CLASS -> "LOAD_CLASS";
            case UNLOAD_CLASS -> "UNLOAD_CLASS";
            case FRAME -> "FRAME";
            case TRACE -> "TRACE";
            case ALLOC_SITES -> "ALLOC_SITES";
            case HEAP_SUMMARY -> "HEAP_SUMMARY";
            case START_THREAD -> "START_THREAD";
            case END_THREAD -> "END_THREAD";
            case HEAP_DUMP -> "HEAP_DUMP";
            case CPU_SAMPLES -> "CPU_SAMPLES";
            case CONTROL_SETTINGS -> "CONTROL_SETTINGS";
            case HEAP_DUMP_SEGMENT -> "HEAP_DUMP_SEGMENT";
            case HEAP_DUMP_END -> "HEAP_DUMP_END";
            default -> String.format("unknown record 0x%02x", tag);
        };
    }
}
