import Events
import Goldens
import Projections
import StrictJSON
import Views

/// What one step of a log (``TraceStep``: an event, a batch or a HealthKit delivery) changed:
/// the JSON view just before it and just after it, both as of the step's last instant and
/// over the nights it can touch, compared field by field.
///
/// The figures are the JSON view's (docs/json-view.md): tonight's phase and checklist, the
/// nights' plans and revisions, sleep, debt, streaks, exits, scores, insights and warnings.
/// Both views are as of the step's last `at`, as `trace` compares, so a change time alone
/// made (a window moving to a new night) is never blamed on the step. `plans`, `sleep`,
/// `exits.byNight` and `scores` hold only ``nights``: the nights the step can touch
/// (``nights(of:state:)``), so a step costs its nights, not the log's.
struct StepChange {
    /// The step's events, in fold order (at least one).
    var step: TraceStep
    /// How many of them the fold applied (a repeated id or an event that breaks a rule is
    /// skipped with a warning, and the warning is among the differences).
    var appliedCount: Int
    /// The instant both views are as of: the step's last `at`.
    var asOf: Instant
    /// The nights kept in the views' per-night lists.
    var nights: NightFilter
    /// The fields that differ, before → after, in the view's order.
    var differences: [JSONDifference]

    /// Folds `events` (one step) into `runner` and says what they changed.
    static func fold(_ events: [RecordedEvent], into runner: inout ProjectionRunner<LogState>) -> StepChange {
        let asOf = events[events.count - 1].at
        let nights = nights(of: events, state: runner.state)
        let before = JSONView.render(state: runner.state, warnings: runner.warnings, asOf: asOf, nights: nights)
        let appliedBefore = runner.appliedCount
        for event in events { runner.apply(event) }
        let after = JSONView.render(state: runner.state, warnings: runner.warnings, asOf: asOf, nights: nights)
        return StepChange(
            step: TraceStep(events: events), appliedCount: runner.appliedCount - appliedBefore, asOf: asOf, nights: nights,
            differences: JSONDifference.between(before, after))
    }

    /// The nights a step can touch, worked out on `state` before it is folded, as one range:
    /// what `StepReach` finds (its samples' nights, the nights it names), every night an
    /// event of it names, and, when it can change plans, from the first night it can change
    /// to a week after its last instant's night (the plans a person sees ahead). A step that
    /// touches no night (a reminder's engagement) keeps the night of its last instant.
    static func nights(of events: [RecordedEvent], state: LogState) -> NightFilter {
        let reach = StepReach(events, state: state)
        var days = reach.nights
        for event in events {
            if case .date(let night)? = event.payload.night { days.insert(night.daysSince1970) }
        }
        let lastNight = state.nightPlans.night(holding: events[events.count - 1].at).daysSince1970
        if reach.changesPlans {
            days.insert(reach.plansFrom ?? lastNight)
            days.insert(lastNight + 7)
        }
        guard let first = days.min(), let last = days.max() else {
            let night = LocalDate(daysSince1970: lastNight)
            return NightFilter(from: night, to: night)
        }
        return NightFilter(from: LocalDate(daysSince1970: first), to: LocalDate(daysSince1970: last))
    }

    /// The step in one line, without what it changed: `seq 138: wentToBed (night
    /// 2026-11-23) at 2026-11-23T23:02:00+01:00 from phone`, or a batch's or a delivery's
    /// first–last seq, count and types.
    var title: String { step.title }

    /// The text `replay-tool diff LOG --seq N` prints: the step, the instant and nights the
    /// views are of, each field that changed (`path: before → after`), and how many.
    var text: String {
        var text = title + "\n"
        let skipped = step.events.count - appliedCount
        if skipped > 0 {
            text += "  \(skipped == step.events.count ? "not folded" : "\(skipped) of its \(step.events.count) events not folded"): see the warnings below\n"
        }
        text += "  compared as of \(asOf.rfc3339), the step's last instant, over \(nights.description)\n"
        for difference in differences { text += "\(difference)\n" }
        switch differences.count {
        case 0: text += "it changed nothing that the view shows\n"
        case 1: text += "1 field changed\n"
        default: text += "\(differences.count) fields changed\n"
        }
        return text
    }
}

/// Groups events, given one at a time in fold order, into steps (``TraceStep/joins(_:after:deliveryNight:)``):
/// the one grouping `trace`, `diff --seq` and `inspect` share.
struct StepAssembler {
    private var pending: [RecordedEvent] = []
    private var pendingNight: Int?

    /// Adds `event`; returns the step it closed, if it starts a new one.
    mutating func add(_ event: RecordedEvent) -> [RecordedEvent]? {
        var closed: [RecordedEvent]?
        if let previous = pending.last, !TraceStep.joins(event, after: previous, deliveryNight: pendingNight) {
            closed = pending
            pending = []
            pendingNight = nil
        }
        pending.append(event)
        pendingNight = pendingNight ?? TraceStep.deliveryNight(of: event)
        return closed
    }

    /// The last step, once every event was added.
    mutating func finish() -> [RecordedEvent]? {
        defer { pending = []; pendingNight = nil }
        return pending.isEmpty ? nil : pending
    }
}
