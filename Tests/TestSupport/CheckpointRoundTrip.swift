import Events
import Projections
import Testing
import Views

/// The round trip every checkpoint test rests on: a runner read back from the checkpoint of
/// a prefix answers as the runner it was written from, writes the same bytes, and folds the
/// rest of the log on alike.
public enum CheckpointRoundTrip {
    /// Folds `events[..<cut]`, reads its checkpoint back, and expects it alike there and after
    /// folding the rest: the same bookkeeping, warnings, state, JSON view and bytes written
    /// again (the same state always writes the same bytes: written twice, they are equal).
    public static func expect(
        _ events: [RecordedEvent], cut: Int, label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events[..<cut])
        let payload = original.checkpointPayload()
        #expect(original.checkpointPayload() == payload, "\(label): written twice, other bytes", sourceLocation: sourceLocation)
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
