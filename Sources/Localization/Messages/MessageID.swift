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

    // MARK: Together (docs/rules.md §13)

    /// Someone's night share says they were on target last night: `{name}` (the name they
    /// chose, as text).
    public static let togetherLastNightHit: MessageID = "together.lastNight.hit"
    /// No share says anyone was on target last night.
    public static let togetherLastNightNone: MessageID = "together.lastNight.none"
    /// The heading of a week's rows: `{week}` (the ISO week, as text, "2026-W48").
    public static let togetherWeekHeading: MessageID = "together.week.heading"
    /// One member's row of a week: `{rank}`, `{name}`, `{index}` (the regularity index, one decimal), `{onTarget}`,
    /// `{planned}`.
    public static let togetherWeekMember: MessageID = "together.week.member"
    /// A member's row without a regularity index (fewer than 5 pairs): `{rank}`, `{name}`,
    /// `{onTarget}`, `{planned}`.
    public static let togetherWeekMemberNoIndex: MessageID = "together.week.memberNoIndex"
    /// The own row's name ("you" in the shares' own words).
    public static let togetherYou: MessageID = "together.you"

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

    // MARK: The coach's regularity and habits (docs/rules.md §12)

    /// The index of the last two weeks is 5 or more above that of the two weeks before.
    public static let insightsRegularityMore: MessageID = "insights.regularity.more"
    /// The two indexes are less than 5 apart.
    public static let insightsRegularityAbout: MessageID = "insights.regularity.about"
    /// The index of the last two weeks is 5 or more below that of the two weeks before.
    public static let insightsRegularityLess: MessageID = "insights.regularity.less"
    /// `{groupNights}` nights with caffeine in the 6 hours before sleep vs `{otherNights}` with caffeine only earlier: mean latency `{difference}` longer.
    public static let insightsCaffeineLatencyLonger: MessageID = "insights.caffeine.latency.longer"
    /// The same, mean latency `{difference}` shorter.
    public static let insightsCaffeineLatencyShorter: MessageID = "insights.caffeine.latency.shorter"
    /// The same, the same mean latency.
    public static let insightsCaffeineLatencySame: MessageID = "insights.caffeine.latency.same"
    /// The same, mean asleep `{difference}` more.
    public static let insightsCaffeineAsleepMore: MessageID = "insights.caffeine.asleep.more"
    /// The same, mean asleep `{difference}` less.
    public static let insightsCaffeineAsleepLess: MessageID = "insights.caffeine.asleep.less"
    /// The same, the same mean asleep.
    public static let insightsCaffeineAsleepSame: MessageID = "insights.caffeine.asleep.same"
    /// `{groupNights}` nights with a workout ending in the 3 hours before sleep vs `{otherNights}` with workouts only earlier: mean latency `{difference}` longer.
    public static let insightsLateWorkoutLatencyLonger: MessageID = "insights.lateWorkout.latency.longer"
    /// The same, mean latency `{difference}` shorter.
    public static let insightsLateWorkoutLatencyShorter: MessageID = "insights.lateWorkout.latency.shorter"
    /// The same, the same mean latency.
    public static let insightsLateWorkoutLatencySame: MessageID = "insights.lateWorkout.latency.same"
    /// The same, mean asleep `{difference}` more.
    public static let insightsLateWorkoutAsleepMore: MessageID = "insights.lateWorkout.asleep.more"
    /// The same, mean asleep `{difference}` less.
    public static let insightsLateWorkoutAsleepLess: MessageID = "insights.lateWorkout.asleep.less"
    /// The same, the same mean asleep.
    public static let insightsLateWorkoutAsleepSame: MessageID = "insights.lateWorkout.asleep.same"
    /// `{groupNights}` nights with a workout before sleep vs `{otherNights}` without one: mean latency `{difference}` longer.
    public static let insightsWorkoutLatencyLonger: MessageID = "insights.workout.latency.longer"
    /// The same, mean latency `{difference}` shorter.
    public static let insightsWorkoutLatencyShorter: MessageID = "insights.workout.latency.shorter"
    /// The same, the same mean latency.
    public static let insightsWorkoutLatencySame: MessageID = "insights.workout.latency.same"
    /// The same, mean asleep `{difference}` more.
    public static let insightsWorkoutAsleepMore: MessageID = "insights.workout.asleep.more"
    /// The same, mean asleep `{difference}` less.
    public static let insightsWorkoutAsleepLess: MessageID = "insights.workout.asleep.less"
    /// The same, the same mean asleep.
    public static let insightsWorkoutAsleepSame: MessageID = "insights.workout.asleep.same"

    // MARK: Reminders and their science

    /// The title of the reminder template `reminderID` ("Screens off"): its variant 0.
    public static func reminderTitle(_ reminderID: String) -> MessageID { reminderTitle(reminderID, variant: 0) }
    /// The body of the reminder template `reminderID`: its variant 0.
    public static func reminderBody(_ reminderID: String) -> MessageID { reminderBody(reminderID, variant: 0) }

    /// The title of `template` in its phrasing `variant` (0 ..< `ReminderTemplate.variantCount`,
    /// docs/rules.md §14): `reminder.<id>.title` for variant 0, `reminder.<id>.v<variant>.title`
    /// for the others. A variant out of that range names no message of the shipped tables
    /// (rendering it throws `MessageError.unknownMessage`).
    public static func reminderTitle(_ template: ReminderTemplate, variant: Int) -> MessageID {
        reminderTitle(template.id, variant: variant)
    }

    /// The body of `template` in its phrasing `variant`: `reminder.<id>.body` for variant 0,
    /// `reminder.<id>.v<variant>.body` for the others, and the same range as the title's.
    public static func reminderBody(_ template: ReminderTemplate, variant: Int) -> MessageID {
        reminderBody(template.id, variant: variant)
    }

    /// The title of the reminder template `reminderID` in its phrasing `variant`.
    public static func reminderTitle(_ reminderID: String, variant: Int) -> MessageID {
        MessageID(rawValue: "reminder.\(reminderID)\(variantInfix(variant)).title")
    }

    /// The body of the reminder template `reminderID` in its phrasing `variant`.
    public static func reminderBody(_ reminderID: String, variant: Int) -> MessageID {
        MessageID(rawValue: "reminder.\(reminderID)\(variantInfix(variant)).body")
    }

    /// Nothing for variant 0 (its ids are the reminders' first ones), `.v<n>` for the others.
    private static func variantInfix(_ variant: Int) -> String { variant == 0 ? "" : ".v\(variant)" }

    /// Every phrasing of every reminder: for each template in `ReminderTemplate.all`'s order,
    /// each variant's title and body, variant 0 first.
    public static let reminderPhrasings: [MessageID] = ReminderTemplate.all.flatMap { template in
        (0 ..< ReminderTemplate.variantCount).flatMap { [reminderTitle(template, variant: $0), reminderBody(template, variant: $0)] }
    }

    /// The claim of the primary science reference of the reminder template `key`, or of
    /// the bedtime plan (``planClaimKey``) or the mindful exit (``mindfulExitClaimKey``).
    public static func scienceClaim(_ key: String) -> MessageID { MessageID(rawValue: "science.\(key).claim") }
    /// The key of the bedtime plan's claim (`science.plan.claim`).
    public static let planClaimKey = "plan"
    /// The key of the mindful exit's claim (`science.mindfulExit.claim`).
    public static let mindfulExitClaimKey = "mindfulExit"

    // MARK: Notifications other than the reminders (their texts; `PendingNotification.titleMessage`)

    /// A tier's apps lock soon: the title.
    public static let notificationBlockWarningTitle: MessageID = "notification.blockWarning.title"
    /// `{tier}` (`blockFirst`, `block30Min`) locks in `{minutes}`.
    public static let notificationBlockWarningBody: MessageID = "notification.blockWarning.body"
    /// The free window is about to end: the title.
    public static let notificationFreeWindowEndingTitle: MessageID = "notification.freeWindowEnding.title"
    /// The free window is about to end; wind-down carries on.
    public static let notificationFreeWindowEndingBody: MessageID = "notification.freeWindowEnding.body"

    // MARK: `replay-tool report`'s status lines

    /// The log has no events; `{page}` is `skipped` when a page was asked for (and is not written).
    public static let reportStatusNoEvents: MessageID = "report.status.noEvents"
    /// No night with a plan or sleep data; `{page}` as above.
    public static let reportStatusNoNights: MessageID = "report.status.noNights"
    /// The night `{night}` is not in the log; `{known}` says which nights are; `{page}` as above.
    public static let reportStatusNightNotInLog: MessageID = "report.status.nightNotInLog"
    /// The nights `{from}` to `{to}` are not in the log; `{known}`, `{page}` as above.
    public static let reportStatusNightsNotInLog: MessageID = "report.status.nightsNotInLog"
    /// The log's only night is `{night}`.
    public static let reportStatusLogOnlyNight: MessageID = "report.status.logOnlyNight"
    /// The log's nights run from `{first}` to `{last}`.
    public static let reportStatusLogNights: MessageID = "report.status.logNights"
    /// The HTML page was written to `{path}`.
    public static let reportStatusWritten: MessageID = "report.status.written"

    // MARK: The report (`replay-tool report`: the text report and the HTML page)
    //
    // Every word the report prints. The English templates say exactly what the report said
    // before it was translated. Weekday and month names are one message each (no argument),
    // so that each language gives its own short form ("Mon", "Mo.", "الاثنين") and ICU checks
    // every one; `report.night.*` put them together with the day. Arguments named `night`,
    // `weekday`, `month`, `from`, `to`, `slept`, `deep`, `rem`, `length`, `average`, `first`,
    // `last`, `peak`, `last7`, `last14`, `weighted`, `work`, `free`, `band`, `part`, `stage`,
    // `head`, `tail`, `list` and `result` are other messages (or text) placed as they are.

    /// A weekday's short name, 1 = Monday … 7 = Sunday ("Mon", "Mo.", "الاثنين").
    public static func reportWeekday(_ weekday: Int) -> MessageID {
        reportWeekdays[min(max(weekday, 1), 7) - 1]
    }
    /// A month's short name, 1 = January … 12 = December ("Nov", "Nov.", "نوفمبر").
    public static func reportMonth(_ month: Int) -> MessageID {
        reportMonths[min(max(month, 1), 12) - 1]
    }
    /// The weekdays' short names, Monday first.
    public static let reportWeekdays: [MessageID] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map { MessageID(rawValue: "report.weekday.\($0)") }
    /// The months' short names, January first.
    public static let reportMonths: [MessageID] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map { MessageID(rawValue: "report.month.\($0)") }

    /// A night: `{weekday}`, `{day}`, `{month}` ("Mon 30 Nov").
    public static let reportNightLabel: MessageID = "report.night.label"
    /// A night with its year: `{weekday}`, `{day}`, `{month}`, `{year}` (text) ("Mon 30 Nov 2026").
    public static let reportNightDate: MessageID = "report.night.date"
    /// A night on a chart's axis: `{weekday}`, `{day}` ("Mon 30").
    public static let reportNightAxis: MessageID = "report.night.axis"
    /// A period of nights: `{from}` – `{to}`.
    public static let reportNightRange: MessageID = "report.night.range"
    /// A work night, in a table ("work").
    public static let reportNightKindWork: MessageID = "report.night.kind.work"
    /// A free night, in a table ("free").
    public static let reportNightKindFree: MessageID = "report.night.kind.free"
    /// The night in a sentence, without sleep data.
    public static let reportNightNoData: MessageID = "report.night.noData"
    /// The night in a sentence, without a plan and without sleep data.
    public static let reportNightNoPlanNoData: MessageID = "report.night.noPlanNoData"
    /// The night in a sentence: `{slept}`, `{count}` interruptions.
    public static let reportNightSentence: MessageID = "report.night.sentence"
    /// The night in a sentence with its stages: `{slept}`, `{count}` interruptions, `{deep}`, `{rem}`.
    public static let reportNightSentenceStages: MessageID = "report.night.sentence.stages"
    /// The night in a sentence with deep sleep only: `{slept}`, `{count}`, `{deep}`.
    public static let reportNightSentenceDeep: MessageID = "report.night.sentence.deep"
    /// The night in a sentence with REM sleep only: `{slept}`, `{count}`, `{rem}`.
    public static let reportNightSentenceREM: MessageID = "report.night.sentence.rem"

    /// A score band's name ("low").
    public static let reportBandLow: MessageID = "report.band.low"
    /// A score band's name ("fair").
    public static let reportBandFair: MessageID = "report.band.fair"
    /// A score band's name ("good").
    public static let reportBandGood: MessageID = "report.band.good"
    /// The name of the score settings when they have none ("custom").
    public static let reportPresetCustom: MessageID = "report.preset.custom"
    /// A stage's name on a chart and in a table ("Awake").
    public static let reportStageAwake: MessageID = "report.stage.awake"
    /// "REM".
    public static let reportStageREM: MessageID = "report.stage.rem"
    /// "Core".
    public static let reportStageCore: MessageID = "report.stage.core"
    /// Asleep without a stage, on a chart's row ("Asleep").
    public static let reportStageAsleep: MessageID = "report.stage.asleep"
    /// "Deep".
    public static let reportStageDeep: MessageID = "report.stage.deep"
    /// Asleep without a stage, in a legend ("Asleep (no stage)").
    public static let reportStageAsleepUnstaged: MessageID = "report.stage.asleep.unstaged"
    /// A score part's name ("Duration").
    public static let reportPartDuration: MessageID = "report.part.duration"
    /// "Deep sleep".
    public static let reportPartDeep: MessageID = "report.part.deep"
    /// "REM sleep".
    public static let reportPartREM: MessageID = "report.part.rem"
    /// "Bedtime".
    public static let reportPartBedtime: MessageID = "report.part.bedtime"
    /// "Interruptions".
    public static let reportPartInterruptions: MessageID = "report.part.interruptions"

    /// The name of `band`.
    public static func reportBand(_ band: ScoreBand) -> MessageID {
        switch band {
        case .low: reportBandLow
        case .fair: reportBandFair
        case .good: reportBandGood
        }
    }

    /// The name of `part`.
    public static func reportPart(_ part: ScorePart) -> MessageID {
        switch part {
        case .duration: reportPartDuration
        case .deep: reportPartDeep
        case .rem: reportPartREM
        case .bedtime: reportPartBedtime
        case .interruptions: reportPartInterruptions
        }
    }

    /// The name of a stage on a chart (`asleep`: a row of sleep without a stage).
    public static func reportStage(_ level: Hypnogram.Level) -> MessageID {
        switch level {
        case .awake: reportStageAwake
        case .rem: reportStageREM
        case .core: reportStageCore
        case .asleep: reportStageAsleep
        case .deep: reportStageDeep
        }
    }

    /// `{nights}` nights ("3 nights").
    public static let reportCountNights: MessageID = "report.count.nights"
    /// A spoken duration, `{hours}` and `{minutes}` ("7 hours 26 minutes").
    public static let reportDurationHoursMinutes: MessageID = "report.duration.hoursMinutes"
    /// A spoken duration of whole hours, `{hours}` ("1 hour").
    public static let reportDurationHours: MessageID = "report.duration.hours"
    /// A spoken duration under an hour, `{minutes}` ("45 minutes").
    public static let reportDurationMinutes: MessageID = "report.duration.minutes"
    /// A duration in a sentence, short: `{hours}`, `{minutes}` ("5h53").
    public static let reportDurationShort: MessageID = "report.duration.short"
    /// Two items of a list: `{head}`, `{tail}` ("a, b").
    public static let reportListComma: MessageID = "report.list.comma"
    /// Two items of a list of phrases: `{head}`; `{tail}` ("a; b").
    public static let reportListSemicolon: MessageID = "report.list.semicolon"
    /// A list as a sentence: `{list}` and its full stop.
    public static let reportListEnd: MessageID = "report.list.end"
    /// Events skipped with a warning: `{count}`.
    public static let reportWarnings: MessageID = "report.warnings"

    /// The text report's title ("MoreSleep report").
    public static let reportTextTitle: MessageID = "report.text.title"
    /// The text report's period: `{from}`, `{to}`, `{asOf}`.
    public static let reportTextPeriod: MessageID = "report.text.period"
    /// `{nights}` nights, `{withData}` with sleep data.
    public static let reportTextSummary: MessageID = "report.text.summary"
    /// `{nights}` nights, `{withData}` with sleep data, asleep `{average}` on average.
    public static let reportTextSummaryAsleep: MessageID = "report.text.summary.asleep"
    /// A section heading ("Nights").
    public static let reportHeadingNights: MessageID = "report.heading.nights"
    /// "Stages".
    public static let reportHeadingStages: MessageID = "report.heading.stages"
    /// "Sleep debt".
    public static let reportHeadingDebt: MessageID = "report.heading.debt"
    /// "Streaks".
    public static let reportHeadingStreaks: MessageID = "report.heading.streaks"
    /// "Latest score".
    public static let reportHeadingScore: MessageID = "report.heading.score"
    /// "Exits".
    public static let reportHeadingExits: MessageID = "report.heading.exits"
    /// "Insights".
    public static let reportHeadingInsights: MessageID = "report.heading.insights"
    /// The stage strips' key: `{awakeBar}`, `{remBar}`, `{coreBar}`, `{asleepBar}`, `{deepBar}`.
    public static let reportTextStagesKey: MessageID = "report.text.stages.key"
    /// No night with sleep data, so no stage strip.
    public static let reportTextStagesNone: MessageID = "report.text.stages.none"
    /// A column of the text report's table of nights ("night").
    public static let reportColumnNight: MessageID = "report.column.night"
    /// "planned".
    public static let reportColumnPlanned: MessageID = "report.column.planned"
    /// "actual".
    public static let reportColumnActual: MessageID = "report.column.actual"
    /// "late".
    public static let reportColumnLate: MessageID = "report.column.late"
    /// "asleep".
    public static let reportColumnAsleep: MessageID = "report.column.asleep"
    /// "deep".
    public static let reportColumnDeep: MessageID = "report.column.deep"
    /// "REM".
    public static let reportColumnREM: MessageID = "report.column.rem"
    /// "core".
    public static let reportColumnCore: MessageID = "report.column.core"
    /// "awake".
    public static let reportColumnAwake: MessageID = "report.column.awake"
    /// "int." (interruptions).
    public static let reportColumnInterruptions: MessageID = "report.column.interruptions"
    /// "score".
    public static let reportColumnScore: MessageID = "report.column.score"
    /// "apple" (Apple's estimate).
    public static let reportColumnApple: MessageID = "report.column.apple"
    /// "exits".
    public static let reportColumnExits: MessageID = "report.column.exits"
    /// What the table's columns mean.
    public static let reportTextNightsKey: MessageID = "report.text.nights.key"
    /// A night's exits in the table: `{count}` (`{used}` used, `{cancelled}` cancelled).
    public static let reportTextExitsCell: MessageID = "report.text.exits.cell"
    /// The sleep debt: `{to}`, `{last7}` over `{nights}` with data, `{last14}`.
    public static let reportTextDebtTotals: MessageID = "report.text.debt.totals"
    /// The weighted debt: `{weighted}`.
    public static let reportTextDebtWeighted: MessageID = "report.text.debt.weighted"
    /// No debt to recover.
    public static let reportTextDebtNone: MessageID = "report.text.debt.none"
    /// Recovered in about `{nights}` nights.
    public static let reportTextDebtRecovery: MessageID = "report.text.debt.recovery"
    /// Not recovering at the recent pace.
    public static let reportTextDebtNotRecovering: MessageID = "report.text.debt.notRecovering"
    /// The debt night by night: `{bars}`, `{first}`, `{last}`, `{peak}`.
    public static let reportTextDebtTrend: MessageID = "report.text.debt.trend"
    /// The streaks: `{streak}`, `{bestStreak}`.
    public static let reportTextStreaks: MessageID = "report.text.streaks"
    /// No night with a score.
    public static let reportTextScoreNone: MessageID = "report.text.score.none"
    /// A score and its band: `{score}`, `{band}` ("90 (good)").
    public static let reportTextScoreResult: MessageID = "report.text.score.result"
    /// The latest score: `{night}`, `{result}`, `{preset}`.
    public static let reportTextScore: MessageID = "report.text.score"
    /// The latest score with Apple's estimate: `{night}`, `{result}`, `{preset}`, `{apple}`.
    public static let reportTextScoreApple: MessageID = "report.text.score.apple"
    /// The points of each part: `{durationPoints}`, `{deepPoints}`, `{remPoints}`, `{bedtimePoints}`, `{interruptionsPoints}`.
    public static let reportTextScoreParts: MessageID = "report.text.score.parts"
    /// No exit in the period.
    public static let reportTextExitsNone: MessageID = "report.text.exits.none"
    /// The exits: `{count}` requested, `{used}`, `{cancelled}`, `{waiting}`.
    public static let reportTextExitsSummary: MessageID = "report.text.exits.summary"
    /// What the exits' marks mean.
    public static let reportTextExitsKey: MessageID = "report.text.exits.key"
    /// The insights' window: `{to}`.
    public static let reportTextInsightsNote: MessageID = "report.text.insights.note"
    /// No night with sleep data in the insights' window.
    public static let reportTextInsightsNone: MessageID = "report.text.insights.none"
    /// The mid-sleep chart's key: `{earliest}`, `{latest}`.
    public static let reportTextInsightsChart: MessageID = "report.text.insights.chart"
    /// The means: `{workNights}`, `{workMean}`, `{freeNights}`, `{freeMean}`.
    public static let reportTextInsightsMeans: MessageID = "report.text.insights.means"
    /// A mean that needs 2 nights.
    public static let reportTextInsightsMeanMissing: MessageID = "report.text.insights.meanMissing"

    /// The page's title: `{period}`.
    public static let reportPageTitle: MessageID = "report.page.title"
    /// The page's heading: `{period}`.
    public static let reportPageHeading: MessageID = "report.page.heading"
    /// Under the heading: `{nights}`, `{night}`, `{clock}`, `{offset}`.
    public static let reportPageSubtitle: MessageID = "report.page.subtitle"
    /// A summary figure's name ("Nights with data").
    public static let reportPageStatNightsWithData: MessageID = "report.page.stat.nightsWithData"
    /// `{withData}` of `{nights}`.
    public static let reportPageStatNightsWithDataValue: MessageID = "report.page.stat.nightsWithData.value"
    /// "Average asleep".
    public static let reportPageStatAverageAsleep: MessageID = "report.page.stat.averageAsleep"
    /// "no sleep data".
    public static let reportPageStatNoSleepData: MessageID = "report.page.stat.noSleepData"
    /// Over `{nights}` nights.
    public static let reportPageStatOver: MessageID = "report.page.stat.over"
    /// "7-night debt".
    public static let reportPageStatDebt: MessageID = "report.page.stat.debt"
    /// To `{night}`.
    public static let reportPageStatDebtNote: MessageID = "report.page.stat.debt.note"
    /// "Streak".
    public static let reportPageStatStreak: MessageID = "report.page.stat.streak"
    /// Best `{bestStreak}` nights.
    public static let reportPageStatStreakNote: MessageID = "report.page.stat.streak.note"
    /// `{band}`, `{night}`.
    public static let reportPageStatScoreNote: MessageID = "report.page.stat.score.note"
    /// "no scored night".
    public static let reportPageStatScoreNone: MessageID = "report.page.stat.score.none"
    /// No night of the period has a score.
    public static let reportPageScoreNone: MessageID = "report.page.score.none"
    /// The ring's caption with Apple's estimate: `{night}`, `{apple}`.
    public static let reportPageScoreCaptionApple: MessageID = "report.page.score.caption.apple"
    /// "Points per part".
    public static let reportPageScoreTable: MessageID = "report.page.score.table"
    /// "Part".
    public static let reportPageScoreColumnPart: MessageID = "report.page.score.column.part"
    /// "Share".
    public static let reportPageScoreColumnShare: MessageID = "report.page.score.column.share"
    /// "Points".
    public static let reportPageScoreColumnPoints: MessageID = "report.page.score.column.points"
    /// Scored with the `{preset}` settings.
    public static let reportPageScorePreset: MessageID = "report.page.score.preset"
    /// "Bedtime: planned and actual".
    public static let reportPageBedtimeHeading: MessageID = "report.page.bedtime.heading"
    /// "Planned".
    public static let reportPageBedtimePlanned: MessageID = "report.page.bedtime.planned"
    /// "Actual (logged, else sleep onset)".
    public static let reportPageBedtimeActual: MessageID = "report.page.bedtime.actual"
    /// "Difference".
    public static let reportPageBedtimeDifference: MessageID = "report.page.bedtime.difference"
    /// "7-night debt as of the night".
    public static let reportPageDebtKey: MessageID = "report.page.debt.key"
    /// "Night without sleep data".
    public static let reportPageDebtNoData: MessageID = "report.page.debt.noData"
    /// "Confirmed (free window used)".
    public static let reportPageExitsConfirmed: MessageID = "report.page.exits.confirmed"
    /// "Cancelled during the pause".
    public static let reportPageExitsCancelled: MessageID = "report.page.exits.cancelled"
    /// "Insights: the last 4 weeks".
    public static let reportPageInsightsHeading: MessageID = "report.page.insights.heading"
    /// "Work night (the next day is a weekday)".
    public static let reportPageInsightsWork: MessageID = "report.page.insights.work"
    /// "Free night (Friday and Saturday)".
    public static let reportPageInsightsFree: MessageID = "report.page.insights.free"
    /// "Counted nights".
    public static let reportPageInsightsTable: MessageID = "report.page.insights.table"
    /// "Kind".
    public static let reportPageInsightsColumnKind: MessageID = "report.page.insights.column.kind"
    /// "Onset".
    public static let reportPageInsightsColumnOnset: MessageID = "report.page.insights.column.onset"
    /// "Final wake".
    public static let reportPageInsightsColumnWake: MessageID = "report.page.insights.column.wake"
    /// "Mid-sleep".
    public static let reportPageInsightsColumnMidSleep: MessageID = "report.page.insights.column.midSleep"
    /// "Night by night".
    public static let reportPageNightsHeading: MessageID = "report.page.nights.heading"
    /// A night's score badge: `{value}`.
    public static let reportPageNightScore: MessageID = "report.page.night.score"
    /// A staged night's times, zone and source: `{onset}`, `{wake}`, `{zone}`, `{source}`.
    public static let reportPageNightMetaStaged: MessageID = "report.page.night.meta.staged"
    /// A night from samples without stages: `{onset}`, `{wake}`, `{zone}`.
    public static let reportPageNightMetaUnstaged: MessageID = "report.page.night.meta.unstaged"
    /// A night logged by hand: `{onset}`, `{wake}`, `{zone}`.
    public static let reportPageNightMetaManual: MessageID = "report.page.night.meta.manual"
    /// No night of the period has sleep data.
    public static let reportPageNightsNone: MessageID = "report.page.nights.none"
    /// The nights without sleep data: `{list}`.
    public static let reportPageNightsMissing: MessageID = "report.page.nights.missing"
    /// A night without sleep data, with its plan: `{night}`, `{clock}`.
    public static let reportPageNightsMissingPlanned: MessageID = "report.page.nights.missing.planned"
    /// "All figures".
    public static let reportPageFiguresHeading: MessageID = "report.page.figures.heading"
    /// The table's caption.
    public static let reportPageFiguresCaption: MessageID = "report.page.figures.caption"
    /// A column of the page's tables ("Night").
    public static let reportPageColumnNight: MessageID = "report.page.column.night"
    /// "Planned".
    public static let reportPageColumnPlanned: MessageID = "report.page.column.planned"
    /// "Actual".
    public static let reportPageColumnActual: MessageID = "report.page.column.actual"
    /// "Late (min)".
    public static let reportPageColumnLate: MessageID = "report.page.column.late"
    /// "Asleep".
    public static let reportPageColumnAsleep: MessageID = "report.page.column.asleep"
    /// "Interruptions".
    public static let reportPageColumnInterruptions: MessageID = "report.page.column.interruptions"
    /// "Score".
    public static let reportPageColumnScore: MessageID = "report.page.column.score"
    /// "Apple est.".
    public static let reportPageColumnApple: MessageID = "report.page.column.apple"
    /// "Exits confirmed".
    public static let reportPageColumnExitsConfirmed: MessageID = "report.page.column.exitsConfirmed"
    /// "Exits cancelled".
    public static let reportPageColumnExitsCancelled: MessageID = "report.page.column.exitsCancelled"
    /// "7-night debt".
    public static let reportPageColumnDebt: MessageID = "report.page.column.debt"
    /// Where the figures come from: `{asOf}`.
    public static let reportPageFooterMade: MessageID = "report.page.footer.made"
    /// The scores' settings: `{preset}`.
    public static let reportPageFooterPreset: MessageID = "report.page.footer.preset"
    /// What the sleep debt is.
    public static let reportPageFooterDebt: MessageID = "report.page.footer.debt"

    /// The bedtime chart's title.
    public static let reportChartBedtimeTitle: MessageID = "report.chart.bedtime.title"
    /// The bedtime chart without a bedtime.
    public static let reportChartBedtimeEmpty: MessageID = "report.chart.bedtime.empty"
    /// No planned bedtime on any of `{nights}`.
    public static let reportChartBedtimePlannedNone: MessageID = "report.chart.bedtime.planned.none"
    /// Planned bedtime on `{count}` of `{nights}`, at `{earliest}`.
    public static let reportChartBedtimePlannedAt: MessageID = "report.chart.bedtime.planned.at"
    /// Planned bedtime on `{count}` of `{nights}`, from `{earliest}` to `{latest}`.
    public static let reportChartBedtimePlannedRange: MessageID = "report.chart.bedtime.planned.range"
    /// No actual bedtime on any of `{nights}`.
    public static let reportChartBedtimeActualNone: MessageID = "report.chart.bedtime.actual.none"
    /// Actual bedtime on `{count}` of `{nights}`, at `{earliest}`.
    public static let reportChartBedtimeActualAt: MessageID = "report.chart.bedtime.actual.at"
    /// Actual bedtime on `{count}` of `{nights}`, from `{earliest}` to `{latest}`.
    public static let reportChartBedtimeActualRange: MessageID = "report.chart.bedtime.actual.range"
    /// On the `{nights}` with both, on time on average.
    public static let reportChartBedtimeOnTime: MessageID = "report.chart.bedtime.onTime"
    /// On the `{nights}` with both, `{minutes}` later than planned on average.
    public static let reportChartBedtimeLater: MessageID = "report.chart.bedtime.later"
    /// On the `{nights}` with both, `{minutes}` earlier than planned on average.
    public static let reportChartBedtimeEarlier: MessageID = "report.chart.bedtime.earlier"
    /// Where each night's times are.
    public static let reportChartBedtimeTable: MessageID = "report.chart.bedtime.table"
    /// The debt chart's title.
    public static let reportChartDebtTitle: MessageID = "report.chart.debt.title"
    /// No night in the period.
    public static let reportChartDebtNoNight: MessageID = "report.chart.debt.noNight"
    /// No sleep debt on any night.
    public static let reportChartDebtNone: MessageID = "report.chart.debt.none"
    /// One night's debt: `{last}` on `{lastNight}`.
    public static let reportChartDebtOne: MessageID = "report.chart.debt.one"
    /// The debt from `{first}` on `{firstNight}` to `{last}` on `{lastNight}`, highest `{peak}` on `{peakNight}`.
    public static let reportChartDebtRange: MessageID = "report.chart.debt.range"
    /// `{nights}` without sleep data of their own, drawn faint.
    public static let reportChartDebtFaint: MessageID = "report.chart.debt.faint"
    /// Where each night's figure is.
    public static let reportChartDebtTable: MessageID = "report.chart.debt.table"
    /// The exit chart's title.
    public static let reportChartExitsTitle: MessageID = "report.chart.exits.title"
    /// The exit chart without an exit.
    public static let reportChartExitsEmpty: MessageID = "report.chart.exits.empty"
    /// No exit over `{nights}`.
    public static let reportChartExitsNone: MessageID = "report.chart.exits.none"
    /// `{count}` exits over `{nights}`: `{confirmed}`, `{cancelled}`.
    public static let reportChartExitsSummary: MessageID = "report.chart.exits.summary"
    /// `{count}` exits over `{nights}`: `{confirmed}`, `{cancelled}`, `{waiting}` neither.
    public static let reportChartExitsSummaryWaiting: MessageID = "report.chart.exits.summary.waiting"
    /// One night's exits: `{night}`, `{confirmed}`, `{cancelled}`.
    public static let reportChartExitsNight: MessageID = "report.chart.exits.night"
    /// A hypnogram's title: `{night}`.
    public static let reportChartHypnogramTitle: MessageID = "report.chart.hypnogram.title"
    /// A hypnogram without a stage.
    public static let reportChartHypnogramEmpty: MessageID = "report.chart.hypnogram.empty"
    /// The stages shown from `{onset}` to `{wake}`.
    public static let reportChartHypnogramShown: MessageID = "report.chart.hypnogram.shown"
    /// The stages shown from `{onset}` to `{wake}`, in `{zone}` time.
    public static let reportChartHypnogramShownZone: MessageID = "report.chart.hypnogram.shown.zone"
    /// A stage's time: `{stage}`, `{length}`.
    public static let reportChartHypnogramStage: MessageID = "report.chart.hypnogram.stage"
    /// The mid-sleep chart's title.
    public static let reportChartMidSleepTitle: MessageID = "report.chart.midSleep.title"
    /// The mid-sleep chart without a night.
    public static let reportChartMidSleepEmpty: MessageID = "report.chart.midSleep.empty"
    /// From `{from}` to `{to}`: `{work}` `{free}`.
    public static let reportChartMidSleepSummary: MessageID = "report.chart.midSleep.summary"
    /// `{count}` work nights, mid-sleep `{clock}` on average.
    public static let reportChartMidSleepWork: MessageID = "report.chart.midSleep.work"
    /// `{count}` work nights, too few for a mean.
    public static let reportChartMidSleepWorkNone: MessageID = "report.chart.midSleep.work.none"
    /// `{count}` free nights, mid-sleep `{clock}` on average.
    public static let reportChartMidSleepFree: MessageID = "report.chart.midSleep.free"
    /// `{count}` free nights, too few for a mean.
    public static let reportChartMidSleepFreeNone: MessageID = "report.chart.midSleep.free.none"
    /// The two means are `{minutes}` apart.
    public static let reportChartMidSleepApart: MessageID = "report.chart.midSleep.apart"
    /// Where each night's mid-sleep is.
    public static let reportChartMidSleepTable: MessageID = "report.chart.midSleep.table"
    /// The ring's title: `{night}`, `{score}`.
    public static let reportChartScoreTitle: MessageID = "report.chart.score.title"
    /// The ring in words: `{score}`, `{band}`, `{night}`.
    public static let reportChartScoreSummary: MessageID = "report.chart.score.summary"
    /// The ring in words with the settings: `{score}`, `{band}`, `{night}`, `{preset}`.
    public static let reportChartScoreSummaryPreset: MessageID = "report.chart.score.summary.preset"
    /// A part's points: `{part}`, `{earned}` of `{weight}`.
    public static let reportChartScorePart: MessageID = "report.chart.score.part"
    /// A part without data.
    public static let reportChartScoreNoData: MessageID = "report.chart.score.noData"

    // MARK: Regularity and habits (docs/rules.md §12)

    /// "Regularity".
    public static let reportHeadingRegularity: MessageID = "report.heading.regularity"
    /// "Habits".
    public static let reportHeadingHabits: MessageID = "report.heading.habits"
    /// The index over its 14 nights: `{sri}`, `{from}`, `{to}`.
    public static let reportRegularityIndex: MessageID = "report.regularity.index"
    /// The index and the one of the two weeks before: `{sri}`, `{from}`, `{to}`, `{previous}`.
    public static let reportRegularityIndexPrevious: MessageID = "report.regularity.index.previous"
    /// No index (fewer than 5 pairs): `{from}`, `{to}`, `{pairs}`.
    public static let reportRegularityNone: MessageID = "report.regularity.none"
    /// The index rose by 5 or more.
    public static let reportRegularityMore: MessageID = "report.regularity.more"
    /// The index changed by less than 5.
    public static let reportRegularityAbout: MessageID = "report.regularity.about"
    /// The index fell by 5 or more.
    public static let reportRegularityLess: MessageID = "report.regularity.less"
    /// What 100 and 0 mean.
    public static let reportRegularityScale: MessageID = "report.regularity.scale"
    /// The habits' nights: `{nights}`, `{from}`, `{to}`.
    public static let reportHabitsIntro: MessageID = "report.habits.intro"
    /// No night with a record in the habits' window: `{from}`, `{to}`.
    public static let reportHabitsNone: MessageID = "report.habits.none"
    /// A group of nights: caffeine in the 6 hours before sleep.
    public static let reportHabitsCaffeineLate: MessageID = "report.habits.caffeine.late"
    /// A group of nights: caffeine only earlier.
    public static let reportHabitsCaffeineEarlier: MessageID = "report.habits.caffeine.earlier"
    /// A group of nights: a workout ending in the 3 hours before sleep.
    public static let reportHabitsWorkoutLate: MessageID = "report.habits.workout.late"
    /// A group of nights: workouts only earlier.
    public static let reportHabitsWorkoutEarlier: MessageID = "report.habits.workout.earlier"
    /// A group of nights: any workout before sleep.
    public static let reportHabitsWorkoutAny: MessageID = "report.habits.workout.any"
    /// A group of nights: no workout before sleep.
    public static let reportHabitsWorkoutNone: MessageID = "report.habits.workout.none"
    /// Two groups' mean latency: `{nights}`, `{group}`, `{change}` (longer, shorter, same),
    /// `{minutes}`, `{otherNights}`, `{otherGroup}`.
    public static let reportHabitsLatency: MessageID = "report.habits.latency"
    /// Two groups' mean asleep time: as ``reportHabitsLatency``.
    public static let reportHabitsAsleep: MessageID = "report.habits.asleep"
    /// Two groups not compared: `{nights}`, `{group}`, `{otherNights}`, `{otherGroup}`.
    public static let reportHabitsTooFew: MessageID = "report.habits.tooFew"
    /// The raster's title.
    public static let reportChartRasterTitle: MessageID = "report.chart.raster.title"
    /// The raster in words: `{nights}`, `{from}`, `{to}`.
    public static let reportChartRasterSummary: MessageID = "report.chart.raster.summary"
    /// Nights without a record, drawn as empty rows: `{count}`.
    public static let reportChartRasterMissing: MessageID = "report.chart.raster.missing"
    /// A row without a record.
    public static let reportChartRasterNoData: MessageID = "report.chart.raster.noData"
    /// The raster's key: asleep time.
    public static let reportPageRegularityAsleep: MessageID = "report.page.regularity.asleep"

    /// The report's ids, in the order of ``all``.
    static let report: [MessageID] = reportWeekdays + reportMonths + [
        reportNightLabel, reportNightDate, reportNightAxis, reportNightRange, reportNightKindWork, reportNightKindFree,
        reportNightNoData, reportNightNoPlanNoData, reportNightSentence, reportNightSentenceStages,
        reportNightSentenceDeep, reportNightSentenceREM,
        reportBandLow, reportBandFair, reportBandGood, reportPresetCustom,
        reportStageAwake, reportStageREM, reportStageCore, reportStageAsleep, reportStageDeep, reportStageAsleepUnstaged,
        reportPartDuration, reportPartDeep, reportPartREM, reportPartBedtime, reportPartInterruptions,
        reportCountNights, reportDurationHoursMinutes, reportDurationHours, reportDurationMinutes, reportDurationShort,
        reportListComma, reportListSemicolon, reportListEnd, reportWarnings,
        reportTextTitle, reportTextPeriod, reportTextSummary, reportTextSummaryAsleep,
        reportHeadingNights, reportHeadingStages, reportHeadingDebt, reportHeadingStreaks, reportHeadingScore,
        reportHeadingExits, reportHeadingInsights, reportTextStagesKey, reportTextStagesNone,
        reportColumnNight, reportColumnPlanned, reportColumnActual, reportColumnLate, reportColumnAsleep, reportColumnDeep,
        reportColumnREM, reportColumnCore, reportColumnAwake, reportColumnInterruptions, reportColumnScore, reportColumnApple,
        reportColumnExits, reportTextNightsKey, reportTextExitsCell,
        reportTextDebtTotals, reportTextDebtWeighted, reportTextDebtNone, reportTextDebtRecovery, reportTextDebtNotRecovering,
        reportTextDebtTrend, reportTextStreaks, reportTextScoreNone, reportTextScoreResult, reportTextScore, reportTextScoreApple,
        reportTextScoreParts, reportTextExitsNone, reportTextExitsSummary, reportTextExitsKey,
        reportTextInsightsNote, reportTextInsightsNone, reportTextInsightsChart, reportTextInsightsMeans, reportTextInsightsMeanMissing,
        reportPageTitle, reportPageHeading, reportPageSubtitle, reportPageStatNightsWithData, reportPageStatNightsWithDataValue,
        reportPageStatAverageAsleep, reportPageStatNoSleepData, reportPageStatOver, reportPageStatDebt, reportPageStatDebtNote,
        reportPageStatStreak, reportPageStatStreakNote, reportPageStatScoreNote, reportPageStatScoreNone,
        reportPageScoreNone, reportPageScoreCaptionApple, reportPageScoreTable, reportPageScoreColumnPart,
        reportPageScoreColumnShare, reportPageScoreColumnPoints, reportPageScorePreset,
        reportPageBedtimeHeading, reportPageBedtimePlanned, reportPageBedtimeActual, reportPageBedtimeDifference,
        reportPageDebtKey, reportPageDebtNoData, reportPageExitsConfirmed, reportPageExitsCancelled,
        reportPageInsightsHeading, reportPageInsightsWork, reportPageInsightsFree, reportPageInsightsTable,
        reportPageInsightsColumnKind, reportPageInsightsColumnOnset, reportPageInsightsColumnWake, reportPageInsightsColumnMidSleep,
        reportPageNightsHeading, reportPageNightScore, reportPageNightMetaStaged, reportPageNightMetaUnstaged,
        reportPageNightMetaManual, reportPageNightsNone, reportPageNightsMissing, reportPageNightsMissingPlanned,
        reportPageFiguresHeading, reportPageFiguresCaption,
        reportPageColumnNight, reportPageColumnPlanned, reportPageColumnActual, reportPageColumnLate, reportPageColumnAsleep,
        reportPageColumnInterruptions, reportPageColumnScore, reportPageColumnApple, reportPageColumnExitsConfirmed,
        reportPageColumnExitsCancelled, reportPageColumnDebt,
        reportPageFooterMade, reportPageFooterPreset, reportPageFooterDebt,
        reportChartBedtimeTitle, reportChartBedtimeEmpty, reportChartBedtimePlannedNone, reportChartBedtimePlannedAt,
        reportChartBedtimePlannedRange, reportChartBedtimeActualNone, reportChartBedtimeActualAt, reportChartBedtimeActualRange,
        reportChartBedtimeOnTime, reportChartBedtimeLater, reportChartBedtimeEarlier, reportChartBedtimeTable,
        reportChartDebtTitle, reportChartDebtNoNight, reportChartDebtNone, reportChartDebtOne, reportChartDebtRange,
        reportChartDebtFaint, reportChartDebtTable,
        reportChartExitsTitle, reportChartExitsEmpty, reportChartExitsNone, reportChartExitsSummary,
        reportChartExitsSummaryWaiting, reportChartExitsNight,
        reportChartHypnogramTitle, reportChartHypnogramEmpty, reportChartHypnogramShown, reportChartHypnogramShownZone,
        reportChartHypnogramStage,
        reportChartMidSleepTitle, reportChartMidSleepEmpty, reportChartMidSleepSummary, reportChartMidSleepWork,
        reportChartMidSleepWorkNone, reportChartMidSleepFree, reportChartMidSleepFreeNone, reportChartMidSleepApart,
        reportChartMidSleepTable,
        reportChartScoreTitle, reportChartScoreSummary, reportChartScoreSummaryPreset, reportChartScorePart, reportChartScoreNoData,
        reportHeadingRegularity, reportHeadingHabits, reportRegularityIndex, reportRegularityIndexPrevious, reportRegularityNone,
        reportRegularityMore, reportRegularityAbout, reportRegularityLess, reportRegularityScale,
        reportHabitsIntro, reportHabitsNone, reportHabitsCaffeineLate, reportHabitsCaffeineEarlier, reportHabitsWorkoutLate,
        reportHabitsWorkoutEarlier, reportHabitsWorkoutAny, reportHabitsWorkoutNone, reportHabitsLatency, reportHabitsAsleep,
        reportHabitsTooFew, reportChartRasterTitle, reportChartRasterSummary, reportChartRasterMissing, reportChartRasterNoData,
        reportPageRegularityAsleep,
    ]

    /// Every id the library uses, in a fixed order: the fixed ones (the report's last), then
    /// each reminder's phrasings (``reminderPhrasings``: variant 0's title and body, then
    /// variant 1's and 2's), then the science claims (``scienceClaims``).
    public static let all: [MessageID] = fixed + reminderPhrasings + scienceClaims.map(\.id)

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
        insightsRegularityMore, insightsRegularityAbout, insightsRegularityLess,
        insightsCaffeineLatencyLonger, insightsCaffeineLatencyShorter, insightsCaffeineLatencySame,
        insightsCaffeineAsleepMore, insightsCaffeineAsleepLess, insightsCaffeineAsleepSame,
        insightsLateWorkoutLatencyLonger, insightsLateWorkoutLatencyShorter, insightsLateWorkoutLatencySame,
        insightsLateWorkoutAsleepMore, insightsLateWorkoutAsleepLess, insightsLateWorkoutAsleepSame,
        insightsWorkoutLatencyLonger, insightsWorkoutLatencyShorter, insightsWorkoutLatencySame,
        insightsWorkoutAsleepMore, insightsWorkoutAsleepLess, insightsWorkoutAsleepSame,
        notificationBlockWarningTitle, notificationBlockWarningBody,
        notificationFreeWindowEndingTitle, notificationFreeWindowEndingBody,
        reportStatusNoEvents, reportStatusNoNights, reportStatusNightNotInLog, reportStatusNightsNotInLog,
        reportStatusLogOnlyNight, reportStatusLogNights, reportStatusWritten,
        togetherLastNightHit, togetherLastNightNone, togetherWeekHeading, togetherWeekMember, togetherWeekMemberNoIndex, togetherYou,
    ] + report + scores
}
