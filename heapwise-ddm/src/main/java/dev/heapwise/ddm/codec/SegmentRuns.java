package dev.heapwise.ddm.codec;

import dev.heapwise.ddm.internal.PayloadReader;

/**
 * The run pairs of heap segment data. Each pair is {@code (state, units - 1)}; the state byte is
 * {@code P U0 K2 K1 K0 S2 S1 S0}: solidity in bits 0-2, kind in bits 3-5, bit 6 unused (must be 0)
 * and bit 7 "partial" (the run continues in the next pair, as ART marks runs longer than 256 units
 * and HPSO marks objects that span several pairs). Stateless and thread-safe.
 */
public final class SegmentRuns {
    /** Bit 7: this run continues in the next pair. */
    public static final int PARTIAL = 0x80;
    /** Bit 6: unused, must be zero. */
    public static final int UNUSED = 0x40;
    /** Units one pair can carry. */
    public static final int MAX_RUN = 256;

    private SegmentRuns() {}

    /** Solidity, bits 0-2 (0 free, 1 hard, 2 soft, 3 weak, 4 phantom, 5 finalizable, 6 sweep). */
    public static int solidity(int state) {
        return state & 0x07;
    }

    /** Kind, bits 3-5 (0 object, 1 class, 2 byte[], 3 char[]/short[], 4 int[]/Object[], 5 long[], 7 native). */
    public static int kind(int state) {
        return (state >>> 3) & 0x07;
    }

    /** A state byte for a kind and solidity (no partial flag). */
    public static int state(int kind, int solidity) {
        return ((kind & 7) << 3) | (solidity & 7);
    }

    /**
     * Walks the run pairs from the reader's position to its end and checks that they account for
     * exactly {@code units} allocation units: the data must end exactly when the units do. Also
     * rejects the unused bit and a dangling half pair. (A partial flag on a piece's last run is
     * allowed: an object may continue in the next piece.)
     */
    static void check(PayloadReader r, long units) {
        byte[] d = r.array();
        int pos = r.absolutePosition();
        int end = pos + r.remaining();
        int base = r.position() - pos; // relative offset = absolute + base
        long covered = 0;
        while (pos < end) {
            if (end - pos < 2) {
                throw r.fail(pos + base, "a run pair is cut in half at the end of the data");
            }
            if (covered >= units) {
                throw r.fail(pos + base, "data continues after all " + units + " units are accounted for ("
                        + (end - pos) + " bytes left)");
            }
            int state = d[pos] & 0xff;
            if ((state & UNUSED) != 0) {
                throw r.fail(pos + base, String.format("state byte 0x%02x has the unused bit 6 set", state));
            }
            covered += (d[pos + 1] & 0xff) + 1;
            pos += 2;
            if (covered > units) {
                throw r.fail(pos - 2 + base, "runs cover " + covered + " units but the piece declares " + units);
            }
        }
        if (covered != units) {
            throw r.fail(pos + base, "data ends after " + covered + " of the declared " + units + " units");
        }
        r.skip(end - r.absolutePosition(), "runs");
    }
}
