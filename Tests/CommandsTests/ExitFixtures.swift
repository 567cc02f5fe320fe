import Commands
import Events
import Projections
import Testing
import TestSupport

/// The shared world of the mindful-exit command tests: the fixture goal's night 2026-11-30
/// in Europe/Berlin (wind-down 19:45+01:00, bedtime 23:45, wake 07:45 on 2026-12-01), its
/// exit events, and the four exit commands by name for parameterized tests.
enum ExitFixtures {
    typealias F = NightPlanFixtures

    /// The night the tests exit from.
    static let tonight = "2026-11-30"

    /// The four exit commands, by the names `command(_:night:)` knows.
    static let commandNames = ["request", "cancel", "confirm", "end"]

    /// The exit command called `name` for `night`.
    static func command(_ name: String, night: Night) -> any Command {
        switch name {
        case "request": return RequestExit(night: night)
        case "cancel": return CancelExit(night: night)
        case "confirm": return ConfirmExit(night: night)
        default: return EndFreeWindow(night: night)
        }
    }

    /// The payload the exit command called `name` appends for `night`.
    static func payload(_ name: String, night: Night) -> EventPayload {
        let action = NightAction(night: night)
        switch name {
        case "request": return .exitRequested(action)
        case "cancel": return .exitCancelled(action)
        case "confirm": return .exitConfirmed(action)
        default: return .freeWindowUsed(FreeWindowUsed(night: night, returnedEarly: true))
        }
    }

    /// A given exit event (`request`, `cancel`, `confirm`, `end`) of `night` at `at`.
    static func exit(_ name: String, at: String, night: String = tonight) throws -> Event {
        try F.event("given-\(name)-\(at)", payload(name, night: try F.night(night)), at: at)
    }

    /// The goal, then the exit events `steps` (name, instant) of night 2026-11-30.
    static func log(_ steps: [(String, String)]) throws -> [Event] {
        var events = [try F.goalEvent()]
        for (name, at) in steps { events.append(try exit(name, at: at)) }
        return events
    }

    /// Two exits confirmed earlier that night: 20:00 → 20:01 (attempt 1, window until
    /// 20:11) and 21:00 → 21:03 (attempt 2, window until 21:13).
    static let twoConfirmed = [
        ("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00"),
        ("request", "2026-11-30T21:00:00+01:00"), ("confirm", "2026-11-30T21:03:00+01:00"),
    ]

    /// A demo night started at 15:00 (compression 60 and the goal's sleep need of 480:
    /// wind-down 15:00, bedtime 15:04, wake 15:12).
    static func demoStarted() throws -> Event {
        try F.event("given-demo", .demoNightStarted(DemoNightStarted()), at: "2026-11-30T15:00:00+01:00")
    }
}

extension Scenario.Outcome {
    /// The command's rejection, if it was rejected.
    var commandError: CommandError? {
        if case .failure(.rejected(let error)) = result { return error }
        return nil
    }

    /// Expects exactly `payload` appended and folded by the projections without a warning:
    /// the projection accepted what the command decided.
    @discardableResult
    func thenFolded(
        _ payload: EventPayload,
        state assertState: (LogState) throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) rethrows -> Scenario.Outcome {
        try then([payload], state: assertState, sourceLocation: sourceLocation)
        #expect(after.warnings == before.warnings, "the projection skipped the event: \(after.warnings.all)", sourceLocation: sourceLocation)
        return self
    }

    /// Whether the projections would skip `payload` stamped now, folded onto the state
    /// before the command (as `ExitHistory.apply` judges it).
    func projectionSkips(_ payload: EventPayload) -> Bool {
        var state = before.state
        var warnings = ProjectionWarnings()
        let event = Event(id: "probe", at: scenario.instant, timeZone: scenario.timeZone, source: .phone, payload: payload)
        state.apply(RecordedEvent(seq: before.lastSeq + 1, event: event), warnings: &warnings)
        return !warnings.isEmpty
    }
}
