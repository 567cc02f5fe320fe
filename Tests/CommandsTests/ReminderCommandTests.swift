import Commands
import Events
import Projections
import Testing
import TestSupport

/// `RetireReminder` and `RestoreReminder` (docs/rules.md §9): given / when / then, and the
/// one rule (`ReminderHabits.rejection(retiring:template:at:)`) the commands refuse by and
/// the fold skips by.
struct ReminderCommandTests {
    typealias F = NightPlanFixtures
    /// Before the fixture night's wind-down (bedtime 23:45, wind-down 19:45).
    static let afternoon = "2026-11-30T15:00:00+01:00"

    static func retired(_ template: String) -> EventPayload { .reminderRetired(ReminderChange(template: template)) }
    static func restored(_ template: String) -> EventPayload { .reminderRestored(ReminderChange(template: template)) }

    @Test func retiringAReminderLeavesItOutFromTonightsWindDownAndKeepsTheItem() async throws {
        let now = try F.instant(Self.afternoon)
        let night = try F.night("2026-11-30")
        let stopEating = try #require(ReminderTemplate.template(id: "stop_eating"))
        try await Scenario(given: [try F.goalEvent()], at: now)
            .when(RetireReminder(template: "stop_eating"))
            .then([Self.retired("stop_eating")]) { state in
                let pending = state.pendingNotifications(at: now)
                #expect(!pending.contains { $0.kind == .reminder(stopEating) })
                #expect(pending.contains { $0.night == night })
                let nine = try F.instant("2026-11-30T21:00:00+01:00")
                let halfPastEight = try F.instant("2026-11-30T20:30:00+01:00")
                #expect(state.tonight(at: nine)?.checklist.contains { $0.item == "stop_eating" } == true)
                #expect(state.tonight(at: halfPastEight)?.nextNotification?.kind != .reminder(stopEating))
            }
    }

    @Test func restoringBringsItBack() async throws {
        let given = [try F.goalEvent(), try F.event("retire", Self.retired("read"), at: "2026-11-30T12:00:00+01:00")]
        let now = try F.instant(Self.afternoon)
        let read = try #require(ReminderTemplate.template(id: "read"))
        try await Scenario(given: given, at: now)
            .when(RestoreReminder(template: "read"))
            .then([Self.restored("read")]) { state in
                #expect(state.pendingNotifications(at: now).contains { $0.kind == .reminder(read) })
            }
    }

    @Test func retiringARetiredReminderIsRefused() async throws {
        let given = [try F.goalEvent(), try F.event("retire", Self.retired("read"), at: "2026-11-30T12:00:00+01:00")]
        try await Scenario(given: given, at: try F.instant(Self.afternoon))
            .when(RetireReminder(template: "read"))
            .thenRejected(.reminderAlreadyRetired, messageContains: "already retired")
    }

    @Test func restoringAnActiveReminderIsRefused() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.afternoon))
            .when(RestoreReminder(template: "read"))
            .thenRejected(.reminderNotRetired, messageContains: "not retired")
    }

    @Test(arguments: ["sunlight", "bedtime", "no_such_thing"])
    func onlyTheNineChecklistRemindersRetire(template: String) async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.afternoon))
            .when(RetireReminder(template: template))
            .thenRejected(.unknownChecklistItem, messageContains: "nine checklist reminders")
    }

    /// For each case, the command refuses exactly when the fold skips the same event.
    @Test(arguments: [
        (retiring: true, template: "read", already: false, refused: false),
        (retiring: true, template: "read", already: true, refused: true),
        (retiring: false, template: "read", already: true, refused: false),
        (retiring: false, template: "read", already: false, refused: true),
        (retiring: true, template: "sunlight", already: false, refused: true),
    ])
    func theCommandRefusesExactlyWhatTheFoldSkips(retiring: Bool, template: String, already: Bool, refused: Bool) async throws {
        var given = [try F.goalEvent()]
        if already { given.append(try F.event("retire", Self.retired("read"), at: "2026-11-30T12:00:00+01:00")) }
        let outcome = try await Scenario(given: given, at: try F.instant(Self.afternoon))
            .when(retiring ? AnyReminderCommand.retire(template) : AnyReminderCommand.restore(template))
        let commandRefused: Bool
        if case .failure = outcome.result { commandRefused = true } else { commandRefused = false }
        #expect(commandRefused == refused)
        // The same event, written into the log directly: skipped with a warning exactly when refused.
        var runner = ProjectionRunner<LogState>()
        for (index, event) in given.enumerated() { runner.apply(RecordedEvent(seq: index + 1, event: event)) }
        let payload = retiring ? Self.retired(template) : Self.restored(template)
        runner.apply(RecordedEvent(seq: given.count + 1, event: try F.event("direct", payload, at: Self.afternoon)))
        #expect(runner.warnings.all.contains { $0.rule == .reminder } == refused)
    }
}

/// Either reminder command, for parameterized tests.
enum AnyReminderCommand: Command {
    case retire(String)
    case restore(String)

    func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        switch self {
        case .retire(let template): return try RetireReminder(template: template).decide(in: state, context: context)
        case .restore(let template): return try RestoreReminder(template: template).decide(in: state, context: context)
        }
    }
}
