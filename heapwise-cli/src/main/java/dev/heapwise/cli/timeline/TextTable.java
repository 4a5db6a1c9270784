package dev.heapwise.cli.timeline;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A plain text table: the first column left-aligned, the others right-aligned. Not thread-safe. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... header) {
        columns = header.length;
        rows.add(header);
    }

    TextTable row(Object... cells) {
        String[] row = new String[columns];
        for (int i = 0; i < columns; i++) {
            row[i] = i < cells.length ? String.valueOf(cells[i]) : "";
        }
        rows.add(row);
        return this;
    }

    void print(PrintStream out, String indent) {
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < columns; i++) {
                if (i > 0) {
                    line.append("  ");
                }
                String pad = " ".repeat(width[i] - row[i].length());
                line.append(i == 0 ? row[i] + pad : pad + row[i]);
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
