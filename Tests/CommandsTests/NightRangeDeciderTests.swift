import Commands
import Events
import Projections
import Testing
import TestSupport

/// One range rule for nights named by nightly actions (`NightRange.check(_:at:)`): for each
/// row and each kind of nightly action, the command refuses for the range rule
/// (`.nightOutOfRange`) exactly when `LogState`'s fold skips its event for the range rule
/// (a warning of rule `.nightRange`).
@Suite("Night range: the commands refuse exactly what the folds skip")
struct NightRangeDeciderTests {
    typealias F = NightPlanFixtures

    struct Row: Sendable, CustomTestStringConvertible {
        var night: String
        /// The instant, in the offset it is written with (the range rule reads that offset).
        var at: String
        var outOfRange: Bool
        var testDescription: String { "night \(night) at \(at): \(outOfRange ? "out of range" : "in range")" }
    }

    static let rows: [Row] = [
        Row(night: "2026-11-30", at: "2026-11-30T20:00:00+01:00", outOfRange: false),
        Row(night: "2026-12-02", at: "2026-11-30T20:00:00+01:00", outOfRange: false),
        Row(night: "2026-11-28", at: "2026-11-30T20:00:00+01:00", outOfRange: false),
        Row(night: "2026-12-03", at: "2026-11-30T20:00:00+01:00", outOfRange: true),
        Row(night: "2026-11-27", at: "2026-11-30T20:00:00+01:00", outOfRange: true),
        // The local date of the instant in its own offset: 2026-12-01 here (2026-11-30 in UTC).
        Row(night: "2026-12-03", at: "2026-12-01T00:30:00+01:00", outOfRange: false),
        Row(night: "2026-11-28", at: "2026-12-01T00:30:00+01:00", outOfRange: true),
    ]

    /// The nightly actions checked: the command, and the event it appends.
    static let actions = ["manualSleep", "checklist", "override", "exit"]

    static func action(_ name: String, night: Night, at now: Instant) throws -> (any Command, EventPayload) {
        switch name {
        case "manualSleep":
            let bedtime = now.adding(milliseconds: -8 * 3_600_000)
            let wake = now.adding(milliseconds: -3_600_000)
            return (LogManualSleep(night: night, bedtime: bedtime, wakeTime: wake), .manualSleepLogged(ManualSleepLogged(night: night, bedtime: bedtime, wakeTime: wake)))
        case "checklist":
            let change = ChecklistItemChange(night: night, item: "screens_off")
            return (CompleteChecklistItem(night: night, item: "screens_off"), .checklistItemCompleted(change))
        case "override":
            let bedtime = try F.time("23:00")
            return (OverrideBedtime(night: night, bedtime: bedtime), .bedtimeOverridden(BedtimeOverridden(night: night, bedtime: bedtime)))
        default:
            return (RequestExit(night: night), .exitRequested(NightAction(night: night)))
        }
    }

    @Test(arguments: Self.rows, Self.actions)
    func theCommandRefusesForTheRangeExactlyWhenTheFoldSkipsForIt(row: Row, name: String) async throws {
        let night = try F.night(row.night)
        let now = try F.instant(row.at)
        #expect((NightRange.check(try F.date(row.night), at: now) != nil) == row.outOfRange)
        let (command, payload) = try Self.action(name, night: night, at: now)
        let outcome = try await Scenario(given: [try F.goalEvent()], at: now).when(command)
        #expect((outcome.commandError?.rule == .nightOutOfRange) == row.outOfRange, "command: \(String(describing: outcome.commandError))")

        var state = outcome.before.state
        var warnings = ProjectionWarnings()
        state.apply(RecordedEvent(seq: outcome.before.lastSeq + 1, event: Event(id: "probe", at: now, timeZone: "Europe/Berlin", payload: payload)), warnings: &warnings)
        let rangeWarnings = warnings.all.filter { $0.rule == .nightRange }
        #expect(rangeWarnings.count == (row.outOfRange ? 1 : 0), "fold: \(warnings.all)")
        if row.outOfRange { #expect(warnings.all.count == 1, "the range is checked once: \(warnings.all)") }
    }
}
