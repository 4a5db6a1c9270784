package dev.heapwise.microej.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the string ids of a MicroEJ dump to the graph's long ids. Decimal ids ({@code 98}) and
 * {@code 0x} hex ids ({@code 0x2000a1c4}) below 2^62 are their own number, with no memory per id;
 * any other spelling gets a provisional number from 2^62 up at first sight (as an element or a
 * reference), kept in a map, so only dumps with such ids pay memory per id. Once the whole dump
 * has been read, {@link #finalId} moves provisional numbers to just above the largest number the
 * dump uses, so the graph's id range stays compact (its id index is sized by the range).
 * {@code 0}, {@code ""} and {@code null} in a reference mean the null reference. Not thread-safe.
 */
public final class IdTable {
    /** Ids from here up were assigned by heapwise, not written in the dump. */
    public static final long ASSIGNED_BASE = 1L << 62;

    private final Map<String, Long> assigned = new HashMap<>();
    private long maxNumeric;
    private final List<String> spellings = new ArrayList<>();

    /** A decimal or 0x-hex id below 2^62, or -1 when the text is not one. Allocation-free. */
    public static long numeric(CharSequence s, int from, int to) {
        if (to - from > 2 && s.charAt(from) == '0' && (s.charAt(from + 1) == 'x' || s.charAt(from + 1) == 'X')) {
            long v = 0;
            for (int i = from + 2; i < to; i++) {
                int d = Character.digit(s.charAt(i), 16);
                if (d < 0 || v >= (ASSIGNED_BASE >>> 4)) {
                    return -1;
                }
                v = (v << 4) | d;
            }
            return v;
        }
        if (to <= from) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
            if (v >= ASSIGNED_BASE) {
                return -1;
            }
        }
        return v;
    }

    /** Whether a reference spelling means null. */
    public static boolean isNull(String s) {
        return s.isEmpty() || s.equals("0") || s.equals("null") || s.equals("0x0");
    }

    /** The graph id of an element's or a reference's id; 0 only for null spellings in references. */
    public long id(String s) {
        String t = s.trim();
        long v = numeric(t, 0, t.length());
        if (v > 0) {
            maxNumeric = Math.max(maxNumeric, v);
            return v;
        }
        if (isNull(t)) {
            return 0;
        }
        Long a = assigned.get(t);
        if (a == null) {
            a = ASSIGNED_BASE + spellings.size();
            assigned.put(t, a);
            spellings.add(t);
        }
        return a;
    }

    /** The graph id a spelling already has (numeric, or assigned earlier), or -1; never assigns. */
    public long lookup(String s) {
        String t = s.trim();
        long v = numeric(t, 0, t.length());
        if (v > 0) {
            return v;
        }
        Long a = assigned.get(t);
        return a == null ? -1 : a;
    }

    /** Notes a numeric id read without {@link #id} (the array fast path). */
    public void noteNumeric(long v) {
        if (v > maxNumeric) {
            maxNumeric = v;
        }
    }

    /** The graph id of a provisional one: numbers stay, provisional numbers go above the largest number seen. */
    public long finalId(long provisional) {
        return provisional < ASSIGNED_BASE ? provisional : maxNumeric + 1 + (provisional - ASSIGNED_BASE);
    }

    /** A fresh id no dump spelling maps to (for classes heapwise synthesizes). */
    public long fresh(String label) {
        long a = ASSIGNED_BASE + spellings.size();
        spellings.add(label);
        return a;
    }

    /** How a provisional id was spelled in the dump, or null when it was a number. */
    public String spelling(long id) {
        if (id < ASSIGNED_BASE) {
            return null;
        }
        return spellings.get((int) (id - ASSIGNED_BASE));
    }

    public boolean anyAssigned() {
        return !spellings.isEmpty();
    }
}
