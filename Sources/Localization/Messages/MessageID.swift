import Projections

/// The id of one message in a ``MessageCatalog``, such as `summary.score`.
///
/// Ids are stable: a front end that supplies its own translated table keys it by the same
/// ids, and a ``Message`` stored or sent elsewhere names its template by id only. The ids the
/// library uses are the static members below; ``MessageCatalog/english`` has a template for
/// each of them (``all``), and a test pins that.
public struct MessageID: RawRepresentable, Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id as written in a table, such as `voice.debt.some`.
    public let rawValue: String

    /// An id from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An id from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A single JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// A single JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: MessageID, rhs: MessageID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { rawValue }

    // MARK: Durations (how `{name, duration}` is spelt in each language)

    /// Hours and minutes: `{hours}`, `{minutes}` (both at least 1).
    public static let durationHoursMinutes: MessageID = "duration.hoursMinutes"
    /// Whole hours: `{hours}`.
    public static let durationHours: MessageID = "duration.hours"
    /// Minutes under an hour (0 included): `{minutes}`.
    public static let durationMinutes: MessageID = "duration.minutes"

    // MARK: The morning summary

    /// "Score {score}."
    public static let summaryScore: MessageID = "summary.score"
    /// Deep sleep against its target: `{deepMinutes}` of `{deepTargetMinutes}`.
    public static let summaryDeep: MessageID = "summary.deep"
    /// The night has no staged source, so deep sleep is not shown.
    public static let summaryDeepUnstaged: MessageID = "summary.deep.unstaged"
    /// The costliest part was duration: `{points}` lost.
    public static let summaryCostliestDuration: MessageID = "summary.costliest.duration"
    /// The costliest part was deep sleep: `{points}` lost.
    public static let summaryCostliestDeep: MessageID = "summary.costliest.deep"
    /// The costliest part was REM sleep: `{points}` lost.
    public static let summaryCostliestREM: MessageID = "summary.costliest.rem"
    /// The costliest part was bedtime: `{points}` lost.
    public static let summaryCostliestBedtime: MessageID = "summary.costliest.bedtime"
    /// The costliest part was interruptions: `{points}` lost.
    public static let summaryCostliestInterruptions: MessageID = "summary.costliest.interruptions"
    /// No part lost more than about a point.
    public static let summaryCostliestNone: MessageID = "summary.costliest.none"

    /// The message naming `part` as the costliest.
    public static func summaryCostliest(_ part: ScorePart) -> MessageID {
        switch part {
        case .duration: summaryCostliestDuration
        case .deep: summaryCostliestDeep
        case .rem: summaryCostliestREM
        case .bedtime: summaryCostliestBedtime
        case .interruptions: summaryCostliestInterruptions
        }
    }

    // MARK: Sleep tips

    /// A tip whose evidence is strong: `{claim}` and the grade.
    public static let tipStrong: MessageID = "tip.strong"
    /// A tip whose evidence is moderate: `{claim}` and the grade.
    public static let tipModerate: MessageID = "tip.moderate"
    /// A tip whose evidence is weak: `{claim}` and the grade, shown as weak.
    public static let tipWeak: MessageID = "tip.weak"

    /// The tip message for a claim of `grade`.
    public static func tip(_ grade: EvidenceGrade) -> MessageID {
        switch grade {
        case .strong: tipStrong
        case .moderate: tipModerate
        case .weak: tipWeak
        }
    }

    // MARK: Voice answers

    /// Nothing recorded at all.
    public static let voiceNoNights: MessageID = "voice.noNights"
    /// Last night: `{onset}`, `{asleep}`, `{score}`.
    public static let voiceLastNight: MessageID = "voice.lastNight"
    /// The latest recorded night is older than last night: `{date}`, `{onset}`, `{asleep}`, `{score}`.
    public static let voiceLatestNight: MessageID = "voice.latestNight"
    /// A night some nights ago: `{date}`, `{onset}`, `{asleep}`, `{score}`.
    public static let voiceNightsAgo: MessageID = "voice.nightsAgo"
    /// Nothing recorded for the night asked about: `{date}`.
    public static let voiceNightsAgoNone: MessageID = "voice.nightsAgo.none"
    /// Nothing recorded in the last three weeks.
    public static let voiceWeeksNone: MessageID = "voice.weeks.none"
    /// The last three weeks: `{score}` and `{asleep}` on average.
    public static let voiceWeeks: MessageID = "voice.weeks"
    /// The three weeks before scored lower on average: `{previousScore}`, `{previousAsleep}`.
    public static let voiceWeeksUp: MessageID = "voice.weeks.up"
    /// The three weeks before scored higher on average: `{previousScore}`, `{previousAsleep}`.
    public static let voiceWeeksDown: MessageID = "voice.weeks.down"
    /// The three weeks before scored the same on average: `{previousAsleep}`.
    public static let voiceWeeksSame: MessageID = "voice.weeks.same"
    /// Nothing recorded in the three weeks before, so no comparison.
    public static let voiceWeeksNoEarlier: MessageID = "voice.weeks.noEarlier"
    /// No night with data among the last 7.
    public static let voiceDebtNoData: MessageID = "voice.debt.noData"
    /// No sleep debt over the last 7 nights.
    public static let voiceDebtNone: MessageID = "voice.debt.none"
    /// Sleep debt over the last 7 nights: `{debt}`.
    public static let voiceDebtSome: MessageID = "voice.debt.some"
    /// At the recent rate the debt clears in about `{nights}` nights (1 or more).
    public static let voiceDebtRecoveryNights: MessageID = "voice.debt.recovery.nights"
    /// The latest nights were not longer than the need, so no estimate.
    public static let voiceDebtRecoveryUnknown: MessageID = "voice.debt.recovery.unknown"

    // MARK: The mindful exit's reflection prompts (one per attempt, then the count)

    /// The 1st attempt: three deep breaths.
    public static let exitPromptBreaths: MessageID = "exit.prompt.breaths"
    /// The 2nd attempt: box breathing.
    public static let exitPromptBoxBreathing: MessageID = "exit.prompt.boxBreathing"
    /// The 3rd attempt: how tomorrow morning will feel.
    public static let exitPromptTomorrow: MessageID = "exit.prompt.tomorrow"
    /// The 4th attempt and later: opted out `{count}` times tonight (3 or more).
    public static let exitPromptCount: MessageID = "exit.prompt.count"

    // MARK: The coach's weekly insights (docs/rules.md §9)

    /// Work and free nights' mid-sleeps, `{workMidSleep}` and `{freeMidSleep}`, `{jetlag}` apart.
    public static let insightsBodyClock: MessageID = "insights.bodyClock"
    /// Too few work or free nights to describe the body clock.
    public static let insightsBodyClockNotEnough: MessageID = "insights.bodyClock.notEnough"
    /// The corrected free-night mid-sleep, `{chronotype}`.
    public static let insightsChronotype: MessageID = "insights.chronotype"
    /// A bedtime to aim for: `{usualWake}`, `{target}`, a goal from `{current}` over `{days}` nights.
    public static let insightsSuggestedGoal: MessageID = "insights.suggestedGoal"
    /// The usual bedtime `{usualBedtime}` already leaves room for the sleep need before `{usualWake}`.
    public static let insightsBedtimeAlready: MessageID = "insights.bedtime.already"
    /// Too few work nights to suggest a bedtime.
    public static let insightsBedtimeNotEnough: MessageID = "insights.bedtime.notEnough"
    /// `{item}` done before its reminder on `{doneBefore}` of the last `{habitNights}` nights (10 or more): it could retire.
    public static let insightsRetireSuggested: MessageID = "insights.retireSuggested"
    /// Mean asleep on nights that followed the routine, `{followedAsleep}`, and on the others, `{otherAsleep}`.
    public static let insightsRoutine: MessageID = "insights.routine"
    /// Mean score on nights that followed the routine, `{followedScore}`, and on the others, `{otherScore}`.
    public static let insightsRoutineScore: MessageID = "insights.routine.score"
    /// Each of the last `{shortNights}` nights (10 to 14) under 6 hours: talk to a doctor if it goes on.
    public static let insightsLongShortStretch: MessageID = "insights.longShortStretch"

    // MARK: Reminders and their science

    /// The title of the reminder template `reminderID` ("Screens off").
    public static func reminderTitle(_ reminderID: String) -> MessageID { MessageID(rawValue: "reminder.\(reminderID).title") }
    /// The body of the reminder template `reminderID`.
    public static func reminderBody(_ reminderID: String) -> MessageID { MessageID(rawValue: "reminder.\(reminderID).body") }
    /// The claim of the primary science reference of the reminder template `key`, or of
    /// the bedtime plan (``planClaimKey``) or the mindful exit (``mindfulExitClaimKey``).
    public static func scienceClaim(_ key: String) -> MessageID { MessageID(rawValue: "science.\(key).claim") }
    /// The key of the bedtime plan's claim (`science.plan.claim`).
    public static let planClaimKey = "plan"
    /// The key of the mindful exit's claim (`science.mindfulExit.claim`).
    public static let mindfulExitClaimKey = "mindfulExit"

    /// Every id the library uses, in a fixed order: the fixed ones, then each reminder's
    /// title, body and claim, then the plan's and the mindful exit's claims.
    public static let all: [MessageID] = fixed + ReminderTemplate.all.flatMap { [reminderTitle($0.id), reminderBody($0.id), scienceClaim($0.id)] }
        + [scienceClaim(planClaimKey), scienceClaim(mindfulExitClaimKey)]

    private static let fixed: [MessageID] = [
        durationHoursMinutes, durationHours, durationMinutes,
        summaryScore, summaryDeep, summaryDeepUnstaged,
        summaryCostliestDuration, summaryCostliestDeep, summaryCostliestREM, summaryCostliestBedtime,
        summaryCostliestInterruptions, summaryCostliestNone,
        tipStrong, tipModerate, tipWeak,
        voiceNoNights, voiceLastNight, voiceLatestNight, voiceNightsAgo, voiceNightsAgoNone,
        voiceWeeksNone, voiceWeeks, voiceWeeksUp, voiceWeeksDown, voiceWeeksSame, voiceWeeksNoEarlier,
        voiceDebtNoData, voiceDebtNone, voiceDebtSome,
        voiceDebtRecoveryNights, voiceDebtRecoveryUnknown,
        exitPromptBreaths, exitPromptBoxBreathing, exitPromptTomorrow, exitPromptCount,
        insightsBodyClock, insightsBodyClockNotEnough, insightsChronotype,
        insightsSuggestedGoal, insightsBedtimeAlready, insightsBedtimeNotEnough,
        insightsRetireSuggested, insightsRoutine, insightsRoutineScore, insightsLongShortStretch,
    ]
}
