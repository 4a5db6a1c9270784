package dev.heapwise.ddm.heap;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws a heap bitmap the way DDMS did: the heap's bytes left to right, top to bottom, one colour
 * per kind and solidity, with a legend. Segments are drawn one after the other (address gaps are
 * not drawn). When the heap has more allocation units than the image has pixels, each pixel covers
 * several units and shows the state that covers most of them.
 *
 * <p>Stateless and thread-safe. Cost: O(runs + pixels) time, one image in memory (at most
 * {@code width x maxRows} pixels plus the legend). Works headless. If the platform has no fonts,
 * the legend keeps its colour swatches and loses its text.
 */
public final class HeapBitmapRenderer {
    private static final Color BACKGROUND = new Color(0xf4f4f4);
    private static final Color FREE = new Color(0x202020);
    private static final Color[] KIND = {
        new Color(0x2e7dd7), // object
        new Color(0xd83b3b), // class
        new Color(0x3bb273), // byte[]
        new Color(0xe0a000), // char[]
        new Color(0x8e55c8), // Object[]/int[]
        new Color(0x00a5b5), // long[]
        new Color(0x888888), // kind 6
        new Color(0xd45fa0), // native
    };
    /** How much of white is mixed into a kind's colour for each solidity (hard = pure). */
    private static final float[] SOLIDITY_FADE = {0f, 0f, 0.30f, 0.45f, 0.60f, 0.70f, 0.80f, 0.85f};

    private final int width;
    private final int maxRows;

    /** 512 pixels wide, at most 1024 rows, like a DDMS heap panel scaled up. */
    public HeapBitmapRenderer() {
        this(512, 1024);
    }

    public HeapBitmapRenderer(int width, int maxRows) {
        if (width < 64 || maxRows < 1) {
            throw new IllegalArgumentException("width >= 64 and maxRows >= 1 needed");
        }
        this.width = width;
        this.maxRows = maxRows;
    }

    /** The colour used for a state {@code (kind << 3) | solidity}. */
    public static Color color(int state) {
        int solidity = state & 7;
        if (solidity == HeapStates.SOLIDITY_FREE) {
            return FREE;
        }
        Color base = KIND[(state >>> 3) & 7];
        float f = SOLIDITY_FADE[solidity];
        return new Color(mix(base.getRed(), f), mix(base.getGreen(), f), mix(base.getBlue(), f));
    }

    /** Renders as an image. */
    public BufferedImage render(HeapBitmap bitmap, String title) {
        HeapStatistics stats = bitmap.statistics();
        long total = Math.max(1, stats.totalBytes());
        long unit = Math.max(1, bitmap.unitSize());
        long units = (total + unit - 1) / unit;
        long unitsPerPixel = Math.max(1, (units + (long) width * maxRows - 1) / ((long) width * maxRows));
        long bytesPerPixel = unitsPerPixel * unit;
        int pixels = (int) ((total + bytesPerPixel - 1) / bytesPerPixel);
        int rows = Math.max(1, (pixels + width - 1) / width);

        int[] present = stats.statesPresent();
        int legendRows = present.length + 2;
        int lineHeight = 16;
        int top = 3 * lineHeight + 8;
        int legendTop = top + rows + 12;
        int height = legendTop + legendRows * lineHeight + 8;
        BufferedImage img = new BufferedImage(width + 16, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setColor(BACKGROUND);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            paintPixels(img, bitmap, 8, top, bytesPerPixel, pixels);
            for (int i = 0; i < present.length; i++) {
                g.setColor(color(present[i]));
                g.fillRect(8, legendTop + i * lineHeight + 3, 12, 10);
            }
            drawText(g, bitmap, stats, title, present, top, legendTop, lineHeight, bytesPerPixel);
        } finally {
            g.dispose();
        }
        return img;
    }

    /** Renders and writes a PNG. Does I/O on {@code out}; does not close it. */
    public void writePng(HeapBitmap bitmap, String title, OutputStream out) throws IOException {
        if (!ImageIO.write(render(bitmap, title), "png", out)) {
            throw new IOException("no PNG writer available");
        }
    }

    private void paintPixels(BufferedImage img, HeapBitmap b, int left, int top, long bytesPerPixel, int pixels) {
        long[] share = new long[64];
        int run = 0;
        long runLeft = b.runCount() > 0 ? b.runBytes(0) : 0;
        for (int p = 0; p < pixels; p++) {
            java.util.Arrays.fill(share, 0);
            long need = bytesPerPixel;
            while (need > 0 && run < b.runCount()) {
                long take = Math.min(need, runLeft);
                share[b.runState(run)] += take;
                need -= take;
                runLeft -= take;
                if (runLeft == 0 && ++run < b.runCount()) {
                    runLeft = b.runBytes(run);
                }
            }
            int best = 0;
            for (int s = 1; s < 64; s++) {
                if (share[s] > share[best]) {
                    best = s;
                }
            }
            img.setRGB(left + p % width, top + p / width, color(best).getRGB());
        }
    }

    private void drawText(Graphics2D g, HeapBitmap b, HeapStatistics stats, String title, int[] present,
                          int top, int legendTop, int lineHeight, long bytesPerPixel) {
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.setColor(Color.BLACK);
            g.drawString(title, 8, lineHeight);
            g.drawString(String.format(Locale.ROOT, "heap %d%s: %s in %d segment(s), %s used, %s free",
                    b.heapId(), b.nativeHeap() ? " (native)" : "", bytes(stats.totalBytes()), b.segmentCount(),
                    bytes(stats.usedBytes()), bytes(stats.freeBytes())), 8, 2 * lineHeight);
            g.drawString(String.format(Locale.ROOT, "largest free block %s in %d free block(s), fragmentation index %.2f",
                    bytes(stats.largestFreeBlock()), stats.freeBlocks(), stats.fragmentationIndex()), 8, 3 * lineHeight);
            for (int i = 0; i < present.length; i++) {
                long n = stats.bytesOfState(present[i]);
                g.drawString(String.format(Locale.ROOT, "%s  %s (%.1f%%)", HeapStates.describe(present[i]), bytes(n),
                        100.0 * n / Math.max(1, stats.totalBytes())), 26, legendTop + i * lineHeight + 12);
            }
            g.drawString("one pixel = " + bytes(bytesPerPixel) + "; a pixel shows the state covering most of it",
                    8, legendTop + (present.length + 1) * lineHeight);
        } catch (RuntimeException | Error noFonts) {
            // Headless systems without fonts: the picture and the swatches are still useful.
        }
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    private static int mix(int c, float f) {
        return Math.round(c + (255 - c) * f);
    }
}
