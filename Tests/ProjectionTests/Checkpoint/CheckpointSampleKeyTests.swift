import Events
@testable import Projections
import Testing
import TestSupport

/// The sample keys of a state read back from a checkpoint: its key tables
/// (`SampleKeyTable`) are not in the payload and are placed when first needed; before that,
/// lookups by id scan the samples. Either way the state answers and folds on as the
/// original, for ids of every kind of key.
@Suite("Checkpoint: sample keys")
struct CheckpointSampleKeyTests {
    /// The sleep layout's log, with sample ids of every kind of key: texts (its own), and
    /// UUIDs in upper and lower case.
    static func log() throws -> PlanLog {
        var log = try CheckpointSleepLayoutTests.log()
        for (id, stage, start, end) in [
            ("8F0C3B62-6A3E-4D39-9E0B-5D1F7C2A4B11", SleepStage.core, "2026-12-01T23:50:00+01:00", "2026-12-02T01:00:00+01:00"),
            ("1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", .deep, "2026-12-02T01:00:00+01:00", "2026-12-02T02:00:00+01:00"),
            ("night-2-rem", .rem, "2026-12-02T02:00:00+01:00", "2026-12-02T03:00:00+01:00"),
        ] {
            _ = try log.add(try SleepLedgerTests.sample(id, stage, start, end), at: "2026-12-02T09:00:00+01:00", source: .health)
        }
        _ = try log.add(try CheckpointSleepLayoutTests.hrv("3F2504E0-4F89-11D3-9A0C-0305E82C3301", 52, minuteFrom: "2026-12-02T02:00:00+01:00"), at: "2026-12-02T09:01:00+01:00", source: .health)
        return log
    }

    /// Ids of every kind, held or not (a UUID in the other case is another id).
    static let ids = [
        "bed", "c1", "c2", "d1", "r2", "w1", "night-2-rem", "not-a-sample",
        "8F0C3B62-6A3E-4D39-9E0B-5D1F7C2A4B11", "8f0c3b62-6a3e-4d39-9e0b-5d1f7c2a4b11",
        "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", "1B9D6BCD-BBFD-4B2D-9B5D-AB8DFBBD4BED",
    ]

    /// Read back, nothing is placed, and every lookup answers as the original's (by a scan).
    @Test func beforeTheKeysArePlacedLookupsAnswerAsTheOriginal() throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: try Self.log().events)
        let read = try ProjectionRunner<LogState>(checkpointPayload: original.checkpointPayload(), position: .end)
        #expect(!read.state.sleep.keysPlaced, "reading places nothing")
        for id in Self.ids {
            #expect(read.state.sleep.sample(withId: id) == original.state.sleep.sample(withId: id), "\(id)")
            #expect(read.state.sleep.night(ofSampleId: id) == original.state.sleep.night(ofSampleId: id), "\(id)")
        }
        #expect(read.state == original.state)
        #expect(!read.state.sleep.keysPlaced, "answering and comparing place nothing")
    }

    /// Re-deliveries, deletions and new samples after a checkpoint place the keys; the state
    /// folds on as the original, byte for byte.
    @Test func aStateReadBackPlacesItsKeysAndFoldsOnAsTheOriginal() throws {
        var log = try Self.log()
        let cut = log.events.count
        let upper = "8F0C3B62-6A3E-4D39-9E0B-5D1F7C2A4B11"
        let lower = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
        let fresh = "5C0A9E2B-7D41-4F63-8B25-0E1F2A3B4C5D"
        // The upper-case UUID delivered again with another end (found, replaced).
        _ = try log.add(try SleepLedgerTests.sample(upper, .core, "2026-12-01T23:50:00+01:00", "2026-12-02T01:05:00+01:00"), at: "2026-12-02T12:00:00+01:00", source: .health)
        // The same UUID in the other case is another key (not found: added).
        _ = try log.add(try SleepLedgerTests.sample(upper.lowercased(), .awake, "2026-12-02T03:00:00+01:00", "2026-12-02T03:05:00+01:00"), at: "2026-12-02T12:00:10+01:00", source: .health)
        // The lower-case one deleted, then delivered again (skipped).
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: lower)), at: "2026-12-02T12:01:00+01:00", source: .health)
        _ = try log.add(try SleepLedgerTests.sample(lower, .deep, "2026-12-02T01:00:00+01:00", "2026-12-02T02:00:00+01:00"), at: "2026-12-02T12:01:10+01:00", source: .health)
        // A new sample delivered twice (found the second time), then deleted.
        for second in ["20", "30"] {
            _ = try log.add(try SleepLedgerTests.sample(fresh, .rem, "2026-12-02T03:05:00+01:00", "2026-12-02T03:20:00+01:00"), at: "2026-12-02T12:01:\(second)+01:00", source: .health)
        }
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: fresh)), at: "2026-12-02T12:01:40+01:00", source: .health)
        // The vital reading delivered again with another value (found among the readings).
        _ = try log.add(try CheckpointSleepLayoutTests.hrv("3F2504E0-4F89-11D3-9A0C-0305E82C3301", 61, minuteFrom: "2026-12-02T02:00:00+01:00"), at: "2026-12-02T12:02:00+01:00", source: .health)

        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: log.events[..<cut])
        let payload = original.checkpointPayload()
        original.apply(contentsOf: log.events[cut...])
        var read = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        #expect(!read.state.sleep.keysPlaced, "reading places nothing")
        read.apply(contentsOf: log.events[cut...])
        #expect(read.state.sleep.keysPlaced)
        #expect(read.state == original.state)
        #expect(read.checkpointPayload() == original.checkpointPayload())
        for id in Self.ids + [upper.lowercased(), fresh] {
            #expect(read.state.sleep.sample(withId: id) == original.state.sleep.sample(withId: id), "\(id)")
            #expect(read.state.sleep.night(ofSampleId: id) == original.state.sleep.night(ofSampleId: id), "\(id)")
        }
        #expect(read.state.sleep.sample(withId: lower) == nil, "deleted, and deleted it stays")
        #expect(read.state.sleep.sample(withId: upper)?.end == (try instant("2026-12-02T01:05:00+01:00")).millisecondsSince1970)
        #expect(read.state.sleep.vitals(on: try date("2026-12-01")) == original.state.sleep.vitals(on: try date("2026-12-01")))
    }

    /// `count` keys: UUIDs in both cases, and every seventh one a text.
    static func keys(_ count: Int, seed: UInt64 = 7) -> [SampleKey] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { index in
            index % 7 == 3 ? .text("sample-\(index)") : .uuid(high: generator.next(), low: generator.next(), lowercase: index % 2 == 0)
        }
    }

    /// Every key found at its slot, and keys not held not found.
    static func expectAnswers(_ table: SampleKeyTable, keys: [SampleKey], held: [Int32], _ comment: Comment) {
        let isHeld = Set(held)
        for (slot, key) in keys.enumerated() {
            let found = table.slot(hash: SampleKeyTable.hash(key)) { keys[Int($0)] == key && isHeld.contains($0) }
            #expect(found == (isHeld.contains(Int32(slot)) ? Int32(slot) : nil), "\(comment): slot \(slot)")
        }
        let absent = SampleKey.uuid(high: 42, low: 42, lowercase: true)
        #expect(table.slot(hash: SampleKeyTable.hash(absent)) { keys[Int($0)] == absent } == nil)
    }

    @Test(arguments: [0, 1, 6, 2_000])
    func aPlacedTableFindsEveryHeldKey(count: Int) {
        let keys = Self.keys(count)
        let held = (0..<Int32(count)).filter { $0 % 11 != 4 }
        let table = SampleKeyTable(placing: held) { keys[Int($0)] }
        #expect(table.count == held.count)
        Self.expectAnswers(table, keys: keys, held: held, "placed")
    }

    /// A key held at two slots (bytes a fold does not write, but that read) keeps the first.
    @Test func aKeyHeldTwiceKeepsItsFirstSlot() {
        let key = SampleKey.uuid(high: 1, low: 2, lowercase: false)
        let keys: [SampleKey] = [.text("t"), key, .text("u"), key]
        let table = SampleKeyTable(placing: [0, 1, 2, 3]) { keys[Int($0)] }
        #expect(table.count == 3)
        #expect(table.slot(hash: SampleKeyTable.hash(key)) { keys[Int($0)] == key } == 1)
    }

    @Test func removalsAndInsertionsAfterPlacingAnswerAsATable() {
        var keys = Self.keys(400)
        var held = Set((0..<Int32(400)).filter { $0 % 9 != 2 })
        let placedKeys = keys
        var table = SampleKeyTable(placing: held.sorted()) { placedKeys[Int($0)] }
        var generator = SplitMix(seed: 99)
        for step in 0..<600 {
            let slot = Int32(generator.next() % UInt64(keys.count))
            let key = keys[Int(slot)]
            if held.contains(slot) {
                let currentKeys = keys
                let currentHeld = held
                #expect(table.remove(hash: SampleKeyTable.hash(key)) { currentKeys[Int($0)] == key && currentHeld.contains($0) } == slot, "step \(step)")
                held.remove(slot)
            } else {
                // A free slot taken by a new key (sometimes the key it held before).
                if step % 3 != 0 { keys[Int(slot)] = .uuid(high: generator.next(), low: UInt64(step), lowercase: false) }
                table.insert(hash: SampleKeyTable.hash(keys[Int(slot)]), slot: slot)
                held.insert(slot)
            }
        }
        Self.expectAnswers(table, keys: keys, held: held.sorted(), "after 600 changes")
    }
}
