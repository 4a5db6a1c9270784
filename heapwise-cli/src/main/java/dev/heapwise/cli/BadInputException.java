package dev.heapwise.cli;

/** A user mistake the CLI detected itself (an unknown object id, a bad option value). Exit 2. */
public final class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }
}
