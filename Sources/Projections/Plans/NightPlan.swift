import Events

/// One planned night: when to be in bed, when the evening starts and ends, in which zone,
/// and every revision that made it so.
public struct NightPlan: Sendable, Hashable {
    /// The night (the date of its evening).
    public var night: LocalDate
    /// Bedtime, zone and sleep need.
    public var values: NightPlanValues
    /// The bedtime instant (a time inside a DST gap moves to the end of the gap).
    public var bedtimeAt: Instant
    /// Wind-down start: bedtime − 4 h, an absolute duration.
    public var windDownStart: Instant
    /// Wake time: bedtime + sleep need; the shields lift here.
    public var wakeTime: Instant
    /// When `windDownStartedEarly` started the evening ahead of plan, if it did.
    public var windDownStartedEarlyAt: Instant?
    /// Every change, oldest first (the first one created the plan).
    public var revisions: [PlanRevision]
    /// Whether an exit was confirmed this night (its status is then `optedOut` once over).
    public var hasConfirmedExit: Bool

    /// The planned bedtime as a time of day.
    public var bedtime: TimeOfDay { values.bedtime }
    /// The night's zone.
    public var timeZone: String { values.timeZone }

    /// When the evening really started: the planned wind-down, or earlier when started early.
    public var effectiveWindDownStart: Instant {
        guard let early = windDownStartedEarlyAt, early.millisecondsSince1970 < windDownStart.millisecondsSince1970 else {
            return windDownStart
        }
        return early
    }

    /// Whether the night is over at `instant`: at or after its wake time. A night that is
    /// over keeps its plan: an override or an early start at or after its wake time is
    /// refused by the commands and skipped in a log (docs/rules.md §1.5), by this one check.
    public func isOver(at instant: Instant) -> Bool {
        Self.isOver(wakeTime: wakeTime, at: instant)
    }

    /// Whether a night with wake time `wakeTime` is over at `instant` (see `isOver(at:)`).
    static func isOver(wakeTime: Instant, at instant: Instant) -> Bool {
        instant.millisecondsSince1970 >= wakeTime.millisecondsSince1970
    }

    /// The plan's status at `now` (docs/json-view.md): `upcoming` before wind-down (or an early
    /// start), `active` until wake time, then `optedOut` if an exit was confirmed, else
    /// `completed`.
    public func status(at now: Instant) -> PlanStatus {
        let moment = now.millisecondsSince1970
        if moment < effectiveWindDownStart.millisecondsSince1970 { return .upcoming }
        if moment < wakeTime.millisecondsSince1970 { return .active }
        return hasConfirmedExit ? .optedOut : .completed
    }
}

/// Where a night's plan stands at an instant.
public enum PlanStatus: String, Sendable, Hashable {
    case upcoming, active, completed, optedOut
}
