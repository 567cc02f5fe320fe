import Events

/// The coach's figures as of an instant (docs/rules.md §9): descriptive, from the person's
/// own nights, never advice dressed as certainty. `LogState.insights(at:)` computes them;
/// the JSON view shows them as `insights`.
///
/// Clock readings are kept as minutes after noon (03:30 is 930), unrounded, so that means
/// and medians of nights on either side of midnight make sense; ``clockText(minutesAfterNoon:)``
/// shows one as "HH:mm".
public struct Insights: Sendable, Hashable {
    /// The 28 nights ending with asOf's night, and how many of them count (a sleep record).
    public struct Window: Sendable, Hashable {
        /// The first night of the window.
        public var from: LocalDate
        /// The last night: asOf's night.
        public var to: LocalDate
        /// The nights of the window with a sleep record (those that count).
        public var nights: Int
    }

    /// The body clock, after the Munich ChronoType Questionnaire.
    public struct BodyClock: Sendable, Hashable {
        /// Counted work and free nights in the window.
        public var workNights: Int
        public var freeNights: Int
        /// MSW and MSF: the mean mid-sleep of work and of free nights (minutes after noon);
        /// `nil` with fewer than 2 nights of the kind.
        public var workMidSleep: Double?
        public var freeMidSleep: Double?
        /// |MSF − MSW|, rounded half up; `nil` unless both are known.
        public var socialJetlagMinutes: Int?
        /// MSFsc (minutes after noon): MSF corrected for oversleep on free nights; `nil`
        /// unless both kinds have 2 nights.
        public var chronotype: Double?
    }

    /// A goal that would get to the suggested bedtime.
    public struct SuggestedGoal: Sendable, Hashable {
        /// The usual bedtime, rounded to 5 minutes.
        public var currentBedtime: TimeOfDay
        /// The suggested target.
        public var targetBedtime: TimeOfDay
        /// The fewest nights (3…30) the goal rules accept.
        public var days: Int
    }

    /// A bedtime to aim for; every figure `nil` with fewer than 5 work nights.
    public struct Bedtime: Sendable, Hashable {
        /// The median onset of the counted nights (minutes after noon).
        public var usualBedtime: Double?
        /// The median final wake of the work nights (minutes after noon).
        public var usualWake: Double?
        /// Usual wake − sleep need − 15 min, rounded down to 5 minutes.
        public var suggestedTarget: TimeOfDay?
        /// The goal that would get there; `nil` when already there, not earlier, or no
        /// number of nights is accepted.
        public var suggestedGoal: SuggestedGoal?
    }

    /// How one checklist reminder fared over its 14 most recent planned nights.
    public struct ReminderHabit: Sendable, Hashable {
        /// The checklist reminder's template id.
        public var template: String
        /// The planned nights counted (at most 14) whose reminder fired by asOf.
        public var nights: Int
        /// Nights the item was done, its first completion before the reminder fired.
        public var doneBeforeReminder: Int
        /// Nights the item was done, first completed at or after the reminder.
        public var doneAfter: Int
        /// The notification's answers on those nights: why, done, dismissed.
        public var why: Int
        public var done: Int
        public var dismissed: Int
        /// Nights with no answer and the item not done.
        public var ignored: Int
        /// Whether the reminder is retired as of asOf.
        public var retired: Bool
        /// `doneBeforeReminder ≥ 10` and not retired.
        public var retireSuggested: Bool
        /// The nights counted, newest first, each with how the item and reminder fared
        /// (for `trace --figure insights`).
        public var detail: [NightDetail]

        /// One night of a reminder's count.
        public struct NightDetail: Sendable, Hashable {
            /// The night.
            public var night: LocalDate
            /// When its reminder fired.
            public var fireAt: Instant
            /// How the item fared.
            public var outcome: Outcome
            /// The answers to the notification that night.
            public var interactions: (why: Int, done: Int, dismissed: Int)

            public static func == (left: NightDetail, right: NightDetail) -> Bool {
                left.night == right.night && left.fireAt == right.fireAt && left.outcome == right.outcome
                    && left.interactions == right.interactions
            }

            public func hash(into hasher: inout Hasher) {
                hasher.combine(night)
                hasher.combine(fireAt)
                hasher.combine(outcome)
            }
        }

        /// How the item fared on a night.
        public enum Outcome: String, Sendable, Hashable {
            /// Done, first completed before the reminder fired.
            case doneBeforeReminder
            /// Done, first completed at or after it.
            case doneAfter
            /// Not done, but the notification was answered.
            case notDoneWithInteraction
            /// Not done and not answered.
            case ignored
        }
    }

    /// One side of the routine comparison.
    public struct RoutineGroup: Sendable, Hashable {
        /// The nights of the group.
        public var nights: Int
        /// The mean asleep minutes (each night's whole minutes), rounded half up; `nil` without nights.
        public var asleepMinutes: Int?
        /// The mean score total of the nights that have one, rounded half up; `nil` without.
        public var score: Int?
    }

    /// Nights that followed the routine (7 or more of the 9 items done by bedtime) and the others.
    public struct Routine: Sendable, Hashable {
        /// Nights with 7 or more items done by bedtime.
        public var followed: RoutineGroup
        /// The other nights with a plan and a record.
        public var notFollowed: RoutineGroup
    }

    /// One counted night of the window, for the body clock and the traces.
    public struct CountedNight: Sendable, Hashable {
        public var night: LocalDate
        public var isFreeNight: Bool
        /// Mid-sleep and onset and final wake, in minutes after noon on the onset zone's clock.
        public var midSleep: Double
        public var onset: Double
        public var finalWake: Double
        /// Final wake − onset, in minutes.
        public var durationMinutes: Double
        /// Asleep, in whole minutes as the night shows it.
        public var asleepMinutes: Int
    }

    /// The nights the figures are drawn from.
    public var window: Window
    /// Mid-sleeps of work and free nights, social jetlag, chronotype.
    public var bodyClock: BodyClock
    /// A bedtime to aim for.
    public var bedtime: Bedtime
    /// The nine checklist reminders, in offset order.
    public var reminders: [ReminderHabit]
    /// Routine and sleep, compared.
    public var routine: Routine
    /// Each of the 14 latest nights with data in the window slept under 6 h, and there are at least 10.
    public var longShortStretch: Bool
    /// The counted nights of the window, oldest first.
    public var countedNights: [CountedNight]
    /// The nights of the routine comparison, oldest first, with whether each was followed.
    public var routineNights: [(night: LocalDate, followed: Bool, itemsDoneByBedtime: Int)]

    public static func == (left: Insights, right: Insights) -> Bool {
        left.window == right.window && left.bodyClock == right.bodyClock && left.bedtime == right.bedtime
            && left.reminders == right.reminders && left.routine == right.routine && left.longShortStretch == right.longShortStretch
            && left.countedNights == right.countedNights
            && left.routineNights.map(\.night) == right.routineNights.map(\.night)
            && left.routineNights.map(\.followed) == right.routineNights.map(\.followed)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(window)
        hasher.combine(bodyClock)
        hasher.combine(reminders)
    }

    /// A clock reading in minutes after noon as "HH:mm": rounded half up to a minute, mod 24 h.
    public static func clockText(minutesAfterNoon minutes: Double) -> String {
        clock(minutesAfterNoon: minutes).text
    }

    /// `value` rounded half up to a whole number (minutes, as the view shows them).
    public static func wholeMinutes(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }

    /// A clock reading in minutes after noon as a time of day (rounded half up, mod 24 h).
    public static func clock(minutesAfterNoon minutes: Double) -> TimeOfDay {
        let rounded = Int((minutes + 0.5).rounded(.down))
        // Noon plus the minutes; `adding(minutes:)` wraps round the clock.
        return TimeOfDay.noon.adding(minutes: rounded)
    }
}
