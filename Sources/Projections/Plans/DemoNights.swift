import Events

/// Demo nights (docs/rules.md §4): `demoNightStarted` builds a one-off night whose bedtime is
/// `at + 240 / compression` minutes, with every plan offset, the tonight window margins,
/// the ring and haptic bands and the sleep need divided by `compression`. They never
/// touch the real plan, debt or streaks.
public struct DemoNights: Projection, Hashable {
    /// The latest demo night started, if any.
    public private(set) var latest: DemoNight?
    private var latestGoalSleepNeed: Int?

    public init() {}

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        fold(event, warnings: &warnings)
    }

    /// Folds `event`, answering whether it was applied (a goal's sleep need, a demo night
    /// started) or skipped; `LogState` reads a demo night's start from it.
    @discardableResult
    package mutating func fold(_ event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        switch event.payload {
        case .goalSet(let goal) where GoalRules.violation(of: goal) == nil:
            latestGoalSleepNeed = goal.effectiveSleepNeedMinutes
            return .applied
        case .demoNightStarted(let demo):
            let compression = demo.effectiveCompression
            guard DemoNight.compressionRange.contains(compression) else {
                return warnings.skip(seq: event.seq, rule: .demoNight, because: "demoNightStarted has compression \(compression); it is \(DemoNight.compressionRange.lowerBound)–\(DemoNight.compressionRange.upperBound)")
            }
            latest = DemoNight(start: EventReference(event), timeZone: event.event.timeZone, compression: compression, sleepNeedMinutes: latestGoalSleepNeed ?? GoalSet.defaultSleepNeedMinutes)
            return .applied
        case .windDownStartedEarly(let early) where early.night == .demo:
            // A demo night is in wind-down from its start, so an early start changes
            // nothing; one with no demo night, or at or after the demo night's own wake
            // time, is skipped like any early start of a night that is over (docs/rules.md §1.5).
            guard let demo = latest else {
                return warnings.skip(seq: event.seq, rule: .demoNight, because: "windDownStartedEarly names the demo night, but no demo night has started")
            }
            let plan = demo.plan
            if plan.isOver(at: event.at) {
                return warnings.skip(seq: event.seq, rule: .demoNight, because: "windDownStartedEarly names the demo night, which was over at its wake time \(plan.wakeTime.rfc3339)")
            }
            return .applied
        default:
            return .ignored
        }
    }
}

/// One demo night: started at an instant, compressed.
public struct DemoNight: Sendable, Hashable {
    /// Allowed compressions (docs/rules.md §8.4).
    public static let compressionRange = 1...3600
    /// The mindful waits, free windows and the free-window reminder are divided by this.
    public static let exitTimeDivisor = 12

    /// The event that started it.
    public var start: EventReference
    /// The zone it was started in.
    public var timeZone: String
    /// How many times faster than real time.
    public var compression: Int
    /// The sleep need it compresses (the latest goal's, else 480).
    public var sleepNeedMinutes: Int

    /// Creates the value from its parts.
    public init(start: EventReference, timeZone: String, compression: Int, sleepNeedMinutes: Int) {
        self.start = start
        self.timeZone = timeZone
        self.compression = compression
        self.sleepNeedMinutes = sleepNeedMinutes
    }

    /// The demo night as a plan: wind-down at its start, bedtime 240 / compression minutes
    /// later, wake time sleep need / compression after bedtime.
    public var plan: NightPlan {
        let resolver = LocalTimeResolver(identifier: timeZone)
        func show(_ instant: Instant) -> Instant { resolver?.display(instant) ?? instant }
        let windDown = show(start.at)
        let bedtimeAt = show(start.at.adding(milliseconds: 240 * 60_000 / Int64(compression)))
        let wake = show(bedtimeAt.adding(milliseconds: Int64(sleepNeedMinutes) * 60_000 / Int64(compression)))
        let local = bedtimeAt.localDateTime
        let values = NightPlanValues(bedtime: local.timeOfDay, timeZone: timeZone, sleepNeedMinutes: sleepNeedMinutes)
        let night = resolver?.nightDate(of: windDown) ?? windDown.localDateTime.date
        return NightPlan(
            night: night,
            values: values, bedtimeAt: bedtimeAt, windDownStart: windDown, wakeTime: wake,
            windDownStartedEarlyAt: nil,
            revisions: [PlanRevision(values: values, previous: nil, cause: start, causeNight: night)],
            hasConfirmedExit: false
        )
    }
}

// MARK: Checkpoint

extension DemoNights: StateCodable {
    package static var placeholder: DemoNights { DemoNights() }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("DemoNights.latest", &latest)
        try coder.field("DemoNights.latestGoalSleepNeed", &latestGoalSleepNeed)
    }
}
