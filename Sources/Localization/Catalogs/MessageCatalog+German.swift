extension MessageCatalog {
    /// The library's table in German (`de`), in ICU MessageFormat: every message of
    /// ``english`` (a test reports the coverage and that every template has the same
    /// arguments). The report's words are in `MessageCatalog+GermanReport.swift`.
    public static let german = MessageCatalog(templates: germanTemplates.merging(germanReportTemplates) { own, _ in own }
        .merging(germanScoresTemplates) { own, _ in own })

    private static let germanTemplates: [MessageID: String] = [
        .durationHoursMinutes: "{hours, plural, one {# Stunde} other {# Stunden}} und {minutes, plural, one {# Minute} other {# Minuten}}",
        .durationHours: "{hours, plural, one {# Stunde} other {# Stunden}}",
        .durationMinutes: "{minutes, plural, one {# Minute} other {# Minuten}}",

        .summaryScore: "Schlafwert {score, number}.",
        .summaryDeep: "Tiefschlaf {deepMinutes, number} von {deepTargetMinutes, number} Min.",
        .summaryDeepUnstaged: "Für diese Nacht wurden keine Schlafphasen aufgezeichnet, daher wird der Tiefschlaf nicht angezeigt.",
        .summaryCostliestDuration: "Die Dauer hat am meisten gekostet: {points, plural, one {# Punkt} other {# Punkte}}.",
        .summaryCostliestDeep: "Der Tiefschlaf hat am meisten gekostet: {points, plural, one {# Punkt} other {# Punkte}}.",
        .summaryCostliestREM: "Der REM-Schlaf hat am meisten gekostet: {points, plural, one {# Punkt} other {# Punkte}}.",
        .summaryCostliestBedtime: "Die Schlafenszeit hat am meisten gekostet: {points, plural, one {# Punkt} other {# Punkte}}.",
        .summaryCostliestInterruptions: "Die Unterbrechungen haben am meisten gekostet: {points, plural, one {# Punkt} other {# Punkte}}.",
        .summaryCostliestNone: "Alle Teile lagen nahe an der vollen Punktzahl.",

        .tipStrong: "{claim} Evidenz: stark.",
        .tipModerate: "{claim} Evidenz: mittel.",
        .tipWeak: "{claim} Evidenz: schwach.",

        .voiceNoNights: "Es ist noch kein Schlaf aufgezeichnet.",
        .voiceLastNight: "Letzte Nacht bist du um {onset, time, ::jmm} eingeschlafen und hast {asleep, duration} geschlafen, mit einem Schlafwert von {score, number}.",
        .voiceLatestNight: "Die letzte Nacht mit aufgezeichnetem Schlaf ist die Nacht vom {date, date, ::EEEEMMMMd}: Du bist um {onset, time, ::jmm} eingeschlafen und hast {asleep, duration} geschlafen, mit einem Schlafwert von {score, number}.",
        .voiceNightsAgo: "In der Nacht vom {date, date, ::EEEEMMMMd} bist du um {onset, time, ::jmm} eingeschlafen und hast {asleep, duration} geschlafen, mit einem Schlafwert von {score, number}.",
        .voiceNightsAgoNone: "Für die Nacht vom {date, date, ::EEEEMMMMd} ist kein Schlaf aufgezeichnet.",
        .voiceWeeksNone: "In den letzten drei Wochen ist kein Schlaf aufgezeichnet.",
        .voiceWeeks: "In den letzten drei Wochen lag dein Schlafwert im Schnitt bei {score, number}, und du hast im Schnitt {asleep, duration} pro Nacht geschlafen.",
        .voiceWeeksUp: "In den drei Wochen davor lag er bei {previousScore, number}, mit {previousAsleep, duration} Schlaf pro Nacht; er ist also gestiegen.",
        .voiceWeeksDown: "In den drei Wochen davor lag er bei {previousScore, number}, mit {previousAsleep, duration} Schlaf pro Nacht; er ist also gesunken.",
        .voiceWeeksSame: "In den drei Wochen davor lag er gleich hoch, mit {previousAsleep, duration} Schlaf pro Nacht.",
        .voiceWeeksNoEarlier: "Aus den drei Wochen davor ist kein Schlaf zum Vergleich aufgezeichnet.",
        .voiceDebtNoData: "In den letzten 7 Nächten ist kein Schlaf aufgezeichnet, daher lässt sich kein Schlafdefizit nennen.",
        .voiceDebtNone: "Du hast in den letzten 7 Nächten kein Schlafdefizit.",
        .voiceDebtSome: "Dein Schlafdefizit der letzten 7 Nächte beträgt {debt, duration}.",
        .voiceDebtRecoveryNights: "Im Tempo deiner letzten Nächte wäre es in etwa {nights, plural, one {einer Nacht} other {# Nächten}} ausgeglichen.",
        .voiceDebtRecoveryUnknown: "Deine letzten Nächte waren nicht länger als dein Schlafbedarf, daher schrumpft es noch nicht.",

        .exitPromptBreaths: "Atme 3-mal tief durch. Ist es das wirklich wert, dafür Schlaf zu verlieren?",
        .exitPromptBoxBreathing: "Box-Atmung: 4 ein, 4 halten, 4 aus, 4 halten.",
        .exitPromptTomorrow: "Denk daran, wie du dich morgen früh fühlen wirst.",
        .exitPromptCount: "{count, plural, one {Du hast die Abendruhe heute # Mal verlassen.} other {Du hast die Abendruhe heute # Mal verlassen.}} Dein Schlafdefizit wächst.",

        .insightsBodyClock: "In Arbeitsnächten liegt die Mitte deines Schlafs etwa um {workMidSleep, time, ::jmm}, in freien Nächten etwa um {freeMidSleep, time, ::jmm}: ein Abstand von {jetlag, duration}.",
        .insightsBodyClockNotEnough: "Um deine innere Uhr zu beschreiben, braucht es zwei Arbeitsnächte und zwei freie Nächte mit aufgezeichnetem Schlaf in den letzten vier Wochen.",
        .insightsChronotype: "Berücksichtigt man den Nachholschlaf in freien Nächten, liegt die Mitte deines Schlafs etwa um {chronotype, time, ::jmm}. Das beschreibt deinen Rhythmus; es ist kein Testergebnis.",
        .insightsSuggestedGoal: "Nach Arbeitsnächten wachst du meist um {usualWake, time, ::jmm} auf. Würdest du um {target, time, ::jmm} ins Bett gehen, bliebe Raum für deinen Schlafbedarf; mit einem Ziel von {current, time, ::jmm} auf {target, time, ::jmm} über {days, plural, one {# Nacht} other {# Nächte}} kämst du dorthin. Es ändert sich nichts, solange du es nicht festlegst.",
        .insightsBedtimeAlready: "In Arbeitsnächten schläfst du meist gegen {usualBedtime, time, ::jmm} ein und wachst um {usualWake, time, ::jmm} auf; das lässt schon Raum für deinen Schlafbedarf.",
        .insightsBedtimeNotEnough: "Für einen Vorschlag zur Schlafenszeit braucht es fünf Arbeitsnächte mit aufgezeichnetem Schlaf in den letzten vier Wochen.",
        .insightsRetireSuggested: "„{item}“ hast du in {doneBefore, number} der letzten {habitNights, plural, one {# Nacht} other {# Nächte}} vor der Erinnerung erledigt. Du könntest diese Erinnerung abschalten; der Punkt bleibt auf deiner Checkliste.",
        .insightsRoutine: "In Nächten, in denen du deiner Routine gefolgt bist, hast du im Schnitt {followedAsleep, duration} geschlafen, in den anderen Nächten {otherAsleep, duration}.",
        .insightsRoutineScore: "Dein Schlafwert lag im Schnitt bei {followedScore, number} in Nächten, in denen du ihr gefolgt bist, und bei {otherScore, number} in den anderen.",
        .insightsLongShortStretch: "Du hast {shortNights, plural, one {in deiner letzten Nacht} other {in jeder deiner letzten # Nächte}} mit aufgezeichnetem Schlaf weniger als 6 Stunden geschlafen. Wenn das so weitergeht, überleg dir, mit einer Ärztin oder einem Arzt darüber zu sprechen.",
        .insightsRegularityMore: "In den letzten zwei Wochen war dein Schlaf regelmäßiger als in den zwei Wochen davor.",
        .insightsRegularityAbout: "In den letzten zwei Wochen war dein Schlaf etwa so regelmäßig wie in den zwei Wochen davor.",
        .insightsRegularityLess: "In den letzten zwei Wochen war dein Schlaf weniger regelmäßig als in den zwei Wochen davor.",
        .insightsCaffeineLatencyLonger: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit Koffein in den 6 Stunden vor dem Schlafen hast du {difference, duration} länger zum Einschlafen gebraucht als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Koffein nur früher am Tag.",
        .insightsCaffeineLatencyShorter: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit Koffein in den 6 Stunden vor dem Schlafen hast du {difference, duration} weniger zum Einschlafen gebraucht als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Koffein nur früher am Tag.",
        .insightsCaffeineLatencySame: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit Koffein in den 6 Stunden vor dem Schlafen hast du etwa gleich lange zum Einschlafen gebraucht wie {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Koffein nur früher am Tag.",
        .insightsCaffeineAsleepMore: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit Koffein in den 6 Stunden vor dem Schlafen hast du {difference, duration} mehr geschlafen als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Koffein nur früher am Tag.",
        .insightsCaffeineAsleepLess: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit Koffein in den 6 Stunden vor dem Schlafen hast du {difference, duration} weniger geschlafen als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Koffein nur früher am Tag.",
        .insightsCaffeineAsleepSame: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit Koffein in den 6 Stunden vor dem Schlafen hast du etwa gleich viel geschlafen wie {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Koffein nur früher am Tag.",
        .insightsLateWorkoutLatencyLonger: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training, das in den 3 Stunden vor dem Schlafen endete, hast du {difference, duration} länger zum Einschlafen gebraucht als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Training nur früher am Tag.",
        .insightsLateWorkoutLatencyShorter: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training, das in den 3 Stunden vor dem Schlafen endete, hast du {difference, duration} weniger zum Einschlafen gebraucht als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Training nur früher am Tag.",
        .insightsLateWorkoutLatencySame: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training, das in den 3 Stunden vor dem Schlafen endete, hast du etwa gleich lange zum Einschlafen gebraucht wie {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Training nur früher am Tag.",
        .insightsLateWorkoutAsleepMore: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training, das in den 3 Stunden vor dem Schlafen endete, hast du {difference, duration} mehr geschlafen als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Training nur früher am Tag.",
        .insightsLateWorkoutAsleepLess: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training, das in den 3 Stunden vor dem Schlafen endete, hast du {difference, duration} weniger geschlafen als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Training nur früher am Tag.",
        .insightsLateWorkoutAsleepSame: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training, das in den 3 Stunden vor dem Schlafen endete, hast du etwa gleich viel geschlafen wie {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} mit Training nur früher am Tag.",
        .insightsWorkoutLatencyLonger: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training vor dem Schlafen hast du {difference, duration} länger zum Einschlafen gebraucht als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} ohne Training.",
        .insightsWorkoutLatencyShorter: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training vor dem Schlafen hast du {difference, duration} weniger zum Einschlafen gebraucht als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} ohne Training.",
        .insightsWorkoutLatencySame: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training vor dem Schlafen hast du etwa gleich lange zum Einschlafen gebraucht wie {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} ohne Training.",
        .insightsWorkoutAsleepMore: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training vor dem Schlafen hast du {difference, duration} mehr geschlafen als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} ohne Training.",
        .insightsWorkoutAsleepLess: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training vor dem Schlafen hast du {difference, duration} weniger geschlafen als {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} ohne Training.",
        .insightsWorkoutAsleepSame: "{groupNights, plural, one {In der # Nacht} other {In den # Nächten}} mit einem Training vor dem Schlafen hast du etwa gleich viel geschlafen wie {otherNights, plural, one {in der # Nacht} other {in den # Nächten}} ohne Training.",

        .notificationBlockWarningTitle: "Apps werden bald gesperrt",
        .notificationBlockWarningBody: "{tier, select, blockFirst {Die Apps, die du zuerst sperrst,} other {Die Apps, die du vor dem Schlafengehen sperrst,}} werden in {minutes, plural, one {# Minute} other {# Minuten}} gesperrt.",
        .notificationFreeWindowEndingTitle: "Deine freie Zeit endet bald",
        .notificationFreeWindowEndingBody: "Dein freies Zeitfenster endet gleich; danach geht die Abendruhe weiter.",

        .reportStatusNoEvents: "Das Protokoll enthält keine Ereignisse: nichts zu berichten{page, select, skipped { (keine HTML-Seite geschrieben)} other {}}.",
        .reportStatusNoNights: "Das Protokoll enthält keine Nacht mit Plan oder Schlafdaten: nichts zu berichten{page, select, skipped { (keine HTML-Seite geschrieben)} other {}}.",
        .reportStatusNightNotInLog: "Die Nacht {night} ist nicht im Protokoll ({known}): nichts zu berichten{page, select, skipped { (keine HTML-Seite geschrieben)} other {}}.",
        .reportStatusNightsNotInLog: "Die Nächte {from} bis {to} sind nicht im Protokoll ({known}): nichts zu berichten{page, select, skipped { (keine HTML-Seite geschrieben)} other {}}.",
        .reportStatusLogOnlyNight: "die einzige Nacht des Protokolls ist {night}",
        .reportStatusLogNights: "die Nächte des Protokolls reichen von {first} bis {last}",
        .reportStatusWritten: "HTML-Bericht geschrieben nach {path}",

        "science.last_meal.2.claim": "Späte Mahlzeiten verschieben die Stoffwechselrhythmen des Körpers, nicht seine innere Hauptuhr.",
        "science.warm_lighting.2.claim": "Gedämpftes rotes Licht wirkt sich kaum auf Melatonin aus.",
        "science.score.1.claim": "Richtwerte der Schlafphasen bei Erwachsenen: Tiefschlaf (N3) bei jungen Erwachsenen etwa 13–23 % des Schlafs, mit dem Alter abnehmend; REM etwa 20–25 %; leichter Schlaf (bei Apple „Kern“, N1+N2) etwa 50–60 %.",
        "science.score.2.claim": "Schlafbedarf: Erwachsene 7–9 Std.",
        "science.score.3.claim": "Gewichtung des Schlafdefizits in einem vergleichbaren Produkt: Die letzte Nacht trägt 15 % eines Defizits über 14 Nächte, die 13 Nächte davor die übrigen 85 %, mit dem Alter abnehmend (ein geometrischer Faktor von etwa 0,87).",

        "reminder.last_meal.title": "Das Zeitfenster für die letzte Mahlzeit schließt bald",
        "reminder.last_meal.body": "Iss deine letzte Mahlzeit in der nächsten Stunde. In einer großen Umfrage ging Essen in den 3 Stunden vor dem Schlafengehen mit häufigerem Aufwachen in der Nacht einher.",
        "science.last_meal.claim": "Essen in den 3 Stunden vor dem Schlafengehen hängt mit häufigerem Aufwachen in der Nacht zusammen.",

        "reminder.stop_eating.title": "Ab jetzt nichts mehr essen",
        "reminder.stop_eating.body": "Noch drei Stunden bis zum Schlafengehen: Die Küche hat für heute geschlossen. Spätes Essen hängt mit häufigerem Aufwachen in der Nacht zusammen.",
        "science.stop_eating.claim": "Essen in den 3 Stunden vor dem Schlafengehen hängt mit häufigerem Aufwachen in der Nacht zusammen.",

        "reminder.last_water.title": "Letztes Glas Wasser für heute",
        "reminder.last_water.body": "Trink jetzt dein letztes großes Glas. Weniger Flüssigkeit am späten Abend kann nachts weniger Gänge zur Toilette bedeuten.",
        "science.last_water.claim": "Weniger Flüssigkeit spät am Tag kann nachts weniger Gänge zur Toilette bedeuten; gezeigt wurde das vor allem bei Menschen mit Nykturie.",

        "reminder.warm_lighting.title": "Zeit für warmes Licht",
        "reminder.warm_lighting.body": "Dimme das Licht und wähle warme Töne. Blaues Licht bremst Melatonin, das Nachtsignal deines Körpers; gedimmtes rotes Licht tut das kaum.",
        "science.warm_lighting.claim": "Blaues Licht unterdrückt Melatonin etwa doppelt so stark wie grünes Licht gleicher Photonendichte.",

        "reminder.wind_down.title": "Die Abendruhe beginnt",
        "reminder.wind_down.body": "Noch neunzig Minuten bis zum Schlafengehen. Fahr langsam herunter und leg die hellen Bildschirme weg.",
        "science.wind_down.claim": "Lesen auf einem selbstleuchtenden Bildschirm vor dem Schlafengehen verzögert den Schlaf und den Melatoninrhythmus.",

        "reminder.screens_off.title": "Bildschirme aus",
        "reminder.screens_off.body": "Leg das Handy für heute Nacht weg. In einer Laborstudie verschob Lesen auf einem Bildschirm vor dem Schlafengehen den Schlaf und das Melatonin nach hinten.",
        "science.screens_off.claim": "Lesen auf einem selbstleuchtenden Bildschirm vor dem Schlafengehen verzögert den Schlaf und den Melatoninrhythmus.",

        "reminder.read.title": "Zeit zum Lesen",
        "reminder.read.body": "Nimm ein gedrucktes Buch zur Hand. Wer auf Papier statt auf einem Bildschirm liest, umgeht die Verzögerung durch den Bildschirm.",
        "science.read.claim": "Ein gedrucktes Buch statt eines Bildschirms zu lesen, vermeidet diese Verzögerung.",

        "reminder.cool_room.title": "Kühl dein Zimmer ab",
        "reminder.cool_room.body": "Öffne ein Fenster oder dreh die Heizung herunter. Wärme stört den Schlaf, und etwa 18 °C (65 °F) passen für die meisten Menschen.",
        "science.cool_room.claim": "Wärme stört den Schlaf; ein kühles Zimmer (etwa 18 °C / 65 °F) passt für die meisten Menschen.",

        "reminder.almost_bedtime.title": "Gleich ist Schlafenszeit",
        "reminder.almost_bedtime.body": "Noch fünfzehn Minuten. Zähne putzen, Wecker stellen, Licht dimmen und ab ins Bett.",
        "science.almost_bedtime.claim": "Melatonin steigt in den Stunden vor der gewohnten Schlafenszeit an.",

        "reminder.bedtime.title": "Schlafenszeit. Du schaffst das.",
        "reminder.bedtime.body": "Licht aus. Jeden Abend zur gleichen Zeit ins Bett zu gehen, hilft, deine innere Uhr stabil zu halten.",
        "science.bedtime.claim": "Jeden Abend zur gleichen Zeit ins Bett zu gehen, hält die innere Uhr stabil; unregelmäßiger Schlaf geht mit einer späteren inneren Uhr einher.",

        "reminder.sunlight.title": "Sonnenlicht in den ersten 30 Minuten",
        "reminder.sunlight.body": "Geh innerhalb einer halben Stunde nach dem Aufwachen nach draußen. Helles Morgenlicht stellt deine innere Uhr früher, und das hilft, eine frühere Schlafenszeit beizubehalten.",
        "science.sunlight.claim": "Helles Morgenlicht stellt die innere Uhr früher, und das hilft, eine frühere Schlafenszeit beizubehalten.",

        "science.plan.claim": "Verschiebe die Schlafenszeit in kleinen Schritten: 1 Stunde pro Tag früher hielt Schlaf und innere Uhr im Einklang, 2 Stunden pro Tag waren zu schnell.",
        "science.mindfulExit.claim": "Eine Pause mit einer einfachen Möglichkeit, es sich anders zu überlegen, verringert impulsives Öffnen von Apps.",
    ]
}
