import Foundation
import Events
import Projections
import Testing
import TestSupport
import StrictJSON

/// The runner: (at, seq) order, "as of" an instant or a seq, first occurrence of an id,
/// opaque events counted and skipped.
struct ProjectionRunnerTests {
    static func recorded(_ seq: Int, _ id: String, at: String, _ payload: EventPayload, timeZone: String = "Europe/Berlin") throws -> RecordedEvent {
        RecordedEvent(seq: seq, event: try EventFactory.event(id, payload, at: at, timeZone: timeZone))
    }

    static func tier(_ app: String, _ tier: AppTier) -> EventPayload {
        .appTierAssigned(AppTierAssigned(app: app, tier: tier))
    }

    @Test func eventsFoldInAtThenSeqOrder() throws {
        // Seq 2 was queued offline: it happened before seq 1 and must be folded first.
        let events = [
            try Self.recorded(1, "a", at: "2026-11-30T21:00:00+01:00", Self.tier("Reddit", .block30Min)),
            try Self.recorded(2, "b", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .blockFirst)),
        ]
        var runner = ProjectionRunner<AppTierAssignments>()
        runner.apply(contentsOf: EventOrdering.sorted(events))
        #expect(runner.state.tier(of: "Reddit") == .block30Min)
        #expect(runner.state._checkInvariants().isEmpty)
    }

    @Test func sameMomentFallsBackToSeq() throws {
        let events = [
            try Self.recorded(2, "b", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .alwaysAllowed)),
            try Self.recorded(1, "a", at: "2026-11-30T19:00:00Z", Self.tier("Reddit", .blockFirst)),
        ]
        #expect(EventOrdering.sorted(events).map(\.seq) == [1, 2])
    }

    @Test func asOfAnInstantFoldsWhatHadHappenedByThen() throws {
        let events = [
            try Self.recorded(1, "a", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .blockFirst)),
            try Self.recorded(2, "b", at: "2026-11-30T22:00:00+01:00", Self.tier("Reddit", .alwaysAllowed)),
            // Arrived late, but had happened by 21:00.
            try Self.recorded(3, "c", at: "2026-11-30T20:30:00+01:00", Self.tier("Reddit", .block30Min)),
        ]
        var runner = ProjectionRunner<AppTierAssignments>(position: ReplayPosition(instant: try EventFactory.instant("2026-11-30T21:00:00+01:00")))
        runner.apply(contentsOf: EventOrdering.sorted(events))
        #expect(runner.state.tier(of: "Reddit") == .block30Min)
        #expect(runner.appliedCount == 2)
    }

    @Test func asOfASeqFoldsWhatTheLogKnew() throws {
        let events = [
            try Self.recorded(1, "a", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .blockFirst)),
            try Self.recorded(2, "b", at: "2026-11-30T22:00:00+01:00", Self.tier("Reddit", .alwaysAllowed)),
            try Self.recorded(3, "c", at: "2026-11-30T20:30:00+01:00", Self.tier("Reddit", .block30Min)),
        ]
        var runner = ProjectionRunner<AppTierAssignments>(position: ReplayPosition(untilSeq: 2))
        runner.apply(contentsOf: EventOrdering.sorted(events))
        #expect(runner.state.tier(of: "Reddit") == .alwaysAllowed)
    }

    /// `--skip`: a skipped event is left out as if its line were not there; a later event
    /// with its id is then the first occurrence, and nothing warns about the skipped one.
    @Test func skippedEventsAreLeftOutAsIfTheirLinesWereNotThere() throws {
        let events = [
            try Self.recorded(1, "a", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .blockFirst)),
            try Self.recorded(2, "b", at: "2026-11-30T21:00:00+01:00", Self.tier("Reddit", .alwaysAllowed)),
            try Self.recorded(3, "b", at: "2026-11-30T22:00:00+01:00", Self.tier("Reddit", .block30Min)),
        ]
        let position = ReplayPosition(skipped: [ReplayPosition.Place(stream: nil, seq: 2)])
        #expect(!position.includes(events[1]))
        #expect(position.includes(events[0]) && position.includes(events[2]))
        #expect(position.includes(events[1].inStream("watch")), "a place names its stream: watch:2 is not seq 2")
        var runner = ProjectionRunner<AppTierAssignments>(position: position)
        runner.apply(contentsOf: events)
        #expect(runner.state.tier(of: "Reddit") == .block30Min)
        #expect(runner.warnings.all.isEmpty)
        #expect(position != .end)
    }

    @Test func boundaryInstantIsIncluded() throws {
        let event = try Self.recorded(1, "a", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .blockFirst))
        #expect(ReplayPosition(instant: try EventFactory.instant("2026-11-30T19:00:00Z")).includes(event))
        #expect(!ReplayPosition(instant: try EventFactory.instant("2026-11-30T18:59:59.999Z")).includes(event))
    }

    @Test func repeatedIdUsesTheFirstOccurrenceAndWarns() throws {
        let events = [
            try Self.recorded(1, "same", at: "2026-11-30T20:00:00+01:00", Self.tier("Reddit", .blockFirst)),
            try Self.recorded(2, "same", at: "2026-11-30T20:01:00+01:00", Self.tier("Reddit", .alwaysAllowed)),
        ]
        var runner = ProjectionRunner<AppTierAssignments>()
        runner.apply(contentsOf: events)
        #expect(runner.state.tier(of: "Reddit") == .blockFirst)
        #expect(runner.warnings.all.map(\.seq) == [2])
    }

    @Test func opaqueEventsAreCountedInWarningsAndSkipped() throws {
        let opaque = EventPayload.opaque(OpaquePayload(typeName: "moodLogged", version: 1, data: JSONObject(), reason: .unknownType))
        var runner = ProjectionRunner<LogState>()
        runner.apply(try Self.recorded(1, "a", at: "2026-11-30T20:00:00+01:00", opaque))
        runner.apply(try Self.recorded(2, "b", at: "2026-11-30T20:01:00+01:00", Self.tier("Reddit", .blockFirst)))
        #expect(runner.appliedCount == 1)
        #expect(runner.state.statistics.eventCount == 1)
        #expect(runner.warnings.all.count == 1)
        #expect(runner.warnings.all.first?.description.contains("moodLogged") == true)
    }

    @Test func sameLogGivesTheSameState() throws {
        let url = Golden.fixture("SampleWeek/sample-week.jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var decoder = EventLineDecoder()
        let events = try lines.map { try decoder.decode(line: Array($0.utf8)) }
        var first = ProjectionRunner<LogState>()
        first.apply(contentsOf: EventOrdering.sorted(events))
        var second = ProjectionRunner<LogState>()
        second.apply(contentsOf: EventOrdering.sorted(events.reversed()))
        #expect(first.state == second.state)
        #expect(first.state.statistics.eventCount == 162)
    }
}
