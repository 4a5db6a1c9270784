package dev.heapwise.graph;

/** A declared instance field: its name and type. */
public record FieldDef(String name, FieldType type) {}
