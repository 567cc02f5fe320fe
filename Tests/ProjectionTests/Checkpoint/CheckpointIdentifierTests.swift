import TestSupport
import Events
@testable import Projections
import Testing

/// The ids of a runner read back: an id folded before the checkpoint is still a repeat
/// after it, skipped with the same warning, and `containsIdentifier` answers for both.
@Suite("Checkpoint: ids")
struct CheckpointIdentifierTests {
    @Test func aRepeatedIdAfterReadingBackIsSkippedWithTheSameWarning() throws {
        let events = try CheckpointFixtures.events(of: "SampleWeek/sample-week.jsonl")
        let cut = events.count / 2
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events[..<cut])
        var restored = try ProjectionRunner<LogState>(checkpointPayload: original.checkpointPayload(), position: .end)
        // The same id as an event folded before the cut, at a later seq and instant.
        let earlier = events[cut / 2]
        let last = try #require(events.last)
        let repeated = RecordedEvent(seq: last.seq + 1, event: Event(id: earlier.id, at: last.at, timeZone: last.event.timeZone, payload: earlier.payload))
        original.apply(repeated)
        restored.apply(repeated)
        #expect(restored.warnings == original.warnings)
        let warning = try #require(restored.warnings.all.last)
        #expect(warning.seq == repeated.seq)
        #expect(warning.message == "skipped: id already used by an earlier event; the first occurrence counts")
        #expect(restored.appliedCount == original.appliedCount)
        #expect(restored.checkpointPayload() == original.checkpointPayload())
    }

    @Test func containsIdentifierAnswersForIdsBeforeAndAfterTheCheckpoint() throws {
        let events = try CheckpointFixtures.events(of: "Fortnight/fortnight.jsonl")
        let cut = events.count / 3
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events[..<cut])
        var restored = try ProjectionRunner<LogState>(checkpointPayload: original.checkpointPayload(), position: .end)
        for event in events[..<cut] { #expect(restored.containsIdentifier(IdentifierDigest(event.id)), "\(event.id)") }
        for event in events[cut...] { #expect(!restored.containsIdentifier(IdentifierDigest(event.id)), "\(event.id)") }
        restored.apply(contentsOf: events[cut...])
        for event in events { #expect(restored.containsIdentifier(IdentifierDigest(event.id)), "\(event.id)") }
        #expect(!restored.containsIdentifier(IdentifierDigest("not-an-id-of-the-log")))
    }

    /// The table read back (its ids sorted apart) answers what `IdentifierSet` answers, for
    /// ids inserted before and after, and writes the same bytes as a table that saw them all.
    @Test func theIdTableReadBackAnswersWhatIdentifierSetAnswers() throws {
        var random = SplitMix(seed: 11)
        func anId() -> String {
            random.next(below: 3) == 0 ? "id-\(random.next(below: 30_000))" : "\(random.next())-\(random.next())"
        }
        var table = IdentifierDigestTable()
        var set = IdentifierSet()
        for _ in 0..<20_000 {
            let id = anId()
            #expect(table.insert(id) == set.insert(id))
        }
        var writer = CheckpointWriter()
        writer.value(table)
        let bytes = writer.bytes
        var restored = try bytes.withUnsafeBytes { raw in
            var reader = CheckpointReader(raw)
            return Result { () throws(CheckpointDecodingError) in try reader.value(IdentifierDigestTable.self) }
        }.get()
        #expect(restored.count == set.count)
        for _ in 0..<20_000 {
            let id = anId()
            let inserted = set.insert(id)
            #expect(restored.insert(id) == inserted)
            #expect(table.insert(id) == inserted)
            #expect(restored.contains(IdentifierDigest(id)))
        }
        #expect(restored.count == set.count)
        var again = CheckpointWriter()
        again.value(restored)
        var whole = CheckpointWriter()
        whole.value(table)
        #expect(again.bytes == whole.bytes)
    }

    @Test func digestsOutOfOrderThrow() {
        var writer = CheckpointWriter()
        writer.count(2)
        writer.appendBulk([UInt64(5), 1, 4, 1])
        let bytes = writer.bytes
        let result = bytes.withUnsafeBytes { raw in
            var reader = CheckpointReader(raw)
            return Result { () throws(CheckpointDecodingError) in try reader.value(IdentifierDigestTable.self) }
        }
        #expect(throws: CheckpointDecodingError.self) { try result.get() }
    }
}
