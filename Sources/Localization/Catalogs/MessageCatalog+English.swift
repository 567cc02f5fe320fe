import Projections

extension MessageCatalog {
    /// The library's own table, in English, in ICU MessageFormat. Sentences are whole;
    /// counts go through `plural`; every argument is typed (`number`, `time`, `date`,
    /// `duration`). None of them diagnoses, prescribes or promises a medical outcome (a test
    /// scans them). The reminders' titles and bodies and their science claims are taken
    /// from `ReminderTemplate` and `ScienceLibrary` (the JSON view shows the same English
    /// texts), quoted so that no character of theirs is read as syntax. The report's words are
    /// in `MessageCatalog+EnglishReport.swift`.
    public static let english = MessageCatalog(templates: englishTemplates.merging(englishReminderTemplates) { own, _ in own }
        .merging(englishReportTemplates) { own, _ in own }.merging(englishScoresTemplates) { own, _ in own })

    private static let englishTemplates: [MessageID: String] = [
        .durationHoursMinutes: "{hours, plural, one {# hour} other {# hours}}, {minutes, plural, one {# minute} other {# minutes}}",
        .durationHours: "{hours, plural, one {# hour} other {# hours}}",
        .durationMinutes: "{minutes, plural, one {# minute} other {# minutes}}",

        .summaryScore: "Score {score, number}.",
        .summaryDeep: "Deep sleep {deepMinutes, number} of {deepTargetMinutes, number} min.",
        .summaryDeepUnstaged: "No sleep stages were recorded for this night, so deep sleep is not shown.",
        .summaryCostliestDuration: "Duration cost the most: {points, plural, one {# point} other {# points}}.",
        .summaryCostliestDeep: "Deep sleep cost the most: {points, plural, one {# point} other {# points}}.",
        .summaryCostliestREM: "REM sleep cost the most: {points, plural, one {# point} other {# points}}.",
        .summaryCostliestBedtime: "Bedtime cost the most: {points, plural, one {# point} other {# points}}.",
        .summaryCostliestInterruptions: "Interruptions cost the most: {points, plural, one {# point} other {# points}}.",
        .summaryCostliestNone: "Every part scored close to full marks.",

        .tipStrong: "{claim} Evidence: strong.",
        .tipModerate: "{claim} Evidence: moderate.",
        .tipWeak: "{claim} Evidence: weak.",

        .voiceNoNights: "There is no sleep recorded yet.",
        .voiceLastNight: "Last night you fell asleep at {onset, time, ::jmm} and slept {asleep, duration}, with a score of {score, number}.",
        .voiceLatestNight: "The latest night with sleep recorded is the night of {date, date, ::EEEEMMMMd}: you fell asleep at {onset, time, ::jmm} and slept {asleep, duration}, with a score of {score, number}.",
        .voiceNightsAgo: "On the night of {date, date, ::EEEEMMMMd}, you fell asleep at {onset, time, ::jmm} and slept {asleep, duration}, with a score of {score, number}.",
        .voiceNightsAgoNone: "There is no sleep recorded for the night of {date, date, ::EEEEMMMMd}.",
        .voiceWeeksNone: "There is no sleep recorded in the last three weeks.",
        .voiceWeeks: "Over the last three weeks your average score was {score, number}, and you slept {asleep, duration} a night on average.",
        .voiceWeeksUp: "That is up from an average of {previousScore, number} in the three weeks before, when you slept {previousAsleep, duration} a night.",
        .voiceWeeksDown: "That is down from an average of {previousScore, number} in the three weeks before, when you slept {previousAsleep, duration} a night.",
        .voiceWeeksSame: "Your average score was the same in the three weeks before, when you slept {previousAsleep, duration} a night.",
        .voiceWeeksNoEarlier: "There is no sleep recorded in the three weeks before to compare with.",
        .voiceDebtNoData: "There is no sleep recorded in the last 7 nights, so there is no sleep debt to tell.",
        .voiceDebtNone: "You have no sleep debt over the last 7 nights.",
        .voiceDebtSome: "Your sleep debt over the last 7 nights is {debt, duration}.",
        .voiceDebtRecoveryNights: "At the rate of your latest nights, it would clear in about {nights, plural, one {one night} other {# nights}}.",
        .voiceDebtRecoveryUnknown: "Your latest nights were not longer than your sleep need, so it is not shrinking yet.",

        .exitPromptBreaths: "Take 3 deep breaths. Is this really worth losing sleep over?",
        .exitPromptBoxBreathing: "Box breathing: in 4, hold 4, out 4, hold 4.",
        .exitPromptTomorrow: "Think about how you'll feel tomorrow morning.",
        .exitPromptCount: "{count, plural, one {You've opted out # time tonight.} other {You've opted out # times tonight.}} Your sleep debt is growing.",

        .insightsBodyClock: "On work nights the middle of your sleep falls around {workMidSleep, time, ::jmm}, on free nights around {freeMidSleep, time, ::jmm}: {jetlag, duration} apart.",
        .insightsBodyClockNotEnough: "Two work nights and two free nights with sleep recorded in the last four weeks are needed to describe your body clock.",
        .insightsChronotype: "Allowing for catch-up sleep on free nights, the middle of your sleep falls around {chronotype, time, ::jmm}. This describes your rhythm; it is not a test result.",
        .insightsSuggestedGoal: "You usually wake at {usualWake, time, ::jmm} on work nights. Going to bed at {target, time, ::jmm} would leave room for your sleep need; a goal from {current, time, ::jmm} to {target, time, ::jmm} over {days, plural, one {# night} other {# nights}} would get you there. Nothing changes unless you set it.",
        .insightsBedtimeAlready: "You usually fall asleep around {usualBedtime, time, ::jmm} and wake at {usualWake, time, ::jmm} on work nights, which already leaves room for your sleep need.",
        .insightsBedtimeNotEnough: "Five work nights with sleep recorded in the last four weeks are needed to suggest a bedtime.",
        .insightsRetireSuggested: "You did “{item}” before its reminder on {doneBefore, number} of the last {habitNights, plural, one {# night} other {# nights}}. You could retire that reminder; the item stays on your checklist.",
        .insightsRoutine: "On nights you followed your routine you slept {followedAsleep, duration} on average; on the other nights, {otherAsleep, duration}.",
        .insightsRoutineScore: "Your average score was {followedScore, number} on nights you followed it and {otherScore, number} on the others.",
        .insightsLongShortStretch: "You slept under 6 hours on each of your last {shortNights, plural, one {# night} other {# nights}} with sleep recorded. If this goes on, consider talking to a doctor.",
        .insightsRegularityMore: "Over the last two weeks your sleep was more regular than in the two weeks before.",
        .insightsRegularityAbout: "Over the last two weeks your sleep was about as regular as in the two weeks before.",
        .insightsRegularityLess: "Over the last two weeks your sleep was less regular than in the two weeks before.",
        .togetherLastNightHit: "{name} hit their bedtime target last night.",
        .togetherLastNightNone: "No one shared hitting their bedtime target last night.",
        .togetherWeekHeading: "Week {week}, ranked by how regular each person's sleep was:",
        .togetherWeekMember: "{rank, number, integer}. {name}: regularity {index, number}, on target {onTarget, plural, one {# night} other {# nights}} of {planned, plural, one {# planned} other {# planned}}",
        .togetherWeekMemberNoIndex: "{rank, number, integer}. {name}: too few nights for a regularity index, on target {onTarget, plural, one {# night} other {# nights}} of {planned, plural, one {# planned} other {# planned}}",
        .togetherYou: "You",
        .insightsCaffeineLatencyLonger: "On the {groupNights, plural, one {# night} other {# nights}} with caffeine in the 6 hours before sleep you took {difference, duration} longer to fall asleep than on the {otherNights, plural, one {# night} other {# nights}} with caffeine only earlier.",
        .insightsCaffeineLatencyShorter: "On the {groupNights, plural, one {# night} other {# nights}} with caffeine in the 6 hours before sleep you took {difference, duration} less to fall asleep than on the {otherNights, plural, one {# night} other {# nights}} with caffeine only earlier.",
        .insightsCaffeineLatencySame: "On the {groupNights, plural, one {# night} other {# nights}} with caffeine in the 6 hours before sleep you took about the same time to fall asleep as on the {otherNights, plural, one {# night} other {# nights}} with caffeine only earlier.",
        .insightsCaffeineAsleepMore: "On the {groupNights, plural, one {# night} other {# nights}} with caffeine in the 6 hours before sleep you slept {difference, duration} more than on the {otherNights, plural, one {# night} other {# nights}} with caffeine only earlier.",
        .insightsCaffeineAsleepLess: "On the {groupNights, plural, one {# night} other {# nights}} with caffeine in the 6 hours before sleep you slept {difference, duration} less than on the {otherNights, plural, one {# night} other {# nights}} with caffeine only earlier.",
        .insightsCaffeineAsleepSame: "On the {groupNights, plural, one {# night} other {# nights}} with caffeine in the 6 hours before sleep you slept about the same amount as on the {otherNights, plural, one {# night} other {# nights}} with caffeine only earlier.",
        .insightsLateWorkoutLatencyLonger: "On the {groupNights, plural, one {# night} other {# nights}} with a workout ending in the 3 hours before sleep you took {difference, duration} longer to fall asleep than on the {otherNights, plural, one {# night} other {# nights}} with workouts only earlier in the day.",
        .insightsLateWorkoutLatencyShorter: "On the {groupNights, plural, one {# night} other {# nights}} with a workout ending in the 3 hours before sleep you took {difference, duration} less to fall asleep than on the {otherNights, plural, one {# night} other {# nights}} with workouts only earlier in the day.",
        .insightsLateWorkoutLatencySame: "On the {groupNights, plural, one {# night} other {# nights}} with a workout ending in the 3 hours before sleep you took about the same time to fall asleep as on the {otherNights, plural, one {# night} other {# nights}} with workouts only earlier in the day.",
        .insightsLateWorkoutAsleepMore: "On the {groupNights, plural, one {# night} other {# nights}} with a workout ending in the 3 hours before sleep you slept {difference, duration} more than on the {otherNights, plural, one {# night} other {# nights}} with workouts only earlier in the day.",
        .insightsLateWorkoutAsleepLess: "On the {groupNights, plural, one {# night} other {# nights}} with a workout ending in the 3 hours before sleep you slept {difference, duration} less than on the {otherNights, plural, one {# night} other {# nights}} with workouts only earlier in the day.",
        .insightsLateWorkoutAsleepSame: "On the {groupNights, plural, one {# night} other {# nights}} with a workout ending in the 3 hours before sleep you slept about the same amount as on the {otherNights, plural, one {# night} other {# nights}} with workouts only earlier in the day.",
        .insightsWorkoutLatencyLonger: "On the {groupNights, plural, one {# night} other {# nights}} with a workout before sleep you took {difference, duration} longer to fall asleep than on the {otherNights, plural, one {# night} other {# nights}} without one.",
        .insightsWorkoutLatencyShorter: "On the {groupNights, plural, one {# night} other {# nights}} with a workout before sleep you took {difference, duration} less to fall asleep than on the {otherNights, plural, one {# night} other {# nights}} without one.",
        .insightsWorkoutLatencySame: "On the {groupNights, plural, one {# night} other {# nights}} with a workout before sleep you took about the same time to fall asleep as on the {otherNights, plural, one {# night} other {# nights}} without one.",
        .insightsWorkoutAsleepMore: "On the {groupNights, plural, one {# night} other {# nights}} with a workout before sleep you slept {difference, duration} more than on the {otherNights, plural, one {# night} other {# nights}} without one.",
        .insightsWorkoutAsleepLess: "On the {groupNights, plural, one {# night} other {# nights}} with a workout before sleep you slept {difference, duration} less than on the {otherNights, plural, one {# night} other {# nights}} without one.",
        .insightsWorkoutAsleepSame: "On the {groupNights, plural, one {# night} other {# nights}} with a workout before sleep you slept about the same amount as on the {otherNights, plural, one {# night} other {# nights}} without one.",

        .notificationBlockWarningTitle: "Apps lock soon",
        .notificationBlockWarningBody: "{tier, select, blockFirst {The apps you block first} other {The apps you block before bed}} lock in {minutes, plural, one {# minute} other {# minutes}}.",
        .notificationFreeWindowEndingTitle: "Your free time ends soon",
        .notificationFreeWindowEndingBody: "Your free window is about to end; wind-down carries on after it.",

        .reportStatusNoEvents: "The log has no events: nothing to report{page, select, skipped { (no HTML page written)} other {}}.",
        .reportStatusNoNights: "The log has no night with a plan or sleep data: nothing to report{page, select, skipped { (no HTML page written)} other {}}.",
        .reportStatusNightNotInLog: "The night {night} is not in the log ({known}): nothing to report{page, select, skipped { (no HTML page written)} other {}}.",
        .reportStatusNightsNotInLog: "The nights {from} to {to} are not in the log ({known}): nothing to report{page, select, skipped { (no HTML page written)} other {}}.",
        .reportStatusLogOnlyNight: "the log's only night is {night}",
        .reportStatusLogNights: "the log's nights run from {first} to {last}",
        .reportStatusWritten: "HTML report written to {path}",
    ]

    /// Each reminder's title and body, variant 0 as `ReminderTemplate` words them and
    /// variants 1 and 2 as ``englishReminderPhrasings`` does, and every science claim
    /// (`MessageID.scienceClaims`) as `ScienceLibrary` words it.
    private static let englishReminderTemplates: [MessageID: String] = {
        var templates: [MessageID: String] = [:]
        for reminder in ReminderTemplate.all {
            templates[.reminderTitle(reminder.id)] = MessagePattern.quoting(reminder.title)
            templates[.reminderBody(reminder.id)] = MessagePattern.quoting(reminder.body)
            for (index, phrasing) in (englishReminderPhrasings[reminder.id] ?? []).enumerated() {
                templates[.reminderTitle(reminder, variant: index + 1)] = MessagePattern.quoting(phrasing.title)
                templates[.reminderBody(reminder, variant: index + 1)] = MessagePattern.quoting(phrasing.body)
            }
        }
        for claim in MessageID.scienceClaims {
            templates[claim.id] = MessagePattern.quoting(claim.reference.claim)
        }
        return templates
    }()

    /// Variants 1 and 2 of each reminder's title and body (docs/rules.md §14), by template id, as
    /// plain text (quoted into templates below); variant 0 is `ReminderTemplate`'s own.
    /// The same science in other words: the reference and its grade belong to the template.
    private static let englishReminderPhrasings: [String: [(title: String, body: String)]] = [
        "last_meal": [
            ("One hour left for your last meal",
             "Plan your last meal for the coming hour. One large survey found that people who ate within 3 hours of bedtime woke more often in the night."),
            ("Your last meal, within the hour",
             "Eat now or within the hour, and leave 3 clear hours before bed. A large survey linked eating closer to bedtime with more waking in the night."),
        ],
        "stop_eating": [
            ("Kitchen closed for tonight",
             "It is three hours to bedtime, a good point to stop eating for the day. Eating late goes with waking more often in the night."),
            ("That's it for food today",
             "From now until bed, give your stomach a rest. Eating in the 3 hours before sleep is linked to more night waking."),
        ],
        "last_water": [
            ("Time for your last big drink",
             "Drink what you need now, and keep to small sips after this. Drinking less late in the evening can mean fewer bathroom trips in the night."),
            ("Fill up now, then ease off",
             "A last glass of water now, then only sips until bed. Cutting back on fluids late in the day can mean getting up less often at night."),
        ],
        "warm_lighting": [
            ("Warm, dim light from here on",
             "Turn off the bright, cool lights and switch on warm lamps. Blue light holds back melatonin, the hormone that tells your body it is night; dim red light hardly touches it."),
            ("Time to soften the lights",
             "Swap bright white light for a dim, warm glow. Melatonin, your body's signal for night, is held back most by blue light and barely by dim red light."),
        ],
        "wind_down": [
            ("Time to start winding down",
             "Bedtime is ninety minutes away. Ease off the pace and set the bright screens aside."),
            ("Your wind-down begins now",
             "An hour and a half until bed. Let the evening grow slower and quieter, and leave the bright screens for tomorrow."),
        ],
        "screens_off": [
            ("Time to put the phone away",
             "Put your phone down until morning. In a lab study, people who read on a screen before bed fell asleep later, and their melatonin came later too."),
            ("Lights out for your screens",
             "Switch off the screens for tonight. A lab study found that reading on a screen at bedtime delayed both sleep and melatonin."),
        ],
        "read": [
            ("Settle in with a book",
             "Reach for something printed tonight. A paper book does not hold back your sleep the way reading on a screen does."),
            ("A few pages on paper",
             "Read a printed book or magazine for a while. Unlike a screen, paper does not push your sleep later."),
        ],
        "cool_room": [
            ("Let the bedroom cool off",
             "Turn the heating down or let some fresh air in. A warm room disturbs sleep; around 18 °C (65 °F) is comfortable for most people."),
            ("Time to cool the bedroom",
             "A cool bedroom, about 18 °C (65 °F), suits most people. Heat disturbs sleep, so open a window or lower the heating."),
        ],
        "almost_bedtime": [
            ("Fifteen minutes to bedtime",
             "Brush your teeth, set the alarm and dim the lights. Bed is next."),
            ("Nearly time for bed",
             "A quarter of an hour left. Finish the last small things: teeth, alarm, low lights."),
        ],
        "bedtime": [
            ("Bedtime, right on time",
             "Time to turn in. A regular bedtime, night after night, helps keep your body clock steady."),
            ("Time for bed. Sleep well.",
             "Head to bed and switch off the light. Keeping the same bedtime every night helps your body clock stay on time."),
        ],
        "sunlight": [
            ("Morning light within 30 minutes",
             "Step outside in the first half hour after you wake. Bright light in the morning shifts your body clock earlier and makes an earlier bedtime easier to keep."),
            ("Start the day in daylight",
             "Within 30 minutes of waking, get some bright daylight, outdoors if you can. Morning light sets your body clock earlier, which helps an earlier bedtime stick."),
        ],
    ]
}
