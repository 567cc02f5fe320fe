import Events
import Projections
import Testing
import Views

/// The round trip every checkpoint test rests on: a runner read back from the checkpoint of
/// a prefix — copied, and as an open reads it (its largest columns kept in place in the
/// payload, ``KeptPayload``) — answers as the runner it was written from, and folds the rest
/// of the log on alike.
public enum CheckpointRoundTrip {
    /// Folds `events[..<cut]`, reads its checkpoint back both ways, and expects each alike
    /// there and after folding the rest: the same bookkeeping, warnings, state, JSON view and
    /// bytes written again.
    public static func expect(
        _ events: [RecordedEvent], cut: Int, label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events[..<cut])
        let payload = original.checkpointPayload()
        let (kept, keeper) = try KeptPayload.runner(payload)
        var restored = [
            ("copied", try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)),
            ("kept in place", kept),
        ]
        for (how, runner) in restored {
            #expect(runner.checkpointPayload() == payload, "\(label), \(how): written again, other bytes", sourceLocation: sourceLocation)
            expectAlike(original, runner, label: "\(label), \(how), read back", sourceLocation: sourceLocation)
        }
        original.apply(contentsOf: events[cut...])
        let written = original.checkpointPayload()
        for index in restored.indices {
            let how = restored[index].0
            restored[index].1.apply(contentsOf: events[cut...])
            expectAlike(original, restored[index].1, label: "\(label), \(how), folded on", sourceLocation: sourceLocation)
            #expect(restored[index].1.checkpointPayload() == written, "\(label), \(how), folded on: other bytes", sourceLocation: sourceLocation)
        }
        #expect(keeper.isAlive, "\(label): the runner holds the payload it reads in place", sourceLocation: sourceLocation)
    }

    /// The two runners answer alike: bookkeeping, warnings, state, and the JSON view as of
    /// the latest instant (and an hour later, when time moving on matters).
    public static func expectAlike(
        _ original: ProjectionRunner<LogState>, _ restored: ProjectionRunner<LogState>, label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
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
