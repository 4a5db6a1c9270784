package dev.heapwise.ddm.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Every chunk type, both directions: encode, decode, encode again gives the same bytes. */
class MessageCodecRoundTripTest {

    @Test
    void everyRequestRoundTrips() {
        for (DdmMessage m : Samples.toVm()) {
            assertRoundTrip(m, Direction.TO_VM);
        }
    }

    @Test
    void everyReportRoundTrips() {
        for (DdmMessage m : Samples.fromVm()) {
            assertRoundTrip(m, Direction.FROM_VM);
        }
    }

    @Test
    void samplesCoverEveryChunkTypeOfTheSeedAndTheModernProtocol() {
        Set<String> covered = new TreeSet<>();
        for (DdmMessage m : Samples.toVm()) {
            covered.add(ChunkType.name(m.chunkType()));
        }
        for (DdmMessage m : Samples.fromVm()) {
            covered.add(ChunkType.name(m.chunkType()));
        }
        assertThat(covered).contains("HELO", "APNM", "WAIT", "DBGD", "THEN", "THCR", "THDE", "THST", "HPIF",
                "HPSG", "HPSO", "NHSG", "HPST", "HPEN", "NHST", "NHEN", "FAIL", "EXIT", "FEAT", "HPGC", "HPDU",
                "HPDS", "REAE", "REAQ", "REAL");
    }

    @Test
    void zlibWrapsAnyChunkBothWays() {
        List<Chunk> all = new ArrayList<>();
        Samples.fromVm().forEach(m -> all.add(MessageCodec.encode(m)));
        Samples.toVm().forEach(m -> all.add(MessageCodec.encode(m)));
        for (Chunk c : all) {
            Chunk z = Zlib.compress(c);
            assertThat(z.type()).isEqualTo(ChunkType.ZLIB);
            List<Chunk> back = ChunkFraming.split(ChunkFraming.join(z)).orThrow();
            assertThat(back).containsExactly(c);
        }
    }

    @Test
    void decodedFieldsAreTheEncodedOnes() {
        for (DdmMessage m : Samples.fromVm()) {
            if (hasArrays(m)) {
                continue;
            }
            assertThat(MessageCodec.decode(MessageCodec.encode(m), Direction.FROM_VM)).isEqualTo(m);
        }
        for (DdmMessage m : Samples.toVm()) {
            assertThat(MessageCodec.decode(MessageCodec.encode(m), Direction.TO_VM)).isEqualTo(m);
        }
    }

    @Test
    void aChunkTypeKnownOnlyTheOtherWayIsUnknownNotAnError() {
        Chunk thcr = MessageCodec.encode(new DdmMessage.ThreadCreated(1, "x"));
        assertThat(MessageCodec.decode(thcr, Direction.TO_VM)).isInstanceOf(DdmMessage.Unknown.class);
        Chunk hpgc = MessageCodec.encode(new DdmMessage.GcRequest());
        assertThat(MessageCodec.decode(hpgc, Direction.FROM_VM)).isInstanceOf(DdmMessage.Unknown.class);
    }

    private static boolean hasArrays(DdmMessage m) {
        return m instanceof DdmMessage.HeapSegment || m instanceof DdmMessage.HeapDumpData || m instanceof DdmMessage.Unknown;
    }

    private static void assertRoundTrip(DdmMessage m, Direction d) {
        Chunk first = MessageCodec.encode(m);
        DdmMessage decoded = MessageCodec.decode(first, d);
        assertThat(decoded.getClass()).as(m.toString()).isEqualTo(m.getClass());
        Chunk second = MessageCodec.encode(decoded);
        assertThat(second).as(m.toString()).isEqualTo(first);
    }
}
