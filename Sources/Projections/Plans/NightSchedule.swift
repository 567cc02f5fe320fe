import Events

/// Everything timed in one night's evening, derived from its plan (docs/rules.md §2):
/// the eleven reminders, the checklist, the tiers with their warnings and staggered
/// shutdowns, the haptics, and the countdown ring. Pure: every query takes the instant.
///
/// A demo night is the same schedule with its offsets divided by `compression`.
public struct NightSchedule: Sendable {
    /// The night's plan.
    public let plan: NightPlan
    /// Offsets are divided by this (1 for a real night).
    public let compression: Int
    /// The tier assignment in force.
    public let tiers: AppTierAssignments
    private let resolver: LocalTimeResolver?

    /// The delay between two apps of one tier shutting down; never compressed.
    public static let shutdownStaggerMilliseconds: Int64 = 4000
    /// Pre-block warnings, in minutes before a tier's activation.
    public static let warningMinutes = [15, 5]

    /// Creates the schedule of `plan` with `tiers`.
    public init(plan: NightPlan, tiers: AppTierAssignments, compression: Int = 1) {
        self.plan = plan
        self.tiers = tiers
        self.compression = max(1, compression)
        self.resolver = LocalTimeResolver(identifier: plan.timeZone)
    }

    /// `minutes` of plan time as real milliseconds.
    func milliseconds(minutes: Int) -> Int64 {
        Int64(minutes) * 60_000 / Int64(compression)
    }

    /// Plan-time minutes between `instant` and bedtime (positive before bedtime).
    func planMinutesBeforeBedtime(_ instant: Instant) -> Double {
        Double(plan.bedtimeAt.millisecondsSince1970 - instant.millisecondsSince1970) * Double(compression) / 60_000
    }

    /// `instant` shown in the night's zone.
    func display(_ instant: Instant) -> Instant {
        resolver?.display(instant) ?? instant.withOffset(plan.bedtimeAt.utcOffsetSeconds)
    }

    /// When the night's window opens: an hour before the planned wind-down, or an early start
    /// if that is sooner (the margin divided by the compression). From then until
    /// ``windowCloses`` the night can be tonight (`LogState.tonightNight(at:)`).
    public var windowOpens: Instant {
        min(plan.windDownStart.adding(milliseconds: -milliseconds(minutes: 60)), plan.effectiveWindDownStart)
    }

    /// When the night's window closes: two hours after wake time (divided by the compression).
    public var windowCloses: Instant {
        plan.wakeTime.adding(milliseconds: milliseconds(minutes: 120))
    }

    // MARK: Reminders

    /// The eleven reminders with their fire instants and haptics, in template order.
    public var reminders: [ScheduledReminder] {
        ReminderTemplate.all.map { template in
            switch template.anchor {
            case .beforeBedtime(let minutes):
                let fireAt = display(plan.bedtimeAt.adding(milliseconds: -milliseconds(minutes: minutes)))
                return ScheduledReminder(template: template, fireAt: fireAt, haptic: Haptic.forMilestone(minutesBeforeBedtime: Double(minutes)), repeats: 1)
            case .wakeTime:
                return ScheduledReminder(template: template, fireAt: plan.wakeTime, haptic: Haptic.wakeUp.haptic, repeats: Haptic.wakeUp.repeats)
            }
        }
    }

    // MARK: Checklist

    /// The nine checklist items at `now`: locked before their time, active from it, done
    /// once completed (`completed` holds the item ids done at `now`).
    public func checklist(at now: Instant, completed: Set<String>) -> [ChecklistItemState] {
        reminders.filter(\.template.isChecklistItem).map { reminder in
            let state: ChecklistItemState.State
            if completed.contains(reminder.template.id) {
                state = .done
            } else if now.millisecondsSince1970 >= reminder.fireAt.millisecondsSince1970 {
                state = .active
            } else {
                state = .locked
            }
            return ChecklistItemState(item: reminder.template.id, state: state, time: reminder.fireAt)
        }
    }

    // MARK: Tiers

    /// When each blocking tier activates: `blockFirst` at the planned wind-down start,
    /// `block30Min` 30 minutes before bedtime; `alwaysAllowed` never.
    public func plannedActivation(of tier: AppTier) -> Instant? {
        switch tier {
        case .blockFirst: return plan.windDownStart
        case .block30Min: return display(plan.bedtimeAt.adding(milliseconds: -milliseconds(minutes: 30)))
        case .alwaysAllowed: return nil
        }
    }

    /// When each tier really activates: an early start blocks `blockFirst` from then.
    public func activation(of tier: AppTier) -> Instant? {
        if tier == .blockFirst, let early = plan.windDownStartedEarlyAt,
           early.millisecondsSince1970 < plan.windDownStart.millisecondsSince1970 {
            return early
        }
        return plannedActivation(of: tier)
    }

    /// Each app's shutdown: apps of a tier block one by one, 4 s apart, in their order.
    public var shutdowns: [BlockedApp] {
        var result: [BlockedApp] = []
        for tier in AppTier.allCases {
            guard let activation = activation(of: tier) else { continue }
            for (position, app) in tiers.apps(in: tier).enumerated() {
                result.append(BlockedApp(app: app, tier: tier, blockedAt: activation.adding(milliseconds: Int64(position) * Self.shutdownStaggerMilliseconds)))
            }
        }
        return result
    }

    /// The apps blocked at `now` (shields lift at wake time).
    public func blockedApps(at now: Instant) -> [BlockedApp] {
        guard now.millisecondsSince1970 < plan.wakeTime.millisecondsSince1970 else { return [] }
        return shutdowns.filter { $0.blockedAt.millisecondsSince1970 <= now.millisecondsSince1970 }
    }

    /// The pre-block warnings: 15 and 5 minutes before each tier's planned activation; a
    /// tier with no apps gets none.
    public var blockWarnings: [BlockWarning] {
        var result: [BlockWarning] = []
        for tier in AppTier.allCases {
            guard let activation = plannedActivation(of: tier), !tiers.apps(in: tier).isEmpty else { continue }
            for minutes in Self.warningMinutes {
                let fireAt = display(activation.adding(milliseconds: -milliseconds(minutes: minutes)))
                result.append(BlockWarning(tier: tier, minutesBeforeActivation: minutes, fireAt: fireAt, haptic: Haptic.forMilestone(minutesBeforeBedtime: planMinutesBeforeBedtime(fireAt))))
            }
        }
        return result
    }

    /// No reminder or pre-block warning of the night fires before this instant (ms since
    /// 1970): the earlier of bedtime less the longest reminder lead and the planned wind-down
    /// less the longest warning.
    var firstNotificationBound: Int64 {
        min(plan.bedtimeAt.millisecondsSince1970 - milliseconds(minutes: ReminderTemplate.longestLeadMinutes),
            plan.windDownStart.millisecondsSince1970 - milliseconds(minutes: Self.warningMinutes.max() ?? 0))
    }

    // MARK: Ring

    /// Minutes to bedtime at `now`, rounded half up; 0 after bedtime.
    public func minutesToBed(at now: Instant) -> Int {
        let milliseconds = plan.bedtimeAt.millisecondsSince1970 - now.millisecondsSince1970
        guard milliseconds > 0 else { return 0 }
        return Int((milliseconds + 30_000) / 60_000)
    }

    /// The ring's progress at `now`: (now − planned wind-down) ÷ (bedtime − planned
    /// wind-down), clamped to 0…1.
    public func ringProgress(at now: Instant) -> Double {
        let span = Double(plan.bedtimeAt.millisecondsSince1970 - plan.windDownStart.millisecondsSince1970)
        guard span > 0 else { return 1 }
        let done = Double(now.millisecondsSince1970 - plan.windDownStart.millisecondsSince1970) / span
        return min(1, max(0, done))
    }

    /// The ring's colour at `now`, by plan-time minutes left with the haptic bands.
    public func ringColour(at now: Instant) -> RingColour {
        RingColour.forMinutesToBed(max(0, planMinutesBeforeBedtime(now)))
    }

    /// Every haptic of the night: one per reminder milestone and block warning, and the
    /// wake-up repeated three times.
    public var haptics: [HapticCue] {
        var cues = reminders.map { HapticCue(at: $0.fireAt, haptic: $0.haptic, repeats: $0.repeats, milestone: $0.template.id) }
        cues += blockWarnings.map { HapticCue(at: $0.fireAt, haptic: $0.haptic, repeats: 1, milestone: "block_warning") }
        return cues.sorted { $0.at.millisecondsSince1970 < $1.at.millisecondsSince1970 }
    }
}
