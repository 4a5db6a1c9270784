/**
 * DDM chunk payloads as typed messages ({@link dev.heapwise.ddm.codec.DdmMessage}), their encoder
 * and decoder ({@link dev.heapwise.ddm.codec.MessageCodec}), chunk framing inside packets and the
 * ZLIB wrapper. Everything here is stateless and thread-safe and does no I/O.
 */
package dev.heapwise.ddm.codec;
