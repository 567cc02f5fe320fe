import Events
import Projections

/// Marks a wind-down step done (`checklistItemCompleted`).
///
/// `item` is one of the nine checklist items (`ReminderTemplate.checklist`: `last_meal` …
/// `almost_bedtime`), else rejected (`.unknownChecklistItem`, listing the valid ids). The
/// night is a real night within 2 days that has a plan (`.nightOutOfRange`,
/// `.nightNotPlanned`), or the demo night once a demo night has started (`.noDemoNight`).
///
/// An item may be completed before its time: it is then done, and its reminder is no longer
/// pending (docs/rules.md §2.2). Completing an item that is already done changes nothing, so it
/// appends nothing.
public struct CompleteChecklistItem: Command {
    /// The night of the checklist.
    public var night: Night
    /// The checklist item id, e.g. `"screens_off"`.
    public var item: String

    /// Creates the value from its parts.
    public init(night: Night, item: String) {
        self.night = night
        self.item = item
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        if try ChecklistRule.checkChange(night, item: item, in: state, at: context.now) { return [] }
        return [context.event(.checklistItemCompleted(ChecklistItemChange(night: night, item: item)))]
    }
}
