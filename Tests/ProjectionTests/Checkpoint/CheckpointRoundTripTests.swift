import Events
import Projections
import Testing
import TestSupport
import Views

/// A runner read back from its checkpoint folds on exactly as the runner it was made of:
/// the same JSON view, warnings, state, bookkeeping and bytes, at every cut of every
/// fixture log.
@Suite("Checkpoint: a runner read back folds on as the original")
struct CheckpointRoundTripTests {
    @Test func thereAreFixtureLogs() {
        let logs = CheckpointFixtures.logs
        #expect(logs.count >= 15, "\(logs)")
        #expect(logs.contains { $0.hasPrefix("Hostile/") }, "the hostile logs that fold are folded too")
    }

    @Test(arguments: CheckpointFixtures.logs)
    func foldsOnAlikeAtEveryCut(path: String) throws {
        let events = try CheckpointFixtures.events(of: path)
        for cut in Self.cuts(count: events.count, seed: UInt64(path.utf8.count)) {
            try Self.expectRoundTrip(events, cut: cut, label: "\(path) cut \(cut)")
        }
    }

    /// Every cut of a short log; of a longer one the first and last few and 16 between.
    static func cuts(count: Int, seed: UInt64) -> [Int] {
        if count <= 48 { return Array(0...count) }
        var random = SplitMix(seed: seed)
        var cuts = Set([0, 1, 2, count / 2, count - 2, count - 1, count])
        while cuts.count < 23 { cuts.insert(random.next(below: count + 1)) }
        return cuts.sorted()
    }

    /// Folds `events[..<cut]`, writes and reads back the runner, and expects both alike
    /// there and after folding the rest.
    static func expectRoundTrip(_ events: [RecordedEvent], cut: Int, label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events[..<cut])
        let payload = original.checkpointPayload()
        var restored = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        #expect(restored.checkpointPayload() == payload, "\(label): written again, other bytes", sourceLocation: sourceLocation)
        expectAlike(original, restored, label: "\(label), read back", sourceLocation: sourceLocation)
        original.apply(contentsOf: events[cut...])
        restored.apply(contentsOf: events[cut...])
        expectAlike(original, restored, label: "\(label), folded on", sourceLocation: sourceLocation)
        #expect(restored.checkpointPayload() == original.checkpointPayload(), "\(label), folded on: other bytes", sourceLocation: sourceLocation)
    }

    /// The two runners answer alike: bookkeeping, warnings, state, and the JSON view as of
    /// the latest instant (and an hour later, when time moving on matters).
    static func expectAlike(_ original: ProjectionRunner<LogState>, _ restored: ProjectionRunner<LogState>, label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(restored.appliedCount == original.appliedCount, "\(label)", sourceLocation: sourceLocation)
        #expect(restored.latestInstant == original.latestInstant, "\(label)", sourceLocation: sourceLocation)
        #expect(restored.latestTimeZone == original.latestTimeZone, "\(label)", sourceLocation: sourceLocation)
        #expect(restored.warnings == original.warnings, "\(label)", sourceLocation: sourceLocation)
        let sameState = restored.state == original.state
        #expect(sameState, "\(label): the states differ", sourceLocation: sourceLocation)
        for now in [original.latestInstant, original.latestInstant?.adding(seconds: 3600)] {
            let expected = JSONView.text(state: original.state, warnings: original.warnings, asOf: now)
            let actual = JSONView.text(state: restored.state, warnings: restored.warnings, asOf: now)
            if actual != expected {
                Issue.record("\(label): the JSON views differ:\n\(Golden.diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
            }
        }
    }
}
