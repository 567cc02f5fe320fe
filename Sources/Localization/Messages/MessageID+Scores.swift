/// The words of `replay-tool scores` (its table, its lines and its window of nights), so that
/// `--locale` translates the whole output, not only the morning summaries.
extension MessageID {
    /// The settings line: `preset` (an id such as "balanced", or ``scoresPresetCustom``) and
    /// the five weights (`durationWeight`, `deepWeight`, `remWeight`, `bedtimeWeight`,
    /// `interruptionsWeight`).
    public static let scoresSettings: MessageID = "scores.settings"
    /// The name of settings that are no preset's ("custom").
    public static let scoresPresetCustom: MessageID = "scores.preset.custom"
    /// No night has a sleep record in the nights asked for.
    public static let scoresNoNight: MessageID = "scores.noNight"
    /// Without `--from`/`--to`: the `shownNights` latest of `totalNights` nights, and how to see others.
    public static let scoresWindow: MessageID = "scores.window"
    /// The table's columns, in order.
    public static let scoresColumnNight: MessageID = "scores.column.night"
    public static let scoresColumnDuration: MessageID = "scores.column.duration"
    public static let scoresColumnDeep: MessageID = "scores.column.deep"
    public static let scoresColumnREM: MessageID = "scores.column.rem"
    public static let scoresColumnBedtime: MessageID = "scores.column.bedtime"
    public static let scoresColumnInterruptions: MessageID = "scores.column.interruptions"
    public static let scoresColumnTotal: MessageID = "scores.column.total"
    public static let scoresColumnBand: MessageID = "scores.column.band"
    public static let scoresColumnApple: MessageID = "scores.column.apple"
    public static let scoresColumnLogged: MessageID = "scores.column.logged"
    public static let scoresColumnError: MessageID = "scores.column.error"
    /// The mean score (`meanScore`, a figure with one decimal, as text) over `scoredNights`.
    public static let scoresMean: MessageID = "scores.mean"
    /// Apple's estimate against the logged scores: the mean absolute `meanError` (text) over
    /// `loggedNights`.
    public static let scoresAppleError: MessageID = "scores.apple.error"
    /// The part of Apple's score whose estimate errs most (`applePart`: duration, bedtime
    /// or interruptions).
    public static let scoresAppleErrsMost: MessageID = "scores.apple.errsMost"
    /// How many (`sameBand`) of the `loggedNights` compared fall in the same band.
    public static let scoresAppleSameBand: MessageID = "scores.apple.sameBand"
    /// No night has a logged score to compare with.
    public static let scoresAppleNone: MessageID = "scores.apple.none"
    /// The heading of the morning summaries, in the locale named (`localeTag`).
    public static let scoresSummaries: MessageID = "scores.summaries"

    /// The ids of `scores`, in the order the command uses them.
    static let scores: [MessageID] = [
        scoresSettings, scoresPresetCustom, scoresNoNight, scoresWindow,
        scoresColumnNight, scoresColumnDuration, scoresColumnDeep, scoresColumnREM, scoresColumnBedtime,
        scoresColumnInterruptions, scoresColumnTotal, scoresColumnBand, scoresColumnApple, scoresColumnLogged,
        scoresColumnError, scoresMean, scoresAppleError, scoresAppleErrsMost, scoresAppleSameBand, scoresAppleNone,
        scoresSummaries,
    ]
}
