import Events
import Projections

/// Undoes a completed wind-down step (`checklistItemReopened`): the item is locked or
/// active again by its time, and its reminder is pending again if still ahead.
///
/// The same checks as `CompleteChecklistItem`: a known checklist item
/// (`.unknownChecklistItem`, listing the valid ids), a planned real night within 2 days
/// (`.nightOutOfRange`, `.nightNotPlanned`) or the demo night once one has started
/// (`.noDemoNight`). Reopening an item that is not done changes nothing, so it appends
/// nothing.
public struct ReopenChecklistItem: Command {
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
        guard try ChecklistRule.checkChange(night, item: item, in: state, at: context.now) else { return [] }
        return [context.event(.checklistItemReopened(ChecklistItemChange(night: night, item: item)))]
    }
}
