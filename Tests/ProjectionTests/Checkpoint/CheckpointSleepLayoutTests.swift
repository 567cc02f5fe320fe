import TestSupport
import Events
@testable import Projections
import Testing

/// The sleep ledger's layout of few allocations: each night's slots and vital readings as
/// linked lists through one array, nights found by binary search, sample keys placed only
/// when first needed after reading a checkpoint.
@Suite("Checkpoint: the sleep ledger's layout")
struct CheckpointSleepLayoutTests {
    /// An HRV reading of `value` ms over the minute from `start`.
    static func hrv(_ id: String, _ value: Double, minuteFrom start: String) throws -> EventPayload {
        let from = try instant(start)
        return .vitalSampleIngested(VitalSampleIngested(
            sampleId: id, kind: .hrv, value: value, unit: "ms", start: from, end: from.adding(seconds: 60)
        ))
    }

    /// A staged night, one sample deleted (its slot free, its key still in it) and one
    /// replaced, and vitals of which one is replaced.
    static func log() throws -> PlanLog {
        var log = try SleepLedgerTests.log(try SleepLedgerTests.stagedNight())
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: "r2")), at: "2026-12-01T09:10:00+01:00", source: .health)
        _ = try log.add(try SleepLedgerTests.sample("c2", .core, "2026-12-01T02:30:00+01:00", "2026-12-01T04:50:00+01:00"), at: "2026-12-01T09:11:00+01:00", source: .health)
        for (id, value) in [("v1", 41.0), ("v2", 45.0), ("v3", 41.0), ("v1", 50.0)] {
            _ = try log.add(try Self.hrv(id, value, minuteFrom: "2026-12-01T03:00:00+01:00"), at: "2026-12-01T09:12:00+01:00", source: .health)
        }
        return log
    }

    /// Read back, the ledger answers lookups by id before its keys are placed (a scan that
    /// passes over the deleted sample's free slot), then folds on as the original.
    @Test func lookupsBeforeTheKeysArePlacedAnswerAsTheFold() throws {
        var log = try Self.log()
        let cut = log.events.count
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: "d1")), at: "2026-12-01T09:20:00+01:00", source: .health)
        _ = try log.add(try SleepLedgerTests.sample("r2", .rem, "2026-12-01T05:00:30+01:00", "2026-12-01T07:00:00+01:00"), at: "2026-12-01T09:21:00+01:00", source: .health)
        _ = try log.add(try SleepLedgerTests.sample("c1", .core, "2026-11-30T23:50:00+01:00", "2026-12-01T00:40:00+01:00"), at: "2026-12-01T09:22:00+01:00", source: .health)
        _ = try log.add(try Self.hrv("v3", 60, minuteFrom: "2026-12-01T03:00:00+01:00"), at: "2026-12-01T09:23:00+01:00", source: .health)
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: log.events[..<cut])
        var restored = try ProjectionRunner<LogState>(checkpointPayload: original.checkpointPayload(), position: .end)
        for id in ["bed", "c1", "c2", "r2", "w1", "not-a-sample"] {
            #expect(restored.state.sleep.sample(withId: id) == original.state.sleep.sample(withId: id), "\(id)")
            #expect(restored.state.sleep.night(ofSampleId: id) == original.state.sleep.night(ofSampleId: id), "\(id)")
        }
        #expect(restored.state.sleep.sample(withId: "r2") == nil)
        #expect(restored.state.sleep.sample(withId: "c2")?.end == (try instant("2026-12-01T04:50:00+01:00")).millisecondsSince1970)
        original.apply(contentsOf: log.events[cut...])
        restored.apply(contentsOf: log.events[cut...])
        #expect(restored.state == original.state)
        #expect(restored.warnings == original.warnings)
        #expect(restored.checkpointPayload() == original.checkpointPayload())
        #expect(restored.state.sleep.sample(withId: "d1") == nil)
        #expect(restored.state.sleep.sample(withId: "c1")?.start == (try instant("2026-11-30T23:50:00+01:00")).millisecondsSince1970)
        #expect(restored.state.sleep.vitals(on: try date("2026-11-30"))?.meanHRV == (45.0 + 50 + 60) / 3)
    }

    /// The lists keep each night's slots in order of start, a later equal start after the
    /// earlier ones, as an array per night did; written and read back, they answer alike.
    @Test func slotListsKeepTheOrderOfAnArrayPerNight() throws {
        var random = SplitMix(seed: 5)
        var lists = NightSlotLists()
        var model: [Int32: [Int32]] = [:]
        var starts: [Int64] = []
        var nightOfSlot: [Int32] = []
        var held: Set<Int32> = []
        for _ in 0..<3_000 {
            if !held.isEmpty, random.next(below: 3) == 0 {
                let slot = held.sorted()[random.next(below: held.count)]
                lists.remove(slot, from: nightOfSlot[Int(slot)])
                model[nightOfSlot[Int(slot)]]?.removeAll { $0 == slot }
                held.remove(slot)
                continue
            }
            let slot = Int32(starts.count)
            let night = Int32(random.next(below: 12)) - 6
            let start = Int64(random.next(below: 40))
            starts.append(start)
            nightOfSlot.append(night)
            held.insert(slot)
            lists.insert(slot, into: night) { starts[Int($0)] > start }
            var slots = model[night] ?? []
            var position = slots.endIndex
            while position > 0, starts[Int(slots[position - 1])] > start { position -= 1 }
            slots.insert(slot, at: position)
            model[night] = slots
        }
        for night in Int32(-7)...7 { #expect(lists.slots(of: night) == model[night] ?? [], "night \(night)") }
        let isFree = (0..<starts.count).map { !held.contains(Int32($0)) }
        let read = try StateBytes.read(StateBytes.of(lists.columns), as: NightSlotColumns.self).get()
        #expect(read == lists.columns)
        let restored = try #require(NightSlotLists(columns: read, isFree: isFree) { nightOfSlot[$0] })
        #expect(restored.columns == lists.columns)
        for night in Int32(-7)...7 { #expect(restored.slots(of: night) == model[night] ?? [], "night \(night)") }
    }

    /// Lists that disagree with the samples are refused: a slot of another night, a free
    /// slot, a slot twice, a held slot in no night, a slot out of range.
    @Test(arguments: [
        ([[0, 1], [2]], "a sound layout"),
        ([[0, 2], [1]], "a slot of another night"),
        ([[0, 1, 3], [2]], "a free slot"),
        ([[0, 1, 0], [2]], "a slot twice"),
        ([[0], [2]], "a held slot in no night"),
        ([[0, 1], [2, 7]], "a slot out of range"),
        ([[0, 1], [2], []], "a night twice"),
    ])
    func slotListsThatDisagreeWithTheSamplesAreRefused(lists: [[Int32]], what: String) throws {
        // Slots 0 and 1 are of night 10, slot 2 of night 11, slot 3 is free.
        let nights: [Int32] = [10, 10, 11, 10]
        let columns = NightSlotColumns(lists: lists.enumerated().map { (night: Int32(10 + min($0.offset, 1)), slots: $0.element) })
        let read = NightSlotLists(columns: columns, isFree: [false, false, false, true]) { nights[$0] }
        if what == "a sound layout" {
            let read = try #require(read)
            #expect(read.slots(of: 10) == [0, 1])
            #expect(read.slots(of: 11) == [2])
        } else {
            #expect(read == nil, "\(what)")
        }
    }

    /// Columns whose counts do not add up to their slots, or are negative, are refused.
    @Test func slotColumnsWhoseCountsDisagreeAreRefused() {
        let nights: [Int32] = [10, 10, 11, 10]
        let isFree = [false, false, false, true]
        for (counts, what) in [([Int32(2), 2], "more slots counted than listed"), ([1, 1], "fewer"), ([3, -1], "a negative count"), ([2], "a night without a count")] {
            let columns = NightSlotColumns(nights: [10, 11], counts: counts, slots: [0, 1, 2])
            #expect(NightSlotLists(columns: columns, isFree: isFree) { nights[$0] } == nil, "\(what)")
        }
    }

    /// A ledger whose slot lists disagree with its samples is refused when read (the lists
    /// are checked before anything is built of them).
    @Test func aLedgerWithUnsoundSlotListsIsRefused() throws {
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: try Self.log().events)
        let ledger = runner.state.sleep
        let bytes = StateBytes.of(ledger)
        #expect(try StateBytes.read(bytes, as: SleepLedger.self).get() == ledger)
        // The lists' bytes in the ledger's, replaced by those of lists without the first
        // night's last slot: a sample held is then in no night.
        let lists = StateBytes.of(ledger.slotColumns)
        let at = try #require((0...(bytes.count - lists.count)).first { Array(bytes[$0..<($0 + lists.count)]) == lists })
        var shorter = ledger.slotColumns
        shorter.counts[0] -= 1
        shorter.slots.remove(at: Int(shorter.counts[0]))
        let cut = StateBytes.of(shorter)
        let damaged = Array(bytes[..<at]) + cut + Array(bytes[(at + lists.count)...])
        let error = try #require(throws: CheckpointDecodingError.self) { try StateBytes.read(damaged, as: SleepLedger.self).get() }
        #expect(error.what == "SleepLedger.slotsByNight")
        #expect(error.offset == at)
    }

    /// Each night's readings of each kind stay in the order they came, a replaced reading
    /// taking out the first equal value (the pool's free readings used again), as an array
    /// per night and kind did; written and read back, they answer alike.
    @Test func vitalListsKeepTheOrderOfAnArrayPerNightAndKind() throws {
        var random = SplitMix(seed: 9)
        var lists = NightVitalLists()
        var model: [Int32: [VitalKind: [Double]]] = [:]
        let kinds = VitalKind.allCases
        for _ in 0..<4_000 {
            let night = Int32(random.next(below: 6))
            let kind = kinds[random.next(below: kinds.count)]
            let value = Double(random.next(below: 8))
            if random.next(below: 3) == 0 {
                lists.removeFirst(value, of: kind, from: night)
                if let index = model[night]?[kind]?.firstIndex(of: value) { model[night]?[kind]?.remove(at: index) }
            } else {
                lists.append(value, of: kind, to: night)
                model[night, default: [:]][kind, default: []].append(value)
            }
        }
        func expectAlike(_ lists: NightVitalLists) {
            for night in Int32(-1)...6 {
                for kind in kinds {
                    #expect(lists.readings(of: kind, on: night) == model[night].map { $0[kind] ?? [] }, "night \(night) \(kind)")
                }
            }
        }
        expectAlike(lists)
        let bytes = StateBytes.of(lists)
        let restored = try StateBytes.read(bytes, as: NightVitalLists.self).get()
        expectAlike(restored)
        #expect(StateBytes.of(restored) == bytes)
    }

    /// Nights are found by binary search whatever order they first came in, also in a table
    /// made again from its nights and values (as a checkpoint's lists are); a night given
    /// twice is refused.
    @Test func nightTablesFindNightsInAnyOrder() throws {
        var table = NightTable<Int>(empty: 0)
        for night: Int32 in [5, -3, 9, 5, 100, -3, 7, 5] { table.modify(night) { $0 += Int(night) } }
        table.modifyIfPresent(8) { $0 = 1 }
        let expected: [Int32: Int] = [5: 15, -3: -6, 9: 9, 100: 100, 7: 7]
        func expectAlike(_ table: NightTable<Int>) {
            for night in Int32(-5)...101 { #expect(table[night] == expected[night], "night \(night)") }
            #expect(table.all.map(\.0) == [5, -3, 9, 100, 7])
        }
        expectAlike(table)
        let restored = try #require(NightTable(empty: 0, nights: table.all.map(\.0), values: table.all.map(\.1)))
        expectAlike(restored)
        #expect(NightTable(empty: 0, nights: [4, 4], values: [1, 1]) == nil)
    }

    /// Varints of every length read back, with 8 bytes or more left after their start (read
    /// at once) and fewer (byte by byte); a 10-byte one beyond 64 bits is refused.
    @Test func varintsOfEveryLengthReadBack() throws {
        var values: [Int64] = [0, 1, -1, 63, -64, 64, 1_799_999_999_999, -1_799_999_999_999, .max, .min]
        for bits in 0..<64 {
            let power = UInt64(1) << bits
            values += [power, power &- 1, 0 &- power].map { Int64(bitPattern: $0) }
        }
        for padding in [0, 3, 9] {
            var writer = CheckpointWriter()
            for value in values { writer.int64(value) }
            for _ in 0..<padding { writer.uint8(0xFF) }
            let bytes = writer.bytes
            let read = try bytes.withUnsafeBytes { raw in
                var reader = CheckpointReader(raw)
                return try Self.result { () throws(CheckpointDecodingError) in try values.map { _ throws(CheckpointDecodingError) in try reader.int64("test") } }.get()
            }
            #expect(read == values, "padding \(padding)")
        }
        let tooLong: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0, 0]
        #expect(throws: CheckpointDecodingError.self) {
            try tooLong.withUnsafeBytes { raw in
                var reader = CheckpointReader(raw)
                return try Self.result { () throws(CheckpointDecodingError) in try reader.unsignedVarint("test") }.get()
            }
        }
    }

    /// Dates read near the last one read (the same month, found without the calendar)
    /// are the dates of their day counts, across month and year ends and leap days.
    @Test func datesReadInRunsAreTheirDays() throws {
        var random = SplitMix(seed: 3)
        var days: [Int] = []
        var day = LocalDate(year: 2023, month: 12, day: 25)?.daysSince1970 ?? 0
        for _ in 0..<3_000 {
            days.append(day)
            day += random.next(below: 8) == 0 ? random.next(below: 400) - 200 : random.next(below: 5) - 1
        }
        days += [0, -1, 27, 28, 29, -719_162, -719_163, 2_932_896, 2_932_897]
        var writer = CheckpointWriter()
        for day in days { writer.int(day) }
        let bytes = writer.bytes
        let read = try bytes.withUnsafeBytes { raw in
            var reader = CheckpointReader(raw)
            return try Self.result { () throws(CheckpointDecodingError) in try days.map { _ throws(CheckpointDecodingError) in try reader.localDate("test") } }.get()
        }
        #expect(read == days.map(LocalDate.init(daysSince1970:)))
    }

    /// `body`'s value or typed error.
    static func result<Value>(_ body: () throws(CheckpointDecodingError) -> Value) -> Result<Value, CheckpointDecodingError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }
}
