package dev.heapwise.cli.ddm;

import dev.heapwise.cli.BadInputException;

/** {@code 8000-8040}, {@code 8001}, or {@code none}. */
record PortRange(int first, int last) {
    static final PortRange NONE = new PortRange(-1, -1);

    static PortRange parse(String text) {
        String s = text.trim();
        if (s.equalsIgnoreCase("none")) {
            return NONE;
        }
        String[] parts = s.split("-", -1);
        try {
            int first = Integer.parseInt(parts[0].trim());
            int last = parts.length == 2 ? Integer.parseInt(parts[1].trim()) : first;
            if (parts.length > 2 || first < 1 || last > 65535 || first > last) {
                throw new NumberFormatException();
            }
            return new PortRange(first, last);
        } catch (NumberFormatException e) {
            throw new BadInputException("--ports " + text + ": expected FIRST-LAST with 1 <= FIRST <= LAST <= 65535, or none");
        }
    }

    boolean none() {
        return first < 0;
    }

    @Override
    public String toString() {
        return none() ? "none" : first == last ? String.valueOf(first) : first + "-" + last;
    }
}
