import Events
import Foundation
import Projections
import Summaries
import Testing
import TestSupport
import Views

/// The widget's Codable snapshot.
struct WidgetSnapshotTests {
    /// The example night (2026-11-30: score 78, 418 min asleep, deep 52) with Apple's score
    /// typed in as 80.
    static func state() throws -> SummaryLog {
        var log = try SummaryLog.withGoal()
        try log.settings(deepTarget: .minutes(70), at: "2026-11-30T12:00:00+01:00")
        try log.night("2026-11-30T23:50:00+01:00", [(.core, 150), (.deep, 52), (.rem, 33), (.core, 183)])
        try log.appleScore(80, night: "2026-11-30", at: "2026-12-01T08:30:00+01:00")
        for item in ["last_meal", "stop_eating", "last_water"] {
            _ = try log.add(.checklistItemCompleted(ChecklistItemChange(night: try Night(text: "2026-11-30"), item: item)), at: "2026-11-30T20:00:00+01:00")
        }
        return log
    }

    static func json(_ snapshot: WidgetSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let asOf: String
        let json: String
        var testDescription: String { asOf }
    }

    @Test(arguments: [
        // The morning after: last night's figures; tonight is 2026-12-01 (23:30).
        Case(asOf: "2026-12-01T09:00:00+01:00",
             json: #"{"apple":85,"appleLogged":80,"asOf":"2026-12-01T09:00:00+01:00","asleepMin":418,"band":"good","bed":"23:30","bedAt":"2026-12-01T23:30:00+01:00","debt7Min":62,"deepMin":52,"next":["last_meal","stop_eating","last_water"],"night":"2026-11-30","score":78,"v":1}"#),
        // During the night, before its wake time (07:45) and before its samples arrive:
        // tonight is still 2026-11-30, and nothing is recorded yet.
        Case(asOf: "2026-12-01T03:00:00+01:00",
             json: #"{"asOf":"2026-12-01T03:00:00+01:00","bed":"23:45","bedAt":"2026-11-30T23:45:00+01:00","debt7Min":0,"next":["warm_lighting","wind_down","screens_off"],"v":1}"#),
        // Before any sleep: only the plan.
        Case(asOf: "2026-11-30T18:00:00+01:00",
             json: #"{"asOf":"2026-11-30T18:00:00+01:00","bed":"23:45","bedAt":"2026-11-30T23:45:00+01:00","debt7Min":0,"next":["last_meal","stop_eating","last_water"],"v":1}"#),
        // From last night's wake time (07:45) on: the coming night's bedtime and items,
        // never last night's remaining ones (Apple's score is typed in later, at 08:30).
        Case(asOf: "2026-12-01T07:45:00+01:00",
             json: #"{"apple":85,"asOf":"2026-12-01T07:45:00+01:00","asleepMin":418,"band":"good","bed":"23:30","bedAt":"2026-12-01T23:30:00+01:00","debt7Min":62,"deepMin":52,"next":["last_meal","stop_eating","last_water"],"night":"2026-11-30","score":78,"v":1}"#),
    ])
    func theSnapshotAsOfAnInstant(_ expected: Case) throws {
        let log = try Self.state()
        let snapshot = WidgetSnapshot(state: try log.state(asOf: expected.asOf), at: try instant(expected.asOf))
        let json = try Self.json(snapshot)
        #expect(json == expected.json)
    }

    @Test func theSnapshotRoundTripsThroughJSON() throws {
        let log = try Self.state()
        for asOf in ["2026-12-01T09:00:00+01:00", "2026-11-30T18:00:00+01:00"] {
            let snapshot = WidgetSnapshot(state: try log.state(asOf: asOf), at: try instant(asOf))
            let data = try JSONEncoder().encode(snapshot)
            #expect(try JSONDecoder().decode(WidgetSnapshot.self, from: data) == snapshot)
        }
        let empty = WidgetSnapshot(state: try SummaryLog().state(), at: try instant("2026-12-01T09:00:00Z"))
        let emptyJSON = try Self.json(empty)
        #expect(emptyJSON == #"{"asOf":"2026-12-01T09:00:00+00:00","debt7Min":0,"v":1}"#)
        #expect(try JSONDecoder().decode(WidgetSnapshot.self, from: try JSONEncoder().encode(empty)) == empty)
    }

    @Test func theKeysAreCompactAndStable() throws {
        let full = WidgetSnapshot(asOf: "a", night: "n", score: 1, band: "good", asleepMinutes: 2, deepMinutes: 3, appleEstimate: 4, appleLogged: 5, sleepDebtMinutes: 6, bedtime: "22:30", bedtimeAt: "b", nextChecklistItems: ["read"])
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(full))
        let keys = try #require(object as? [String: Any]).keys.sorted()
        #expect(keys == ["apple", "appleLogged", "asOf", "asleepMin", "band", "bed", "bedAt", "debt7Min", "deepMin", "next", "night", "score", "v"])
        // A widget built against this layout reads a host app's JSON written by hand.
        let written = Data(#"{"v":1,"asOf":"a","debt7Min":6,"score":1,"bed":"22:30"}"#.utf8)
        let read = try JSONDecoder().decode(WidgetSnapshot.self, from: written)
        #expect(read.score == 1)
        #expect(read.bedtime == "22:30")
        #expect(read.deepMinutes == nil)
        #expect(read.nextChecklistItems.isEmpty, "a snapshot written before `next` existed reads with no items")
    }
}
