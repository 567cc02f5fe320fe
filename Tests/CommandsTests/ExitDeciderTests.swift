import Commands
import Events
import Projections
import Testing
import TestSupport

/// One rule for exits (`ExitHistory.rejection(of:on:window:at:)`): for each row, the exit
/// command refuses exactly when the fold skips its event, and for the same typed reason
/// (the command's rule code is the reason's; the fold's warning is rule `.exit`, or
/// `.nightRange`).
@Suite("Exits: the command refuses exactly what the fold skips")
struct ExitDeciderTests {
    typealias F = NightPlanFixtures
    typealias X = ExitFixtures

    /// One row: the log (exit steps of night 2026-11-30 after the goal, and whether a demo
    /// night started first), the command and its night, the instant, and the rule expected
    /// (`nil`: accepted).
    struct Row: Sendable, CustomTestStringConvertible {
        var steps: [(String, String)] = []
        var demo = false
        var command: String
        var night = X.tonight
        var at: String
        var expected: CommandError.Rule?
        var testDescription: String { "\(command) \(night) at \(at) after \(steps.map(\.0)) → \(expected?.rawValue ?? "accepted")" }
    }

    static let requested = [("request", "2026-11-30T20:00:00+01:00")]
    static let confirmed = requested + [("confirm", "2026-11-30T20:01:00+01:00")]

    static let rows: [Row] = [
        Row(command: "request", at: "2026-11-30T20:00:00+01:00", expected: nil),
        Row(command: "request", at: "2026-11-30T19:44:59.999+01:00", expected: .outsideExitWindow),
        Row(command: "request", at: "2026-12-01T07:45:00+01:00", expected: .outsideExitWindow),
        Row(command: "request", night: "2026-12-03", at: "2026-11-30T20:00:00+01:00", expected: .nightOutOfRange),
        Row(command: "request", night: "2026-11-29", at: "2026-11-30T20:00:00+01:00", expected: .nightNotPlanned),
        Row(command: "request", night: "demo", at: "2026-11-30T20:00:00+01:00", expected: .noDemoNight),
        Row(demo: true, command: "request", night: "demo", at: "2026-11-30T15:01:00+01:00", expected: nil),
        Row(steps: requested, command: "request", at: "2026-11-30T20:00:30+01:00", expected: .exitAlreadyWaiting),
        Row(steps: confirmed, command: "request", at: "2026-11-30T20:05:00+01:00", expected: .freeWindowOpen),
        Row(steps: confirmed, command: "request", at: "2026-11-30T20:11:00+01:00", expected: nil),
        Row(command: "cancel", at: "2026-11-30T20:00:00+01:00", expected: .noExitWaiting),
        Row(steps: requested, command: "cancel", at: "2026-11-30T20:00:30+01:00", expected: nil),
        Row(steps: requested, command: "cancel", at: "2026-12-01T09:00:00+01:00", expected: nil),
        Row(steps: confirmed, command: "cancel", at: "2026-11-30T20:02:00+01:00", expected: .noExitWaiting),
        Row(steps: requested, command: "confirm", at: "2026-11-30T20:00:59.999+01:00", expected: .waitNotOver),
        Row(steps: requested, command: "confirm", at: "2026-11-30T20:01:00+01:00", expected: nil),
        Row(steps: [("request", "2026-12-01T07:44:30+01:00")], command: "confirm", at: "2026-12-01T07:45:30+01:00", expected: .nightOver),
        Row(command: "confirm", at: "2026-11-30T20:00:00+01:00", expected: .noExitWaiting),
        Row(command: "end", at: "2026-11-30T20:00:00+01:00", expected: .noFreeWindowOpen),
        Row(steps: requested, command: "end", at: "2026-11-30T20:00:30+01:00", expected: .noFreeWindowOpen),
        Row(steps: confirmed, command: "end", at: "2026-11-30T20:03:00+01:00", expected: nil),
        Row(steps: confirmed + [("end", "2026-11-30T20:03:00+01:00")], command: "end", at: "2026-11-30T20:04:00+01:00", expected: .noFreeWindowOpen),
        Row(command: "end", night: "2026-12-04", at: "2026-11-30T20:00:00+01:00", expected: .nightOutOfRange),
    ]

    /// The rule code a command gives for `rejection` (the one mapping `ExitRule` renders).
    static func rule(of rejection: ExitRejection) -> CommandError.Rule {
        switch rejection {
        case .nightOutOfRange: return .nightOutOfRange
        case .noDemoNight: return .noDemoNight
        case .nightNotPlanned: return .nightNotPlanned
        case .outsideExitWindow: return .outsideExitWindow
        case .alreadyWaiting: return .exitAlreadyWaiting
        case .freeWindowOpen: return .freeWindowOpen
        case .noExitWaiting: return .noExitWaiting
        case .waitNotOver: return .waitNotOver
        case .nightOver: return .nightOver
        case .noFreeWindowToClose: return .noFreeWindowOpen
        }
    }

    @Test(arguments: Self.rows)
    func theCommandRefusesExactlyWhatTheFoldSkips(row: Row) async throws {
        let night = try F.night(row.night)
        var given = try X.log(row.steps)
        if row.demo { given.insert(try X.demoStarted(), at: 1) }
        let now = try F.instant(row.at)
        let outcome = try await Scenario(given: given, at: now).when(X.command(row.command, night: night))

        // The command.
        #expect(outcome.commandError?.rule == row.expected, "command: \(String(describing: outcome.commandError))")
        if row.expected == nil { #expect(outcome.appended.count == 1) }

        // The fold, given the command's event at the same instant.
        let payload = X.payload(row.command, night: night)
        let event = RecordedEvent(seq: outcome.before.lastSeq + 1, event: Event(id: "probe", at: now, timeZone: "Europe/Berlin", payload: payload))
        let state = outcome.before.state
        var exits = state.exits
        var warnings = ProjectionWarnings()
        let folded = exits.apply(event, window: state.exitWindow(for: night), warnings: &warnings)
        switch folded {
        case .skipped(let rejection):
            #expect(Self.rule(of: rejection) == row.expected, "fold: \(rejection)")
            let warningRule: ProjectionWarnings.Rule
            if case .nightOutOfRange = rejection { warningRule = .nightRange } else { warningRule = .exit }
            #expect(warnings.all.map(\.rule) == [warningRule])
        case .applied:
            #expect(row.expected == nil, "the fold applied what the command refused")
        case .ignored:
            Issue.record("the fold ignored an exit event")
        }
        // And `LogState`'s fold warns exactly then.
        var whole = state
        var stateWarnings = ProjectionWarnings()
        whole.apply(event, warnings: &stateWarnings)
        #expect(stateWarnings.isEmpty == (row.expected == nil))
    }

    /// The one place the command is stricter than the fold: "I'm back" after the free window
    /// ran out by itself. The fold still folds such a `freeWindowUsed` (resumed
    /// automatically); the command refuses it, as `EndFreeWindow` documents.
    @Test func endingAWindowThatRanOutIsRefusedThoughTheFoldAppliesIt() async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant("2026-11-30T20:20:00+01:00")
        let outcome = try await Scenario(given: try X.log(Self.confirmed), at: now).when(EndFreeWindow(night: night))
        outcome.thenRejected(.noFreeWindowOpen, messageContains: "it ran out at 2026-11-30 20:11 and closed by itself")
        #expect(outcome.before.state.exits.rejection(of: .closeFreeWindow, on: night, window: outcome.before.state.exitWindow(for: night), at: now) == nil)
        #expect(!outcome.projectionSkips(X.payload("end", night: night)))
    }
}
