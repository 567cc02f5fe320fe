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
        var restored = try StateBytes.read(StateBytes.of(table), as: IdentifierDigestTable.self).get()
        #expect(restored.count == set.count)
        for _ in 0..<20_000 {
            let id = anId()
            let inserted = set.insert(id)
            #expect(restored.insert(id) == inserted)
            #expect(table.insert(id) == inserted)
            #expect(restored.contains(IdentifierDigest(id)))
        }
        #expect(restored.count == set.count)
        #expect(StateBytes.of(restored) == StateBytes.of(table))
    }

    @Test func digestsOutOfOrderThrow() throws {
        // Two (low, high) pairs, (5, 1) then (4, 1): descending.
        var writer = CheckpointWriter()
        writer.count(4)
        writer.appendBulk([UInt64(5), 1, 4, 1])
        #expect(throws: CheckpointDecodingError.self) { try StateBytes.read(writer.bytes, as: IdentifierDigestTable.self).get() }
        // In order they read.
        var ordered = CheckpointWriter()
        ordered.count(4)
        ordered.appendBulk([UInt64(4), 1, 5, 1])
        #expect(try StateBytes.read(ordered.bytes, as: IdentifierDigestTable.self).get().count == 2)
        // An odd number of words is no list of pairs.
        var odd = CheckpointWriter()
        odd.count(3)
        odd.appendBulk([UInt64(4), 1, 5])
        #expect(throws: CheckpointDecodingError.self) { try StateBytes.read(odd.bytes, as: IdentifierDigestTable.self).get() }
    }
}
