import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `CompleteChecklistItem`, `ReopenChecklistItem` and
/// `RecordNotificationInteraction`, on the fixture goal (night 2026-11-30: bedtime 23:45,
/// `screens_off` at 22:45, `read` at 23:00).
struct ChecklistCommandTests {
    typealias F = NightPlanFixtures
    static let evening = "2026-11-30T22:50:00+01:00"

    static func completed(_ night: Night, _ item: String) -> EventPayload {
        .checklistItemCompleted(ChecklistItemChange(night: night, item: item))
    }

    static func reopened(_ night: Night, _ item: String) -> EventPayload {
        .checklistItemReopened(ChecklistItemChange(night: night, item: item))
    }

    static func interacted(_ night: Night, _ template: String, _ action: NotificationAction) -> EventPayload {
        .notificationInteracted(NotificationInteracted(night: night, template: template, action: action))
    }

    static func given(_ night: Night, completed item: String) throws -> [Event] {
        [try F.goalEvent(), try F.event("given-done", Self.completed(night, item), at: "2026-11-30T22:46:00+01:00")]
    }

    // MARK: Complete and reopen

    @Test func completingAnItemMarksItDone() async throws {
        let night = try F.night("2026-11-30")
        let now = try F.instant(Self.evening)
        try await Scenario(given: [try F.goalEvent()], at: now)
            .when(CompleteChecklistItem(night: night, item: "screens_off"))
            .then([Self.completed(night, "screens_off")]) { state in
                #expect(state.checklists.done(on: night) == ["screens_off"])
                let item = state.tonight(at: now)?.checklist.first { $0.item == "screens_off" }
                #expect(item?.state == .done)
            }
    }

    @Test func completingAnItemBeforeItsTimeIsAcceptedAndItsReminderIsNoLongerPending() async throws {
        let night = try F.night("2026-11-30")
        let now = try F.instant("2026-11-30T18:00:00+01:00")
        let readReminder = try #require(ReminderTemplate.template(id: "read"))
        let coolRoomReminder = try #require(ReminderTemplate.template(id: "cool_room"))
        try await Scenario(given: [try F.goalEvent()], at: now)
            .when(CompleteChecklistItem(night: night, item: "read"))
            .then([Self.completed(night, "read")]) { state in
                let schedule = try #require(state.schedule(for: night))
                let read = schedule.checklist(at: now, completed: state.checklists.done(on: night)).first { $0.item == "read" }
                #expect(read?.state == .done)
                let pendingTonight = state.pendingNotifications(at: now).filter { $0.night == night }
                #expect(!pendingTonight.contains { $0.kind == .reminder(readReminder) })
                #expect(pendingTonight.contains { $0.kind == .reminder(coolRoomReminder) })
            }
    }

    /// Decision: completing an item already done appends nothing.
    @Test func completingAnItemAlreadyDoneAppendsNothing() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: try Self.given(night, completed: "screens_off"), at: try F.instant(Self.evening))
            .when(CompleteChecklistItem(night: night, item: "screens_off"))
            .then([])
    }

    @Test func reopeningADoneItemUndoesIt() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: try Self.given(night, completed: "screens_off"), at: try F.instant(Self.evening))
            .when(ReopenChecklistItem(night: night, item: "screens_off"))
            .then([Self.reopened(night, "screens_off")]) { state in
                #expect(state.checklists.done(on: night).isEmpty)
            }
    }

    /// Decision: reopening an item that is not done appends nothing.
    @Test func reopeningAnItemNotDoneAppendsNothing() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(ReopenChecklistItem(night: try F.night("2026-11-30"), item: "screens_off"))
            .then([])
    }

    @Test(arguments: ["brush_teeth", "bedtime", "sunlight", ""])
    func anUnknownItemIsRejectedListingTheValidIds(item: String) async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(CompleteChecklistItem(night: night, item: item))
            .thenRejected(.unknownChecklistItem, messageContains: "the checklist items are \(F.checklistIds)")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(ReopenChecklistItem(night: night, item: item))
            .thenRejected(.unknownChecklistItem, messageContains: F.checklistIds)
    }

    @Test func aNightWithoutAPlanIsRejected() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [], at: try F.instant(Self.evening))
            .when(CompleteChecklistItem(night: night, item: "screens_off"))
            .thenRejected(.nightNotPlanned, messageContains: "night 2026-11-30 has no plan")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(ReopenChecklistItem(night: try F.night("2026-11-29"), item: "screens_off"))
            .thenRejected(.nightNotPlanned)
    }

    @Test func aNightOutOfRangeIsRejected() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(CompleteChecklistItem(night: try F.night("2026-12-03"), item: "screens_off"))
            .thenRejected(.nightOutOfRange)
    }

    @Test func theDemoNightBeforeAnyDemoStartedIsRejected() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(CompleteChecklistItem(night: .demo, item: "screens_off"))
            .thenRejected(.noDemoNight, messageContains: "start a demo night first")
        try await Scenario(given: [], at: try F.instant(Self.evening))
            .when(ReopenChecklistItem(night: .demo, item: "screens_off"))
            .thenRejected(.noDemoNight)
    }

    @Test func theDemoNightOnceStartedTakesItsChecklist() async throws {
        // A demo night needs no goal.
        let demo = try F.event("given-demo", .demoNightStarted(DemoNightStarted()), at: "2026-11-30T22:45:00+01:00")
        try await Scenario(given: [demo], at: try F.instant(Self.evening))
            .when(CompleteChecklistItem(night: .demo, item: "last_meal"))
            .then([Self.completed(.demo, "last_meal")]) { state in
                #expect(state.checklists.done(on: .demo) == ["last_meal"])
            }
    }

    // MARK: Notification interactions

    @Test(arguments: [NotificationAction.why, .dismissed])
    func whyAndDismissedRecordTheInteractionAlone(action: NotificationAction) async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: night, template: "screens_off", action: action))
            .then([Self.interacted(night, "screens_off", action)]) { state in
                #expect(state.checklists.done(on: night).isEmpty)
            }
    }

    @Test func doneOnAChecklistReminderAlsoCompletesItsItem() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: night, template: "screens_off", action: .done))
            .then([Self.interacted(night, "screens_off", .done), Self.completed(night, "screens_off")], causedBy: [1: 0]) { state in
                #expect(state.checklists.done(on: night) == ["screens_off"])
            }
    }

    @Test func doneOnTheDemoNightAlsoCompletesItsItem() async throws {
        let demo = try F.event("given-demo", .demoNightStarted(DemoNightStarted()), at: "2026-11-30T22:45:00+01:00")
        try await Scenario(given: [demo], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: .demo, template: "last_meal", action: .done))
            .then([Self.interacted(.demo, "last_meal", .done), Self.completed(.demo, "last_meal")], causedBy: [1: 0])
    }

    /// Decision: `done` when the item is already done records the interaction alone.
    @Test func doneOnAnItemAlreadyDoneRecordsTheInteractionAlone() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: try Self.given(night, completed: "screens_off"), at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: night, template: "screens_off", action: .done))
            .then([Self.interacted(night, "screens_off", .done)])
    }

    /// Decision: `done` on a reminder that is no checklist item records the interaction alone.
    @Test(arguments: ["bedtime", "sunlight"])
    func doneOnAReminderThatIsNoChecklistItemRecordsTheInteractionAlone(template: String) async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: night, template: template, action: .done))
            .then([Self.interacted(night, template, .done)]) { state in
                #expect(state.checklists.done(on: night).isEmpty)
            }
    }

    @Test func anUnknownTemplateIsRejectedListingTheReminders() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: try F.night("2026-11-30"), template: "block_warning", action: .why))
            .thenRejected(.unknownReminder, messageContains: "the reminders are \(F.checklistIds), bedtime, sunlight")
    }

    @Test func anInteractionOnANightWithoutAPlanIsRejected() async throws {
        try await Scenario(given: [], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: try F.night("2026-11-30"), template: "screens_off", action: .done))
            .thenRejected(.nightNotPlanned)
    }

    @Test func anInteractionOnTheDemoNightBeforeAnyDemoIsRejected() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(Self.evening))
            .when(RecordNotificationInteraction(night: .demo, template: "screens_off", action: .why))
            .thenRejected(.noDemoNight)
    }
}
