package dev.heapwise.graph.build;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.StaticField;
import java.util.List;

/**
 * A class as a dump declares it, handed to {@link GraphBuilder#addClass}.
 *
 * @param classObjectId      the class object's id (must be non-zero)
 * @param name               Java-form name ({@code java.lang.String}, {@code int[]}), or null if
 *                           the dump names it elsewhere ({@link GraphBuilder#nameClass})
 * @param superclassId       the superclass's class object id, 0 for none
 * @param loaderId           the class loader's object id, 0 for the boot loader
 * @param signersId          the signers object id, or 0
 * @param protectionDomainId the protection domain object id, or 0
 * @param dumpInstanceSize   the instance size the dump states (HotSpot: the sum of field sizes;
 *                           ART: the real object size)
 * @param fields             declared instance fields in the order instance records store them
 * @param statics            static fields with their values
 * @param constantPoolRefs   object ids held by the constant pool (old dumps), may be empty
 */
public record ClassDef(long classObjectId, String name, long superclassId, long loaderId, long signersId,
        long protectionDomainId, long dumpInstanceSize, List<FieldDef> fields, List<StaticField> statics,
        long[] constantPoolRefs) {

    public ClassDef {
        fields = List.copyOf(fields);
        statics = List.copyOf(statics);
        constantPoolRefs = constantPoolRefs == null ? new long[0] : constantPoolRefs;
    }
}
