import Events
import Projections
import Testing

/// Builds a log in a few lines for plan tests: each call appends an event with the next
/// seq, and `state(asOf:)` folds it as `replay-tool show` does.
struct PlanLog {
    private(set) var events: [RecordedEvent] = []
    var timeZone = "Europe/Berlin"

    init(timeZone: String = "Europe/Berlin") {
        self.timeZone = timeZone
    }

    /// Appends `payload` at `at` (RFC 3339) in `zone` (default: the log's zone).
    @discardableResult
    mutating func add(_ payload: EventPayload, at: String, zone: String? = nil, source: EventSource? = .phone) throws -> RecordedEvent {
        let seq = events.count + 1
        let event = Event(id: "e\(seq)", at: try Instant(rfc3339: at), timeZone: zone ?? timeZone, source: source, payload: payload)
        let recorded = RecordedEvent(seq: seq, event: event)
        events.append(recorded)
        return recorded
    }

    /// Appends a goal.
    @discardableResult
    mutating func goal(_ current: String, _ target: String, days: Int, firstNight: String, sleepNeed: Int? = nil, at: String, zone: String? = nil) throws -> RecordedEvent {
        let goal = GoalSet(
            currentBedtime: try TimeOfDay(text: current), targetBedtime: try TimeOfDay(text: target),
            days: days, firstNight: try LocalDate(iso: firstNight), sleepNeedMinutes: sleepNeed
        )
        return try add(.goalSet(goal), at: at, zone: zone)
    }

    /// The fold of the whole log, or as of `instant`.
    func runner(asOf instant: String? = nil) throws -> ProjectionRunner<LogState> {
        var runner = ProjectionRunner<LogState>(position: ReplayPosition(instant: try instant.map { try Instant(rfc3339: $0) }))
        runner.apply(contentsOf: EventOrdering.sorted(events))
        return runner
    }

    /// The state of the whole log, or as of `instant`.
    func state(asOf instant: String? = nil) throws -> LogState {
        try runner(asOf: instant).state
    }
}

/// Shorthands.
func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }
func instant(_ text: String) throws -> Instant { try Instant(rfc3339: text) }
func night(_ text: String) throws -> Night { try Night(text: text) }
