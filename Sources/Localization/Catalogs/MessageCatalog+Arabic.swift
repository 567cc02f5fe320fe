extension MessageCatalog {
    /// The library's table in Arabic (`ar`), in ICU MessageFormat, with Arabic's six plural
    /// forms wherever a count appears: every message of ``english`` (a test reports the
    /// coverage and that every template has the same arguments). The report's words are in
    /// `MessageCatalog+ArabicReport.swift`.
    public static let arabic = MessageCatalog(templates: arabicTemplates.merging(arabicReportTemplates) { own, _ in own }
        .merging(arabicScoresTemplates) { own, _ in own })

    private static let arabicTemplates: [MessageID: String] = [
        .durationHoursMinutes: "{hours, plural, zero {# ساعة} one {ساعة واحدة} two {ساعتان} few {# ساعات} many {# ساعة} other {# ساعة}} و{minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}",
        .durationHours: "{hours, plural, zero {# ساعة} one {ساعة واحدة} two {ساعتان} few {# ساعات} many {# ساعة} other {# ساعة}}",
        .durationMinutes: "{minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}",

        .summaryScore: "الدرجة: {score, number}.",
        .summaryDeep: "النوم العميق: {deepMinutes, number} من {deepTargetMinutes, number} دقيقة.",
        .summaryDeepUnstaged: "لم تُسجَّل مراحل النوم في هذه الليلة، لذا لا يُعرض النوم العميق.",
        .summaryCostliestDuration: "أكثر ما خفّض الدرجة هو مدة النوم: {points, plural, zero {# نقطة} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}.",
        .summaryCostliestDeep: "أكثر ما خفّض الدرجة هو النوم العميق: {points, plural, zero {# نقطة} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}.",
        .summaryCostliestREM: "أكثر ما خفّض الدرجة هو نوم حركة العين السريعة: {points, plural, zero {# نقطة} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}.",
        .summaryCostliestBedtime: "أكثر ما خفّض الدرجة هو موعد النوم: {points, plural, zero {# نقطة} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}.",
        .summaryCostliestInterruptions: "أكثر ما خفّض الدرجة هو تقطّع النوم: {points, plural, zero {# نقطة} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}.",
        .summaryCostliestNone: "اقترب كل جزء من الدرجة الكاملة.",

        .tipStrong: "{claim} قوة الأدلة: قوية.",
        .tipModerate: "{claim} قوة الأدلة: متوسطة.",
        .tipWeak: "{claim} قوة الأدلة: ضعيفة.",

        .voiceNoNights: "لم يُسجَّل أي نوم بعد.",
        .voiceLastNight: "الليلة الماضية غفوت في الساعة {onset, time, ::jmm}، ومدة نومك {asleep, duration}، ودرجتك {score, number}.",
        .voiceLatestNight: "آخر ليلة سُجِّل فيها نوم هي ليلة {date, date, ::EEEEMMMMd}: غفوت في الساعة {onset, time, ::jmm}، ومدة نومك {asleep, duration}، ودرجتك {score, number}.",
        .voiceNightsAgo: "في ليلة {date, date, ::EEEEMMMMd}، غفوت في الساعة {onset, time, ::jmm}، ومدة نومك {asleep, duration}، ودرجتك {score, number}.",
        .voiceNightsAgoNone: "لم يُسجَّل أي نوم في ليلة {date, date, ::EEEEMMMMd}.",
        .voiceWeeksNone: "لم يُسجَّل أي نوم في الأسابيع الثلاثة الأخيرة.",
        .voiceWeeks: "في الأسابيع الثلاثة الأخيرة كان متوسط درجتك {score, number}، ومتوسط نومك في الليلة {asleep, duration}.",
        .voiceWeeksUp: "وهذا ارتفاع عن متوسط {previousScore, number} في الأسابيع الثلاثة التي سبقتها، ومتوسط نومك فيها {previousAsleep, duration} في الليلة.",
        .voiceWeeksDown: "وهذا انخفاض عن متوسط {previousScore, number} في الأسابيع الثلاثة التي سبقتها، ومتوسط نومك فيها {previousAsleep, duration} في الليلة.",
        .voiceWeeksSame: "وكان متوسط درجتك هو نفسه في الأسابيع الثلاثة التي سبقتها، ومتوسط نومك فيها {previousAsleep, duration} في الليلة.",
        .voiceWeeksNoEarlier: "لا يوجد نوم مسجَّل في الأسابيع الثلاثة التي سبقتها للمقارنة به.",
        .voiceDebtNoData: "لم يُسجَّل أي نوم في الليالي السبع الأخيرة، لذا لا يوجد دَين نوم يمكن ذكره.",
        .voiceDebtNone: "ليس عليك دَين نوم في الليالي السبع الأخيرة.",
        .voiceDebtSome: "دَين نومك في الليالي السبع الأخيرة هو {debt, duration}.",
        .voiceDebtRecoveryNights: "بوتيرة لياليك الأخيرة، سيُسدَّد خلال {nights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} تقريبًا.",
        .voiceDebtRecoveryUnknown: "لم تكن لياليك الأخيرة أطول من حاجتك إلى النوم، لذا لم يبدأ بالتناقص بعد.",

        .exitPromptBreaths: "خذ ثلاثة أنفاس عميقة. هل يستحق هذا فعلًا أن تخسر نومك من أجله؟",
        .exitPromptBoxBreathing: "التنفس المربّع: شهيق ٤، حبس ٤، زفير ٤، حبس ٤.",
        .exitPromptTomorrow: "فكّر في شعورك صباح الغد.",
        .exitPromptCount: "{count, plural, zero {خرجت من وقت الاسترخاء الليلة # مرة.} one {خرجت من وقت الاسترخاء الليلة مرة واحدة.} two {خرجت من وقت الاسترخاء الليلة مرتين.} few {خرجت من وقت الاسترخاء الليلة # مرات.} many {خرجت من وقت الاسترخاء الليلة # مرة.} other {خرجت من وقت الاسترخاء الليلة # مرة.}} دَين نومك يتزايد.",

        .insightsBodyClock: "في ليالي العمل يقع منتصف نومك نحو الساعة {workMidSleep, time, ::jmm}، وفي ليالي العطلة نحو الساعة {freeMidSleep, time, ::jmm}: والفرق بينهما {jetlag, duration}.",
        .insightsBodyClockNotEnough: "لوصف ساعتك البيولوجية يلزم نوم مسجَّل في ليلتَي عمل وليلتَي عطلة خلال الأسابيع الأربعة الأخيرة.",
        .insightsChronotype: "بعد احتساب نوم التعويض في ليالي العطلة، يقع منتصف نومك نحو الساعة {chronotype, time, ::jmm}. هذا وصف لإيقاعك، وليس نتيجة اختبار.",
        .insightsSuggestedGoal: "تستيقظ عادةً في الساعة {usualWake, time, ::jmm} في أيام العمل. الذهاب إلى الفراش في الساعة {target, time, ::jmm} سيترك متسعًا لحاجتك من النوم، ويمكنك بلوغ ذلك بهدف يتدرّج من الساعة {current, time, ::jmm} إلى الساعة {target, time, ::jmm} على مدى {days, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}}. لن يتغير شيء ما لم تضبط هذا الهدف بنفسك.",
        .insightsBedtimeAlready: "في ليالي العمل تغفو عادةً نحو الساعة {usualBedtime, time, ::jmm} وتستيقظ في الساعة {usualWake, time, ::jmm}، وهذا يترك بالفعل متسعًا لحاجتك من النوم.",
        .insightsBedtimeNotEnough: "لاقتراح موعد للنوم يلزم نوم مسجَّل في خمس ليالي عمل خلال الأسابيع الأربعة الأخيرة.",
        .insightsRetireSuggested: "أنجزت «{item}» قبل موعد تذكيره في {doneBefore, number} من آخر {habitNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}}. يمكنك الاستغناء عن هذا التذكير، وسيبقى البند في قائمتك.",
        .insightsRoutine: "متوسط نومك في الليالي التي اتبعت فيها روتينك {followedAsleep, duration}، وفي الليالي الأخرى {otherAsleep, duration}.",
        .insightsRoutineScore: "كان متوسط درجتك {followedScore, number} في الليالي التي اتبعته فيها، و{otherScore, number} في الليالي الأخرى.",
        .insightsLongShortStretch: "نمت أقل من ست ساعات في كل ليلة من آخر {shortNights, plural, zero {# ليلة سُجِّل فيها نوم} one {ليلة واحدة سُجِّل فيها نوم} two {ليلتين سُجِّل فيهما نوم} few {# ليالٍ سُجِّل فيها نوم} many {# ليلة سُجِّل فيها نوم} other {# ليلة سُجِّل فيها نوم}}. إذا استمر ذلك، ففكّر في التحدث إلى طبيب.",
        .insightsRegularityMore: "خلال الأسبوعين الأخيرين كان نومك أكثر انتظامًا مما كان عليه في الأسبوعين السابقين.",
        .insightsRegularityAbout: "خلال الأسبوعين الأخيرين كان نومك منتظمًا بالقدر نفسه تقريبًا كما في الأسبوعين السابقين.",
        .insightsRegularityLess: "خلال الأسبوعين الأخيرين كان نومك أقل انتظامًا مما كان عليه في الأسبوعين السابقين.",
        .insightsCaffeineLatencyLonger: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين خلال الساعات الست السابقة للنوم، استغرقت وقتًا أطول لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين في وقت أبكر فقط، والفرق {difference, duration}.",
        .insightsCaffeineLatencyShorter: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين خلال الساعات الست السابقة للنوم، استغرقت وقتًا أقصر لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين في وقت أبكر فقط، والفرق {difference, duration}.",
        .insightsCaffeineLatencySame: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين خلال الساعات الست السابقة للنوم، استغرقت الوقت نفسه تقريبًا لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين في وقت أبكر فقط.",
        .insightsCaffeineAsleepMore: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين خلال الساعات الست السابقة للنوم، نمت مدة أطول مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين في وقت أبكر فقط، والفرق {difference, duration}.",
        .insightsCaffeineAsleepLess: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين خلال الساعات الست السابقة للنوم، نمت مدة أقصر مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين في وقت أبكر فقط، والفرق {difference, duration}.",
        .insightsCaffeineAsleepSame: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين خلال الساعات الست السابقة للنوم، نمت المدة نفسها تقريبًا مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تناول الكافيين في وقت أبكر فقط.",
        .insightsLateWorkoutLatencyLonger: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين انتهى خلال الساعات الثلاث السابقة للنوم، استغرقت وقتًا أطول لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمارين في وقت أبكر من اليوم فقط، والفرق {difference, duration}.",
        .insightsLateWorkoutLatencyShorter: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين انتهى خلال الساعات الثلاث السابقة للنوم، استغرقت وقتًا أقصر لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمارين في وقت أبكر من اليوم فقط، والفرق {difference, duration}.",
        .insightsLateWorkoutLatencySame: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين انتهى خلال الساعات الثلاث السابقة للنوم، استغرقت الوقت نفسه تقريبًا لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمارين في وقت أبكر من اليوم فقط.",
        .insightsLateWorkoutAsleepMore: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين انتهى خلال الساعات الثلاث السابقة للنوم، نمت مدة أطول مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمارين في وقت أبكر من اليوم فقط، والفرق {difference, duration}.",
        .insightsLateWorkoutAsleepLess: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين انتهى خلال الساعات الثلاث السابقة للنوم، نمت مدة أقصر مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمارين في وقت أبكر من اليوم فقط، والفرق {difference, duration}.",
        .insightsLateWorkoutAsleepSame: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين انتهى خلال الساعات الثلاث السابقة للنوم، نمت المدة نفسها تقريبًا مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمارين في وقت أبكر من اليوم فقط.",
        .insightsWorkoutLatencyLonger: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين قبل النوم، استغرقت وقتًا أطول لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} بلا تمرين، والفرق {difference, duration}.",
        .insightsWorkoutLatencyShorter: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين قبل النوم، استغرقت وقتًا أقصر لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} بلا تمرين، والفرق {difference, duration}.",
        .insightsWorkoutLatencySame: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين قبل النوم، استغرقت الوقت نفسه تقريبًا لتغفو مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} بلا تمرين.",
        .insightsWorkoutAsleepMore: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين قبل النوم، نمت مدة أطول مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} بلا تمرين، والفرق {difference, duration}.",
        .insightsWorkoutAsleepLess: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين قبل النوم، نمت مدة أقصر مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} بلا تمرين، والفرق {difference, duration}.",
        .insightsWorkoutAsleepSame: "في {groupNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} مع تمرين قبل النوم، نمت المدة نفسها تقريبًا مقارنةً بـ{otherNights, plural, zero {# ليلة} one {ليلة واحدة} two {ليلتين} few {# ليالٍ} many {# ليلة} other {# ليلة}} بلا تمرين.",

        .notificationBlockWarningTitle: "ستُقفَل التطبيقات قريبًا",
        .notificationBlockWarningBody: "{tier, select, blockFirst {التطبيقات التي تحجبها أولًا} other {التطبيقات التي تحجبها قبل النوم}} ستُقفَل خلال {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.",
        .notificationFreeWindowEndingTitle: "وقتك الحر ينتهي قريبًا",
        .notificationFreeWindowEndingBody: "نافذتك الحرة على وشك الانتهاء، وبعدها يستمر وقت الاسترخاء.",

        .reportStatusNoEvents: "لا يحتوي السجل على أي أحداث: لا شيء للإبلاغ عنه{page, select, skipped { (لم تُكتب صفحة HTML)} other {}}.",
        .reportStatusNoNights: "لا يحتوي السجل على أي ليلة فيها خطة أو بيانات نوم: لا شيء للإبلاغ عنه{page, select, skipped { (لم تُكتب صفحة HTML)} other {}}.",
        .reportStatusNightNotInLog: "الليلة {night} ليست في السجل ({known}): لا شيء للإبلاغ عنه{page, select, skipped { (لم تُكتب صفحة HTML)} other {}}.",
        .reportStatusNightsNotInLog: "الليالي من {from} إلى {to} ليست في السجل ({known}): لا شيء للإبلاغ عنه{page, select, skipped { (لم تُكتب صفحة HTML)} other {}}.",
        .reportStatusLogOnlyNight: "ليلة السجل الوحيدة هي {night}",
        .reportStatusLogNights: "ليالي السجل تمتد من {first} إلى {last}",
        .reportStatusWritten: "كُتب تقرير HTML في {path}",

        "science.last_meal.2.claim": "تُزيح الوجبات المتأخرة إيقاعات الأيض في الجسم، لا ساعته البيولوجية الرئيسية.",
        "science.warm_lighting.2.claim": "للضوء الأحمر الخافت تأثير ضئيل على الميلاتونين.",
        "science.score.1.claim": "المعدلات المعتادة لمراحل النوم لدى البالغين: النوم العميق (N3) نحو ١٣–٢٣٪ من النوم لدى الشباب، ويقل مع التقدم في العمر؛ ونوم حركة العين السريعة نحو ٢٠–٢٥٪؛ والنوم الخفيف («الأساسي» لدى آبل، N1+N2) نحو ٥٠–٦٠٪.",
        "science.score.2.claim": "الحاجة إلى النوم: من ٧ إلى ٩ ساعات للبالغين.",
        "science.score.3.claim": "ترجيح دَين النوم في منتج مماثل: تحمل الليلة الأخيرة ١٥٪ من دَين أربع عشرة ليلة، وتحمل الليالي الثلاث عشرة التي قبلها الـ٨٥٪ الباقية، ويتناقص الوزن مع القِدم (بنسبة هندسية نحو ٠٫٨٧).",

        "reminder.last_meal.title": "وقت الوجبة الأخيرة يوشك أن ينتهي",
        "reminder.last_meal.body": "تناول آخر وجبة لك خلال الساعة القادمة. في استطلاع واسع، اقترن الأكل خلال الساعات الثلاث السابقة للنوم بكثرة الاستيقاظ ليلًا.",
        "science.last_meal.claim": "يرتبط الأكل خلال الساعات الثلاث السابقة للنوم بكثرة الاستيقاظ ليلًا.",

        "reminder.stop_eating.title": "توقّف عن الأكل الآن",
        "reminder.stop_eating.body": "بقيت ثلاث ساعات على موعد النوم: المطبخ مغلق الليلة. يرتبط الأكل في وقت متأخر بكثرة الاستيقاظ ليلًا.",
        "science.stop_eating.claim": "يرتبط الأكل خلال الساعات الثلاث السابقة للنوم بكثرة الاستيقاظ ليلًا.",

        "reminder.last_water.title": "آخر شربة ماء الليلة",
        "reminder.last_water.body": "اشرب آخر كوب كبير الآن. قد يعني تقليل السوائل في آخر المساء مرات أقل إلى الحمّام ليلًا.",
        "science.last_water.claim": "قد يعني تقليل السوائل في آخر النهار مرات أقل إلى الحمّام ليلًا، وقد ظهر ذلك في الغالب لدى من يكثر تبولهم ليلًا.",

        "reminder.warm_lighting.title": "حان وقت الإضاءة الدافئة",
        "reminder.warm_lighting.body": "خفّف الأضواء واختر ألوانًا دافئة. الضوء الأزرق يكبح الميلاتونين، إشارة الليل في جسمك؛ أما الضوء الأحمر الخافت فبالكاد يفعل ذلك.",
        "science.warm_lighting.claim": "يكبح الضوء الأزرق الميلاتونين بنحو ضعف ما يكبحه الضوء الأخضر ذو كثافة الفوتونات نفسها.",

        "reminder.wind_down.title": "بدأ وقت الاسترخاء",
        "reminder.wind_down.body": "بقيت تسعون دقيقة على موعد النوم. ابدأ بالتمهّل وأبعِد الشاشات الساطعة.",
        "science.wind_down.claim": "القراءة على شاشة باعثة للضوء قبل النوم تؤخّر النوم وإيقاع الميلاتونين.",

        "reminder.screens_off.title": "أطفئ الشاشات",
        "reminder.screens_off.body": "ضع هاتفك جانبًا لبقية الليلة. في دراسة مخبرية، أخّرت القراءة على شاشة قبل النوم موعد النوم وإفراز الميلاتونين.",
        "science.screens_off.claim": "القراءة على شاشة باعثة للضوء قبل النوم تؤخّر النوم وإيقاع الميلاتونين.",

        "reminder.read.title": "وقت القراءة",
        "reminder.read.body": "أمسك كتابًا مطبوعًا. القراءة على الورق بدلًا من الشاشة تتجنّب التأخير الذي تسببه الشاشة.",
        "science.read.claim": "قراءة كتاب مطبوع بدلًا من الشاشة تتجنّب هذا التأخير.",

        "reminder.cool_room.title": "برّد غرفتك",
        "reminder.cool_room.body": "افتح نافذة أو اخفض التدفئة. الحرارة تعكّر النوم، ونحو ١٨ درجة مئوية (٦٥ فهرنهايت) تناسب معظم الناس.",
        "science.cool_room.claim": "الحرارة تعكّر النوم؛ والغرفة الباردة نسبيًا (نحو ١٨ درجة مئوية / ٦٥ فهرنهايت) تناسب معظم الناس.",

        "reminder.almost_bedtime.title": "اقترب موعد النوم",
        "reminder.almost_bedtime.body": "بقيت خمس عشرة دقيقة. نظّف أسنانك، واضبط المنبّه، وخفّف الإضاءة، ثم إلى الفراش.",
        "science.almost_bedtime.claim": "يرتفع الميلاتونين في الساعات التي تسبق موعد النوم المعتاد.",

        "reminder.bedtime.title": "حان وقت النوم. أنت قادر على ذلك.",
        "reminder.bedtime.body": "أطفئ الأنوار. الذهاب إلى الفراش في الوقت نفسه كل ليلة يساعد على إبقاء ساعتك البيولوجية منتظمة.",
        "science.bedtime.claim": "الذهاب إلى الفراش في الوقت نفسه كل ليلة يُبقي الساعة البيولوجية منتظمة؛ ويقترن النوم غير المنتظم بساعة بيولوجية متأخرة.",

        "reminder.sunlight.title": "تعرّض لضوء الشمس خلال ثلاثين دقيقة",
        "reminder.sunlight.body": "اخرج إلى الهواء الطلق خلال نصف ساعة من استيقاظك. ضوء الصباح الساطع يقدّم ساعتك البيولوجية، مما يساعد على تثبيت موعد نوم أبكر.",
        "science.sunlight.claim": "ضوء الصباح الساطع يقدّم الساعة البيولوجية، مما يساعد على تثبيت موعد نوم أبكر.",

        "science.plan.claim": "قدّم موعد نومك بخطوات صغيرة: التبكير ساعة واحدة يوميًا أبقى النوم والساعة البيولوجية متوافقين، أما التبكير ساعتين يوميًا فكان أسرع من اللازم.",
        "science.mindfulExit.claim": "وقفة قصيرة مع طريقة سهلة للتراجع تقلّل فتح التطبيقات بدافع الاندفاع.",
    ]
}
