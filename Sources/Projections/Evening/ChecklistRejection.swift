import Events

/// Why a checklist event is refused: the typed answer of
/// `ChecklistCompletions.rejection(of:at:isPlanned:demoStarted:)`, which the fold turns into
/// a warning and the checklist commands into a `CommandError`.
package enum ChecklistRejection: Sendable, Hashable {
    /// The item is not one of the nine checklist items.
    case unknownItem(String)
    /// The demo night, before any demo night started.
    case noDemoNight
    /// A real night more than 2 days from the instant.
    case nightOutOfRange(NightRange.Rejection)
    /// A real night without a plan.
    case nightNotPlanned(LocalDate)

    /// The warning's rule.
    var warningRule: ProjectionWarnings.Rule {
        if case .nightOutOfRange = self { return .nightRange }
        return .checklist
    }

    /// The fold's reason (after the event's type name).
    var warningText: String {
        switch self {
        case .unknownItem(let item): return "names '\(item)', which is not a checklist item"
        case .noDemoNight: return "names the demo night before any demo night started"
        case .nightOutOfRange(let rejection): return rejection.warningText
        case .nightNotPlanned(let night): return "names night \(night.iso), which has no plan"
        }
    }
}
