import TestSupport
import Events
import Foundation
@testable import Projections
import Testing
import StrictJSON

/// The compact storage the fold keeps (the sample keys' table, names, zone clocks,
/// the id table, the statistics' counters) answers exactly what the plain structures it
/// replaced answer.
struct FoldStorageTests {
    @Test func theKeyTableFindsWhatADictionaryFinds() {
        var random = SplitMix(seed: 3)
        var table = SampleKeyTable()
        var keys: [SampleKey] = []
        var reference: [SampleKey: Int32] = [:]
        var free: [Int32] = []
        func slot(of key: SampleKey) -> Int32? {
            table.slot(hash: SampleKeyTable.hash(key)) { keys[Int($0)] == key }
        }
        for step in 0..<20000 {
            let key: SampleKey
            switch random.next(below: 4) {
            case 0 where !reference.isEmpty:
                key = keys[random.next(below: keys.count)]
            case 1:
                key = .text("id-\(random.next(below: 3000))")
            default:
                key = .uuid(high: random.next() % 64, low: random.next() % 64, lowercase: random.next(below: 2) == 0)
            }
            #expect(slot(of: key) == reference[key], "step \(step)")
            if random.next(below: 5) == 0, let held = reference.removeValue(forKey: key) {
                #expect(table.remove(hash: SampleKeyTable.hash(key)) { keys[Int($0)] == key } == held)
                free.append(held)
            } else if reference[key] == nil {
                let new: Int32
                if let reused = free.popLast() {
                    new = reused
                    keys[Int(new)] = key
                } else {
                    new = Int32(keys.count)
                    keys.append(key)
                }
                table.insert(hash: SampleKeyTable.hash(key), slot: new)
                reference[key] = new
            }
            #expect(table.count == reference.count)
        }
        for (key, held) in reference { #expect(slot(of: key) == held) }
    }

    @Test func namesAreTheSameEntryOnlyWithTheSameBytes() {
        var names = NameTable()
        let kelvin = "Asia/\u{212A}arachi"
        let plain = "Asia/Karachi"
        let composed = "Caf\u{e9} Watch"
        let decomposed = "Cafe\u{301} Watch"
        #expect(composed == decomposed, "canonically equal strings")
        let numbers = [plain, kelvin, composed, decomposed, plain, composed].map { names.number(of: $0) }
        #expect(numbers == [0, 1, 2, 3, 0, 2])
        #expect(names[3].utf8.elementsEqual(decomposed.utf8))
        #expect(names.same(2, 3), "equal as strings")
        #expect(!names.same(0, 2))
        #expect(NameTable.sameBytes("", ""))
        #expect(!NameTable.sameBytes(composed, decomposed))
        #expect(NameTable.sameBytes("Europe/Berlin", String("xEurope/Berlin".dropFirst())))
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Europe/Volgograd", "Asia/Kolkata", "Pacific/Kiritimati", "America/St_Johns", "UTC"])
    func zoneClocksAnswerWhatTheResolverAnswers(zone: String) throws {
        let resolver = try #require(LocalTimeResolver(identifier: zone))
        var clock = ZoneClock(resolver: resolver)
        var random = SplitMix(seed: 4)
        // Moments mostly in order with steps back, over 1890…2080, and every hour around
        // the 2026 changes.
        var moment: Int64 = -2_524_521_600_000
        for _ in 0..<4000 {
            moment += Int64(random.next(below: 40 * 86_400)) * 1000 - (random.next(below: 4) == 0 ? Int64(random.next(below: 3 * 86_400)) * 1000 : 0)
            let instant = Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)
            #expect(clock.offsetMilliseconds(at: moment) == Int64(resolver.offsetSeconds(at: instant)) * 1000)
            #expect(clock.nightDate(of: moment) == resolver.nightDate(of: instant))
        }
        for hour in 0..<(366 * 24) {
            let moment = Int64(20_454) * 86_400_000 + Int64(hour) * 3_600_000 - 1
            for probe in [moment, moment + 1] {
                let instant = Instant(millisecondsSince1970: probe, utcOffsetSeconds: 0)
                #expect(clock.offsetMilliseconds(at: probe) == Int64(resolver.offsetSeconds(at: instant)) * 1000)
                #expect(clock.nightDate(of: probe) == resolver.nightDate(of: instant))
            }
        }
    }

    @Test func theIdTableAnswersWhatIdentifierSetAnswers() {
        var random = SplitMix(seed: 5)
        var table = IdentifierDigestTable()
        var set = IdentifierSet()
        for _ in 0..<50000 {
            let id = random.next(below: 3) == 0 ? "id-\(random.next(below: 20000))" : uuidText(random.next(), random.next(), lowercase: true)
            #expect(table.insert(id) == set.insert(id))
        }
        #expect(table.count == set.count)
    }

    /// The fold checks ids by the digest each event carries from where it was made (a
    /// file's reading thread): it is the digest of the event's id, in a log set's stream too.
    @Test(arguments: ["id-1", "", "0A3F5C2E-9B1D-4E7A-8C6B-2D4F1E3A5B7C", "näme with ünïcode"])
    func anEventCarriesItsIdsDigest(id: String) throws {
        let event = try EventFactory.event(id, .exitRequested(NightAction(night: try EventFactory.night("2026-11-30"))), at: "2026-11-30T21:40:00+01:00")
        let recorded = RecordedEvent(seq: 1, event: event)
        #expect(recorded.idDigest == IdentifierDigest(id))
        #expect(recorded.inStream("watch").idDigest == IdentifierDigest(id))
        var table = IdentifierDigestTable()
        let first = table.insert(recorded.idDigest)
        let again = table.insert(id)
        #expect(first)
        #expect(!again)
    }

    @Test func theChecklistFitsTheBitsOfADoneNight() {
        #expect(ReminderTemplate.checklist.count <= 64)
        #expect(Set(ReminderTemplate.checklist.map(\.id)).count == ReminderTemplate.checklist.count)
    }

    @Test func checklistBitsAnswerWhatSetsOfItemsAnswer() throws {
        var random = SplitMix(seed: 6)
        var completions = ChecklistCompletions()
        var reference: [LocalDate: Set<String>] = [:]
        var warnings = ProjectionWarnings()
        let items = ReminderTemplate.checklist.map(\.id) + ["sunlight", "not_an_item"]
        let first = try LocalDate(iso: "2026-12-01")
        for seq in 1...3000 {
            let night = first.adding(days: random.next(below: 5))
            let item = items[random.next(below: items.count)]
            let change = ChecklistItemChange(night: .date(night), item: item)
            let completes = random.next(below: 3) != 0
            let payload: EventPayload = completes ? .checklistItemCompleted(change) : .checklistItemReopened(change)
            let at = Instant(millisecondsSince1970: Int64(night.daysSince1970) * 86_400_000 + 72_000_000, utcOffsetSeconds: 0)
            completions.apply(RecordedEvent(seq: seq, event: Event(id: "c\(seq)", at: at, timeZone: "UTC", payload: payload)), isPlanned: true, demoStarted: false, warnings: &warnings)
            guard ReminderTemplate.checklist.contains(where: { $0.id == item }) else { continue }
            if completes { reference[night, default: []].insert(item) } else { reference[night]?.remove(item) }
            #expect(completions.done(on: .date(night)) == reference[night] ?? [])
        }
        #expect(warnings.all.count > 0, "the unknown items are refused")
    }

    @Test func aHeldSampleTakesFortyEightBytes() {
        #expect(MemoryLayout<SleepLedger.StoredSample>.stride <= 48)
    }

    @Test func statisticsCountAnOpaqueEventUnderItsName() throws {
        var statistics = LogStatistics()
        var warnings = ProjectionWarnings()
        let at = try Instant(rfc3339: "2026-12-01T09:00:00+01:00")
        let newer = OpaquePayload(typeName: "goalSet", version: 2, data: JSONObject(), reason: .newerVersion(knownVersion: 1))
        let unknown = OpaquePayload(typeName: "somethingNew", version: 1, data: JSONObject(), reason: .unknownType)
        for (seq, payload) in [EventPayload.goalCleared, .opaque(newer), .opaque(unknown), .goalCleared].enumerated() {
            statistics.apply(RecordedEvent(seq: seq + 1, event: Event(id: "e\(seq)", at: at, timeZone: "Europe/Berlin", payload: payload)), warnings: &warnings)
        }
        #expect(statistics.countsByType == ["goalCleared": 2, "goalSet": 1, "somethingNew": 1])
        #expect(statistics.zones == ["Europe/Berlin"])
    }
}
