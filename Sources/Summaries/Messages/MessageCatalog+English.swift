extension MessageCatalog {
    /// The library's own table, in English. Sentences are whole; placeholders are filled by
    /// ``MessageRenderer`` with locale-aware formatting. Counts that would need a plural word
    /// have their own message where the count can be 1 (`voice.debt.recovery.oneNight`), or a
    /// wording that needs none (`summary.costliest.none` covers 0 and 1 point). None of them
    /// diagnoses, prescribes or promises a medical outcome (a test scans them).
    public static let english = MessageCatalog(templates: [
        .summaryScore: "Score {score}.",
        .summaryDeep: "Deep sleep {deepMinutes} of {deepTargetMinutes} min.",
        .summaryDeepUnstaged: "No sleep stages were recorded for this night, so deep sleep is not shown.",
        .summaryCostliestDuration: "Duration cost the most: {points} points.",
        .summaryCostliestDeep: "Deep sleep cost the most: {points} points.",
        .summaryCostliestREM: "REM sleep cost the most: {points} points.",
        .summaryCostliestBedtime: "Bedtime cost the most: {points} points.",
        .summaryCostliestInterruptions: "Interruptions cost the most: {points} points.",
        .summaryCostliestNone: "Every part scored close to full marks.",

        .tipStrong: "{claim} Evidence: strong.",
        .tipModerate: "{claim} Evidence: moderate.",
        .tipWeak: "{claim} Evidence: weak.",

        .voiceNoNights: "There is no sleep recorded yet.",
        .voiceLastNight: "Last night you fell asleep at {onset} and slept {asleep}, with a score of {score}.",
        .voiceLatestNight: "The latest night with sleep recorded is the night of {date}: you fell asleep at {onset} and slept {asleep}, with a score of {score}.",
        .voiceNightsAgo: "On the night of {date}, you fell asleep at {onset} and slept {asleep}, with a score of {score}.",
        .voiceNightsAgoNone: "There is no sleep recorded for the night of {date}.",
        .voiceWeeksNone: "There is no sleep recorded in the last three weeks.",
        .voiceWeeks: "Over the last three weeks your average score was {score}, and you slept {asleep} a night on average.",
        .voiceWeeksUp: "That is up from an average of {previousScore} in the three weeks before, when you slept {previousAsleep} a night.",
        .voiceWeeksDown: "That is down from an average of {previousScore} in the three weeks before, when you slept {previousAsleep} a night.",
        .voiceWeeksSame: "Your average score was the same in the three weeks before, when you slept {previousAsleep} a night.",
        .voiceWeeksNoEarlier: "There is no sleep recorded in the three weeks before to compare with.",
        .voiceDebtNoData: "There is no sleep recorded in the last 7 nights, so there is no sleep debt to tell.",
        .voiceDebtNone: "You have no sleep debt over the last 7 nights.",
        .voiceDebtSome: "Your sleep debt over the last 7 nights is {debt}.",
        .voiceDebtRecoveryOneNight: "At the rate of your latest nights, it would clear in about one night.",
        .voiceDebtRecoveryNights: "At the rate of your latest nights, it would clear in about {nights} nights.",
        .voiceDebtRecoveryUnknown: "Your latest nights were not longer than your sleep need, so it is not shrinking yet.",

        .exitPromptBreaths: "Take 3 deep breaths. Is this really worth losing sleep over?",
        .exitPromptBoxBreathing: "Box breathing: in 4, hold 4, out 4, hold 4.",
        .exitPromptTomorrow: "Think about how you'll feel tomorrow morning.",
        .exitPromptCount: "You've opted out {count} times tonight. Your sleep debt is growing.",

        .insightsBodyClock: "On work nights the middle of your sleep falls around {workMidSleep}, on free nights around {freeMidSleep}: {jetlag} apart.",
        .insightsBodyClockNotEnough: "Two work nights and two free nights with sleep recorded in the last four weeks are needed to describe your body clock.",
        .insightsChronotype: "Allowing for catch-up sleep on free nights, the middle of your sleep falls around {chronotype}. This describes your rhythm; it is not a test result.",
        .insightsSuggestedGoal: "You usually wake at {usualWake} on work nights. Going to bed at {target} would leave room for your sleep need; a goal from {current} to {target} over {days} nights would get you there. Nothing changes unless you set it.",
        .insightsBedtimeAlready: "You usually fall asleep around {usualBedtime} and wake at {usualWake} on work nights, which already leaves room for your sleep need.",
        .insightsBedtimeNotEnough: "Five work nights with sleep recorded in the last four weeks are needed to suggest a bedtime.",
        .insightsRetireSuggested: "You did “{item}” before its reminder on {doneBefore} of the last {habitNights} nights. You could retire that reminder; the item stays on your checklist.",
        .insightsRoutine: "On nights you followed your routine you slept {followedAsleep} on average; on the other nights, {otherAsleep}.",
        .insightsRoutineScore: "Your average score was {followedScore} on nights you followed it and {otherScore} on the others.",
        .insightsLongShortStretch: "You slept under 6 hours on each of your last {shortNights} nights with sleep recorded. If this goes on, consider talking to a doctor.",
    ])
}
