import Events
import Projections
import Simulation
import Testing
import TestSupport
import Views

/// A runner read back from its checkpoint folds a long simulated log on as the original
/// (goal changes, trips across zones, daylight-saving changes, many samples and vitals):
/// the checkpoint tests of `ProjectionTests` on a log of hundreds of nights, and on the
/// random plan logs that ask about plans while folding.
@Suite("Checkpoint: simulated logs fold on alike")
struct CheckpointSimulatedLogTests {
    @Test func aSimulatedLogFoldsOnAlikeFromACheckpoint() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 400, seed: 41))
        let events = EventOrdering.sorted(log.events)
        for cut in [1, events.count / 5, events.count / 2, events.count * 4 / 5, events.count - 3] {
            try Self.expectRoundTrip(events, cut: cut)
        }
    }

    @Test(arguments: 0..<6)
    func randomPlanLogsFoldOnAlikeFromACheckpoint(seed: Int) throws {
        let events = try RandomPlanLog(seed: UInt64(seed)).events
        for cut in stride(from: 0, through: events.count, by: max(1, events.count / 7)) {
            try Self.expectRoundTrip(events, cut: cut)
        }
    }

    /// Folds `events[..<cut]`, reads its checkpoint back, folds the rest into both and
    /// expects the same bytes, warnings, bookkeeping and JSON view.
    static func expectRoundTrip(_ events: [RecordedEvent], cut: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events[..<cut])
        let payload = original.checkpointPayload()
        var restored = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        #expect(restored.checkpointPayload() == payload, "cut \(cut)", sourceLocation: sourceLocation)
        original.apply(contentsOf: events[cut...])
        restored.apply(contentsOf: events[cut...])
        #expect(restored.appliedCount == original.appliedCount, "cut \(cut)", sourceLocation: sourceLocation)
        #expect(restored.latestInstant == original.latestInstant, "cut \(cut)", sourceLocation: sourceLocation)
        #expect(restored.latestTimeZone == original.latestTimeZone, "cut \(cut)", sourceLocation: sourceLocation)
        #expect(restored.warnings == original.warnings, "cut \(cut)", sourceLocation: sourceLocation)
        let sameState = restored.state == original.state
        #expect(sameState, "cut \(cut): the states differ", sourceLocation: sourceLocation)
        #expect(restored.checkpointPayload() == original.checkpointPayload(), "cut \(cut)", sourceLocation: sourceLocation)
        let now = original.latestInstant
        let expected = JSONView.text(state: original.state, warnings: original.warnings, asOf: now)
        let actual = JSONView.text(state: restored.state, warnings: restored.warnings, asOf: now)
        if actual != expected {
            Issue.record("cut \(cut): the JSON views differ:\n\(Golden.diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
        }
    }
}
