import Events

/// Which checklist items are done, per night (the demo night included): completed adds,
/// reopened removes. An event naming an unknown item, a night without a plan, a night out
/// of range, or the demo night before any demo started is skipped with a warning.
public struct ChecklistCompletions: Sendable, Hashable {
    /// The items done on each night (one with none once an item was reopened), as bits:
    /// bit i for `ReminderTemplate.checklist[i]`.
    private var doneByNight: [Night: UInt64] = [:]

    /// No item done.
    public init() {}

    /// The items done on `night`.
    public func done(on night: Night) -> Set<String> {
        guard let done = doneByNight[night] else { return [] }
        return Set(ReminderTemplate.checklist.indices.filter { done & Self.bit($0) != 0 }.map { ReminderTemplate.checklist[$0].id })
    }

    /// The bit of the checklist item at `position` (the checklist has fewer than 64).
    private static func bit(_ position: Int) -> UInt64 {
        position < 64 ? 1 << UInt64(position) : 0
    }

    /// A new demo night starts with an empty checklist.
    public mutating func startDemoNight() {
        doneByNight[.demo] = nil
    }

    /// The real night a checklist event names, if it is one (the caller then says whether
    /// that night is planned).
    public static func namedNight(of event: RecordedEvent) -> LocalDate? {
        switch event.payload {
        case .checklistItemCompleted(let payload), .checklistItemReopened(let payload): return payload.night.date
        default: return nil
        }
    }

    /// Folds a checklist event, checked against the plans and demo nights folded so far:
    /// `isPlanned` says whether the real night it names (`namedNight(of:)`) has a plan.
    public mutating func apply(_ event: RecordedEvent, isPlanned: Bool, demo: DemoNights, warnings: inout ProjectionWarnings) {
        let change: ChecklistItemChange
        let completes: Bool
        switch event.payload {
        case .checklistItemCompleted(let payload): change = payload; completes = true
        case .checklistItemReopened(let payload): change = payload; completes = false
        default: return
        }
        guard let position = ReminderTemplate.checklist.firstIndex(where: { $0.id == change.item }) else {
            warnings.skipped(seq: event.seq, because: "\(event.typeName) names '\(change.item)', which is not a checklist item")
            return
        }
        switch change.night {
        case .demo:
            guard demo.latest != nil else {
                warnings.skipped(seq: event.seq, because: "\(event.typeName) names the demo night before any demo night started")
                return
            }
        case .date(let night):
            guard NightRange.contains(night, at: event.at) else {
                warnings.skipped(seq: event.seq, because: "\(event.typeName) names night \(night.iso), more than \(NightRange.maximumDistanceInDays) days from its instant")
                return
            }
            guard isPlanned else {
                warnings.skipped(seq: event.seq, because: "\(event.typeName) names night \(night.iso), which has no plan")
                return
            }
        }
        if completes {
            doneByNight[change.night, default: 0] |= Self.bit(position)
        } else {
            doneByNight[change.night]? &= ~Self.bit(position)
        }
    }
}
