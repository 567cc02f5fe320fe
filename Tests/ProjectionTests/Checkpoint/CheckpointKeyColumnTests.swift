import Events
@testable import Projections
import Testing
import TestSupport

/// The key columns a checkpoint keeps (each held UUID key's hash and slot, sorted): a state
/// read back finds its keys there without placing them, folds on as the original, and never
/// trusts a column that does not hold exactly its keys.
@Suite("Checkpoint: key columns")
struct CheckpointKeyColumnTests {
    // MARK: The ledger

    /// Re-deliveries, deletions and new samples after a checkpoint: found in the column,
    /// removed from it, added beside it; the state folds on as the original, byte for byte.
    @Test func aStateReadBackFindsItsKeysInTheColumnsAndFoldsOnAsTheOriginal() throws {
        var log = try CheckpointInPlaceTests.log()
        let cut = log.events.count
        let upper = "8F0C3B62-6A3E-4D39-9E0B-5D1F7C2A4B11"
        let lower = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
        let fresh = "5C0A9E2B-7D41-4F63-8B25-0E1F2A3B4C5D"
        // The upper-case UUID delivered again with another end (found in the column, replaced).
        _ = try log.add(try SleepLedgerTests.sample(upper, .core, "2026-12-01T23:50:00+01:00", "2026-12-02T01:05:00+01:00"), at: "2026-12-02T12:00:00+01:00", source: .health)
        // The same UUID in the other case is another key (not found: added).
        _ = try log.add(try SleepLedgerTests.sample(upper.lowercased(), .awake, "2026-12-02T03:00:00+01:00", "2026-12-02T03:05:00+01:00"), at: "2026-12-02T12:00:10+01:00", source: .health)
        // The lower-case one deleted (removed from the column), then delivered again (skipped).
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: lower)), at: "2026-12-02T12:01:00+01:00", source: .health)
        _ = try log.add(try SleepLedgerTests.sample(lower, .deep, "2026-12-02T01:00:00+01:00", "2026-12-02T02:00:00+01:00"), at: "2026-12-02T12:01:10+01:00", source: .health)
        // A new sample (beside the column) delivered twice, then deleted.
        for second in ["20", "30"] {
            _ = try log.add(try SleepLedgerTests.sample(fresh, .rem, "2026-12-02T03:05:00+01:00", "2026-12-02T03:20:00+01:00"), at: "2026-12-02T12:01:\(second)+01:00", source: .health)
        }
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: fresh)), at: "2026-12-02T12:01:40+01:00", source: .health)
        // The vital reading delivered again with another value (found in the vitals' column).
        _ = try log.add(try CheckpointSleepLayoutTests.hrv("3F2504E0-4F89-11D3-9A0C-0305E82C3301", 61, minuteFrom: "2026-12-02T02:00:00+01:00"), at: "2026-12-02T12:02:00+01:00", source: .health)

        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: log.events[..<cut])
        let payload = original.checkpointPayload()
        original.apply(contentsOf: log.events[cut...])
        for keptInPlace in [true, false] {
            var read = keptInPlace ? try KeptPayload.runner(payload).runner : try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
            #expect(!read.state.sleep.keysPlaced, "reading places nothing")
            read.apply(contentsOf: log.events[cut...])
            #expect(read.state.sleep.keysPlaced)
            #expect(read.state.sleep.keyColumnsInUse == (true, true), "the columns check, and are used")
            #expect(read.state == original.state)
            #expect(read.checkpointPayload() == original.checkpointPayload())
            for id in CheckpointInPlaceTests.ids + [upper.lowercased(), fresh] {
                #expect(read.state.sleep.sample(withId: id) == original.state.sleep.sample(withId: id), "\(id)")
                #expect(read.state.sleep.night(ofSampleId: id) == original.state.sleep.night(ofSampleId: id), "\(id)")
            }
            #expect(read.state.sleep.sample(withId: lower) == nil, "deleted, and deleted it stays")
            #expect(read.state.sleep.sample(withId: upper)?.end == (try instant("2026-12-02T01:05:00+01:00")).millisecondsSince1970)
            #expect(read.state.sleep.vitals(on: try date("2026-12-01")) == original.state.sleep.vitals(on: try date("2026-12-01")))
        }
    }

    // MARK: The index over test elements

    /// Elements that are their keys.
    struct Keys: KeyedColumns {
        var keys: [SampleKey]
        var count: Int { keys.count }
        func element(at index: Int) -> SampleKey { keys[index] }
        func key(at index: Int) -> SampleKey { keys[index] }
        static func key(of element: SampleKey) -> SampleKey { element }
        func uuidHash(at index: Int) -> UInt32? { SampleKeyTable.uuidHash(keys[index]) }
    }

    /// `count` keys: UUIDs in both cases, and every seventh one a text.
    static func keys(_ count: Int, seed: UInt64 = 7) -> [SampleKey] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { index in
            index % 7 == 3 ? .text("sample-\(index)") : .uuid(high: generator.next(), low: generator.next(), lowercase: index % 2 == 0)
        }
    }

    /// The column bytes `write` gives for `keys` held at `held`.
    static func columnBytes(_ keys: [SampleKey], isHeld: (Int) -> Bool) -> [UInt8] {
        var writer = CheckpointWriter()
        SampleKeyColumn.write(of: ColumnBackedArray<Keys>(keys), isHeld: isHeld, to: &writer)
        return writer.bytes
    }

    /// Bytes of a column of `pairs` (hash, slot), as written.
    static func columnBytes(pairs: [(UInt32, Int32)]) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.count(pairs.count)
        writer.appendBulk(pairs.map { UInt64(UInt32(bitPattern: $0.1)) << 32 | UInt64($0.0) })
        return writer.bytes
    }

    static func column(_ bytes: [UInt8], slotCount: Int) -> Result<SampleKeyColumn, CheckpointDecodingError> {
        bytes.withUnsafeBytes { raw in
            Result { () throws(CheckpointDecodingError) in
                var reader = CheckpointReader(raw)
                let column = try SampleKeyColumn(from: &reader, slotCount: slotCount)
                try reader.finish()
                return column
            }
        }
    }

    /// The UUID keys held, by hash then slot: what a column must list.
    static func expectedPairs(_ keys: [SampleKey], held: [Int32]) -> [(UInt32, Int32)] {
        held.compactMap { slot -> (UInt32, Int32)? in
            guard case .uuid = keys[Int(slot)] else { return nil }
            return (SampleKeyTable.hash(keys[Int(slot)]), slot)
        }.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
    }

    @Test(arguments: [0, 1, 6, 500, 5_000])
    func aWrittenColumnListsTheHeldUUIDKeysByHashThenSlot(count: Int) throws {
        let keys = Self.keys(count)
        let held = (0..<Int32(count)).filter { $0 % 5 != 1 }
        let bytes = Self.columnBytes(keys, isHeld: { $0 % 5 != 1 })
        #expect(bytes == Self.columnBytes(pairs: Self.expectedPairs(keys, held: held)))
        let column = try Self.column(bytes, slotCount: count).get()
        #expect(column.count == Self.expectedPairs(keys, held: held).count)
    }

    @Test func equalHashesKeepTheirSlotsInOrder() throws {
        // The same key at three slots hashes alike: the pairs list the slots ascending.
        let key = SampleKey.uuid(high: 1, low: 2, lowercase: false)
        let keys = [key, .text("t"), key, key]
        let hash = SampleKeyTable.hash(key)
        #expect(Self.columnBytes(keys, isHeld: { _ in true }) == Self.columnBytes(pairs: [(hash, 0), (hash, 2), (hash, 3)]))
    }

    @Test(arguments: ["out of order", "a pair twice", "a slot past the end", "a negative slot"])
    func aColumnThatCannotBeRightIsRefusedWhenRead(what: String) {
        let pairs: [(UInt32, Int32)] = switch what {
        case "out of order": [(5, 0), (4, 1)]
        case "a pair twice": [(5, 1), (5, 1)]
        case "a slot past the end": [(5, 0), (6, 2)]
        default: [(5, -1)]
        }
        #expect(throws: CheckpointDecodingError.self) { try Self.column(Self.columnBytes(pairs: pairs), slotCount: 2).get() }
    }

    /// An index read from `bytes`, placed over `keys` held at `held`.
    static func placedIndex(_ bytes: [UInt8], keys: [SampleKey], held: [Int32]) throws -> SampleKeyIndex {
        var index = SampleKeyIndex(column: try column(bytes, slotCount: keys.count).get())
        #expect(!index.isPlaced)
        index.place(held: held, of: ColumnBackedArray<Keys>(keys))
        #expect(index.isPlaced)
        return index
    }

    /// Every key found at its slot, and keys not held not found.
    static func expectAnswers(_ index: SampleKeyIndex, keys: [SampleKey], held: [Int32], _ comment: Comment) {
        let isHeld = Set(held)
        for (slot, key) in keys.enumerated() {
            let found = index.slot(hash: SampleKeyTable.hash(key)) { keys[Int($0)] == key && isHeld.contains($0) }
            #expect(found == (isHeld.contains(Int32(slot)) ? Int32(slot) : nil), "\(comment): slot \(slot)")
        }
        let absent = SampleKey.uuid(high: 42, low: 42, lowercase: true)
        #expect(index.slot(hash: SampleKeyTable.hash(absent)) { keys[Int($0)] == absent } == nil)
    }

    @Test func aColumnThatChecksIsUsedAndTheTextKeysArePlacedBesideIt() throws {
        let keys = Self.keys(2_000)
        let held = (0..<Int32(2_000)).filter { $0 % 11 != 4 }
        let index = try Self.placedIndex(Self.columnBytes(keys, isHeld: { $0 % 11 != 4 }), keys: keys, held: held)
        #expect(index.usesColumn)
        Self.expectAnswers(index, keys: keys, held: held, "a column that checks")
    }

    /// Each way a column can be wrong for its keys while reading fine: the index drops it,
    /// places every key, and answers exactly as a right one.
    @Test(arguments: ["a pair missing", "a hash not its key's", "a text key listed", "a free slot listed", "a slot listed twice, another not at all"])
    func aColumnThatDoesNotCheckIsDroppedAndEveryKeyPlaced(what: String) throws {
        let keys = Self.keys(300)
        let held = (0..<Int32(300)).filter { $0 % 11 != 4 }
        var pairs = Self.expectedPairs(keys, held: held)
        switch what {
        case "a pair missing": pairs.remove(at: 17)
        case "a hash not its key's": pairs[17].0 ^= 1
        case "a text key listed": pairs.append((SampleKeyTable.hash(keys[3]), 3))
        case "a free slot listed": pairs.append((SampleKeyTable.hash(keys[4]), 4))
        default:
            // Slot 0's pair naming slot 1: the count is right, slot 1 is listed twice.
            let first = pairs.firstIndex { $0.1 == 0 } ?? 0
            pairs[first] = (SampleKeyTable.hash(keys[0]), 1)
        }
        pairs.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        let index = try Self.placedIndex(Self.columnBytes(pairs: pairs), keys: keys, held: held)
        #expect(!index.usesColumn, "\(what)")
        Self.expectAnswers(index, keys: keys, held: held, "\(what)")
    }

    @Test func removalsAndInsertionsAfterPlacingAnswerAsATable() throws {
        var keys = Self.keys(400)
        var held = Set((0..<Int32(400)).filter { $0 % 9 != 2 })
        var index = try Self.placedIndex(Self.columnBytes(keys, isHeld: { held.contains(Int32($0)) }), keys: keys, held: held.sorted())
        #expect(index.usesColumn)
        var generator = SplitMix(seed: 99)
        for step in 0..<600 {
            let slot = Int32(generator.next() % UInt64(keys.count))
            let key = keys[Int(slot)]
            if held.contains(slot) {
                let currentKeys = keys
                let currentHeld = held
                #expect(index.remove(hash: SampleKeyTable.hash(key)) { currentKeys[Int($0)] == key && currentHeld.contains($0) } == slot, "step \(step)")
                held.remove(slot)
            } else {
                // A free slot taken by a new key (sometimes the key it held before).
                if step % 3 != 0 { keys[Int(slot)] = .uuid(high: generator.next(), low: UInt64(step), lowercase: false) }
                index.insert(hash: SampleKeyTable.hash(keys[Int(slot)]), slot: slot)
                held.insert(slot)
            }
        }
        Self.expectAnswers(index, keys: keys, held: held.sorted(), "after 600 changes")
    }
}
