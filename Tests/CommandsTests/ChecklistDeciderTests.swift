import Commands
import Events
import Projections
import Testing
import TestSupport

/// One rule for checklist events (`ChecklistCompletions.rejection(of:at:isPlanned:demoStarted:)`,
/// made of its item rule and its night rule): for each row, `CompleteChecklistItem` and
/// `ReopenChecklistItem` refuse exactly when the fold skips their event, for the same
/// typed reason.
@Suite("Checklist: the command refuses exactly what the fold skips")
struct ChecklistDeciderTests {
    typealias F = NightPlanFixtures

    struct Row: Sendable, CustomTestStringConvertible {
        var demo = false
        var night: String
        var item = "screens_off"
        var at = "2026-11-30T20:00:00+01:00"
        var expected: CommandError.Rule?
        var testDescription: String { "\(item) on \(night) at \(at) → \(expected?.rawValue ?? "accepted")" }
    }

    static let rows: [Row] = [
        Row(night: "2026-11-30", expected: nil),
        Row(night: "2026-12-02", expected: nil),
        Row(night: "2026-12-03", expected: .nightOutOfRange),
        Row(night: "2026-11-27", expected: .nightOutOfRange),
        Row(night: "2026-11-29", expected: .nightNotPlanned),
        Row(night: "demo", expected: .noDemoNight),
        Row(demo: true, night: "demo", expected: nil),
        Row(night: "2026-11-30", item: "sunlight", expected: .unknownChecklistItem),
        Row(demo: true, night: "demo", item: "", expected: .unknownChecklistItem),
    ]

    /// The rule code a command gives for `rejection`.
    static func rule(of rejection: ChecklistRejection) -> CommandError.Rule {
        switch rejection {
        case .unknownItem: return .unknownChecklistItem
        case .noDemoNight: return .noDemoNight
        case .nightOutOfRange: return .nightOutOfRange
        case .nightNotPlanned: return .nightNotPlanned
        }
    }

    @Test(arguments: Self.rows, [true, false])
    func theCommandRefusesExactlyWhatTheFoldSkips(row: Row, completes: Bool) async throws {
        let night = try F.night(row.night)
        var given = [try F.goalEvent()]
        if row.demo { given.append(try ExitFixtures.demoStarted()) }
        // Reopening needs the item done first, where it can be.
        let change = ChecklistItemChange(night: night, item: row.item)
        if !completes, row.expected == nil {
            given.append(try F.event("given-done", .checklistItemCompleted(change), at: "2026-11-30T19:00:00+01:00"))
        }
        let now = try F.instant(row.at)
        let command: any Command = completes ? CompleteChecklistItem(night: night, item: row.item) : ReopenChecklistItem(night: night, item: row.item)
        let outcome = try await Scenario(given: given, at: now).when(command)
        #expect(outcome.commandError?.rule == row.expected, "command: \(String(describing: outcome.commandError))")
        if row.expected == nil { #expect(outcome.appended.count == 1) }

        // The fold, given the same event at the same instant.
        var state = outcome.before.state
        let payload: EventPayload = completes ? .checklistItemCompleted(change) : .checklistItemReopened(change)
        let event = RecordedEvent(seq: outcome.before.lastSeq + 1, event: Event(id: "probe", at: now, timeZone: "Europe/Berlin", payload: payload))
        var plans = state.nightPlans
        let isPlanned = night.date.map { plans.isPlanned($0) } ?? false
        var checklists = state.checklists
        var warnings = ProjectionWarnings()
        switch checklists.apply(event, isPlanned: isPlanned, demoStarted: state.demoNights.latest != nil, warnings: &warnings) {
        case .skipped(let rejection):
            #expect(Self.rule(of: rejection) == row.expected, "fold: \(rejection)")
            #expect(warnings.all.count == 1)
        case .applied:
            #expect(row.expected == nil, "the fold applied what the command refused")
        case .ignored:
            Issue.record("the fold ignored a checklist event")
        }
        var stateWarnings = ProjectionWarnings()
        state.apply(event, warnings: &stateWarnings)
        #expect(stateWarnings.isEmpty == (row.expected == nil))
    }

    /// Both sides ask the same two checks, in their own order: a command wrong in its item
    /// and its night names the night (as it always has), the fold names the item. Both refuse.
    @Test func anEventWrongTwiceIsRefusedByBoth() async throws {
        let night = try F.night("2026-12-04")
        let now = try F.instant("2026-11-30T20:00:00+01:00")
        let outcome = try await Scenario(given: [try F.goalEvent()], at: now).when(CompleteChecklistItem(night: night, item: "sunlight"))
        outcome.thenRejected(.nightOutOfRange)
        let change = ChecklistItemChange(night: night, item: "sunlight")
        #expect(ChecklistCompletions.rejection(of: change, at: now, isPlanned: false, demoStarted: false) == .unknownItem("sunlight"))
    }
}
