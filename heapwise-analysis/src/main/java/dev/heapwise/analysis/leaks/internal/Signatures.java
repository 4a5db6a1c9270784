package dev.heapwise.analysis.leaks.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-1 in hex, as LeakCanary signs leak traces. */
public final class Signatures {
    private Signatures() {}

    public static String sha1(String text) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-1");
            return HexFormat.of().formatHex(d.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
