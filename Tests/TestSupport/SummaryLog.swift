import Events
import Projections
import Testing

/// Builds a log in a few lines for summary tests: each call appends an event with the next
/// seq, and `state(asOf:)` folds it as `replay-tool show` does (events whose `at` is at or
/// before the instant, in (`at`, `seq`) order).
public struct SummaryLog {
    /// An empty log.
    public init() {}

    public private(set) var events: [RecordedEvent] = []
    public let timeZone = "Europe/Berlin"

    /// When the fixture goal is set.
    public static let goalInstant = "2026-11-29T20:05:11+01:00"

    /// Appends `payload` at `at` (RFC 3339).
    @discardableResult
    public mutating func add(_ payload: EventPayload, at: String) throws -> RecordedEvent {
        let seq = events.count + 1
        let event = Event(id: "e\(seq)", at: try Instant(rfc3339: at), timeZone: timeZone, source: .phone, payload: payload)
        let recorded = RecordedEvent(seq: seq, event: event)
        events.append(recorded)
        return recorded
    }

    /// The fixture goal: 00:00 → 22:30 over 7 nights from 2026-11-30 (bedtimes 23:45, 23:30,
    /// 23:15, 23:00, 22:45, 22:30, then 22:30), sleep need 480.
    public static func withGoal() throws -> SummaryLog {
        var log = SummaryLog()
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 7, firstNight: try LocalDate(iso: "2026-11-30"))
        try log.add(.goalSet(goal), at: goalInstant)
        return log
    }

    /// Score settings with the default weights and these targets.
    public mutating func settings(deepTarget: ScoreTarget, remTarget: ScoreTarget = .percent(22.5), at: String) throws {
        try add(.scoreSettingsChanged(ScoreSettingsChanged(weights: .defaults, deepTarget: deepTarget, remTarget: remTarget)), at: at)
    }

    /// One night of back-to-back samples from `onset` (RFC 3339), each `(stage, minutes)`,
    /// ingested 30 minutes after the last one ends. Ids are `night-index`.
    public mutating func night(_ onset: String, _ segments: [(SleepStage, Int)], source: String = "Watch") throws {
        var start = try Instant(rfc3339: onset)
        let tag = String(onset.prefix(10))
        var payloads: [EventPayload] = []
        for (index, (stage, minutes)) in segments.enumerated() {
            let end = start.adding(seconds: Int64(minutes) * 60)
            payloads.append(.sleepSampleIngested(SleepSampleIngested(sampleId: "\(tag)-\(index)", stage: stage, start: start, end: end, timeZone: timeZone, sourceName: source)))
            start = end
        }
        let at = start.adding(seconds: 1800).rfc3339
        for payload in payloads { try add(payload, at: at) }
    }

    /// Apple's Sleep Score typed in for `night`.
    public mutating func appleScore(_ total: Int, night: String, at: String) throws {
        try add(.appleSleepScoreLogged(AppleSleepScoreLogged(night: try Night(text: night), total: total, duration: 40, bedtime: 25, interruptions: 15)), at: at)
    }

    /// The state folded as of `instant` (RFC 3339), or of the whole log.
    public func state(asOf instant: String? = nil) throws -> LogState {
        var runner = ProjectionRunner<LogState>(position: ReplayPosition(instant: try instant.map { try Instant(rfc3339: $0) }))
        runner.apply(contentsOf: EventOrdering.sorted(events))
        return runner.state
    }
}

/// Shorthands.
public func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }
public func instant(_ text: String) throws -> Instant { try Instant(rfc3339: text) }
