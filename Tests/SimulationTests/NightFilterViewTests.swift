import EventLogFile
import Events
import Foundation
import Projections
import Simulation
import Testing
import TestSupport
import StrictJSON
import Views

/// A range of nights (`show --from D --to D`) builds only its nights, yet must give exactly
/// the unranged lists filtered: `NightPlans.plans(asOf:nights:)`, `SleepLedger.nightsWithData(in:)`,
/// `ExitHistory.realRecords(in:)` and the JSON view, on fixture logs and a simulated one,
/// at instants through each log (so the ledger's pending night is in play).
@Suite("Night ranges: only the nights in range, the same as filtering everything")
struct NightFilterViewTests {
    @Test(arguments: ["SampleWeek/sample-week.jsonl", "Fortnight/fortnight.jsonl", "Exits/three-exits.jsonl", "Plans/trip.jsonl", "Plans/dst-week.jsonl"])
    func fixtureLogs(path: String) throws {
        var events: [RecordedEvent] = []
        _ = try EventLogReader.forEachEventInTimeOrder(path: Golden.fixture(path).path, restart: { events = [] }) { events.append($0) }
        try Self.expectFilteringAgrees(events, stops: 12)
    }

    @Test func aSimulatedLog() throws {
        // 120 nights with goal changes, trips across zones, exits and sleep every night.
        let log = try SimulatedLog(SimulationConfiguration(nights: 120, seed: 17))
        try Self.expectFilteringAgrees(EventOrdering.sorted(log.events), stops: 6)
    }

    /// Folds `events` (in time order) and, at `stops` points through them and at the end,
    /// compares every ranged answer with the unranged one filtered.
    static func expectFilteringAgrees(_ events: [RecordedEvent], stops: Int) throws {
        var runner = ProjectionRunner<LogState>()
        let stopIndices = Set((1...stops).map { events.count * $0 / (stops + 1) } + [events.count - 1])
        var checked = 0
        for (index, event) in events.enumerated() {
            runner.apply(event)
            guard stopIndices.contains(index), let now = runner.latestInstant else { continue }
            let state = runner.state
            let whole = state.nightPlans.plans(asOf: now)
            let allNights = whole.map(\.night) + state.sleep.nightsWithData
            guard let first = allNights.min(), let last = allNights.max() else { continue }
            for filter in ranges(first: first, last: last) {
                let plans = state.nightPlans.plans(asOf: now, nights: filter)
                #expect(plans == whole.filter { filter.contains($0.night) }, "plans, \(filter)")
                #expect(state.sleep.nightsWithData(in: filter) == state.sleep.nightsWithData.filter(filter.contains), "sleep, \(filter)")
                #expect(state.exits.realRecords(in: filter) == state.exits.realRecords.filter { $0.night.date.map(filter.contains) ?? false }, "exits, \(filter)")
                let ranged = try #require(JSONView.render(state: state, warnings: runner.warnings, asOf: now, nights: filter).objectValue)
                let unranged = try #require(JSONView.render(state: state, warnings: runner.warnings, asOf: now).objectValue)
                #expect(ranged == filtered(unranged, by: filter), "the JSON view, \(filter)")
            }
            checked += 1
        }
        #expect(checked >= 2)
    }

    /// Ranges around a log's nights: open on either side, one night, a week, the first and
    /// last nights, past either end, and wholly outside.
    static func ranges(first: LocalDate, last: LocalDate) -> [NightFilter] {
        let span = last.days(from: first)
        let middle = first.adding(days: span / 2)
        return [
            .all,
            NightFilter(from: middle), NightFilter(to: middle),
            NightFilter(from: middle, to: middle), NightFilter(from: middle, to: middle.adding(days: 6)),
            NightFilter(from: first, to: first), NightFilter(from: last, to: last),
            NightFilter(from: first.adding(days: -3), to: first.adding(days: 1)),
            NightFilter(from: last.adding(days: -1), to: last.adding(days: 5)),
            NightFilter(from: first.adding(days: -30), to: first.adding(days: -1)),
            NightFilter(from: last.adding(days: 1)),
        ]
    }

    /// The unranged view with `plans`, `sleep`, `exits.byNight` and `scores` filtered by
    /// each row's `night`.
    static func filtered(_ view: JSONObject, by filter: NightFilter) -> JSONObject {
        func keep(_ rows: JSONValue?) -> JSONValue {
            .array((rows?.arrayValue ?? []).filter { row in
                guard let text = row.objectValue?["night"]?.stringValue, let night = try? LocalDate(iso: text) else { return false }
                return filter.contains(night)
            })
        }
        var result = JSONObject()
        for member in view.members {
            switch member.key {
            case "plans", "sleep", "scores":
                result.append(member.key, keep(member.value))
            case "exits":
                var exits = JSONObject()
                for part in member.value.objectValue?.members ?? [] {
                    exits.append(part.key, part.key == "byNight" ? keep(part.value) : part.value)
                }
                result.append(member.key, .object(exits))
            default:
                result.append(member.key, member.value)
            }
        }
        return result
    }
}
