import Events
import Localization
import Projections

/// The figures of the page's summary header, and the labels of dates and nights the
/// page uses, computed once from a `PeriodReport`.
struct ReportPageSummary: Sendable, Hashable {
    /// Nights in the period.
    var nightCount: Int
    /// Nights with sleep data.
    var nightsWithData: Int
    /// The mean time asleep over the nights with data (the text report's figure), `nil`
    /// without any.
    var averageAsleepMilliseconds: Int64?
    /// The 7-night sleep debt as of the last night, in minutes.
    var debtMinutes: Double
    /// The streak of nights on target, and the best one.
    var currentStreak: Int
    var bestStreak: Int
    /// The latest scored night, if any.
    var latestScored: PeriodReport.NightRow?

    /// The summary of `report`.
    init(_ report: PeriodReport) {
        let records = report.nights.compactMap(\.record)
        nightCount = report.nights.count
        nightsWithData = records.count
        averageAsleepMilliseconds = records.isEmpty
            ? nil
            : records.reduce(Int64(0)) { $0 + $1.asleepMilliseconds } / Int64(records.count)
        debtMinutes = report.debt.last7Minutes
        currentStreak = report.streaks.current
        bestStreak = report.streaks.best
        latestScored = report.latestScored
    }

    /// "Mon 30 Nov 2026".
    static func dateLabel(_ date: LocalDate, _ renderer: MessageRenderer) -> String {
        renderer.text(ReportFormat.dateLabel(date, renderer))
    }

    /// "Mon 30 Nov – Sun 6 Dec 2026"; one date for a single night; both years when the
    /// period crosses a new year.
    static func periodLabel(from: LocalDate, to: LocalDate, _ renderer: MessageRenderer) -> Message {
        if from == to { return ReportFormat.dateLabel(from, renderer) }
        let first: Message = from.year == to.year ? ReportFormat.nightLabel(from) : ReportFormat.dateLabel(from, renderer)
        return Message(.reportNightRange, ["from": .message(first), "to": .message(ReportFormat.dateLabel(to, renderer))])
    }

    /// "Mon 30": a night on a chart's axis.
    static func axisLabel(_ night: LocalDate, _ renderer: MessageRenderer) -> String {
        renderer.text(.reportNightAxis, ["weekday": .message(ReportFormat.weekday(night)), "day": .integer(night.day)])
    }

    /// The offset of an instant as "UTC+01:00" (data).
    static func offsetLabel(_ instant: Instant) -> String {
        let seconds = Int(instant.utcOffsetSeconds)
        let sign = seconds < 0 ? "−" : "+"
        let minutes = abs(seconds) / 60
        return "UTC" + sign + ReportFormat.two(minutes / 60) + ":" + ReportFormat.two(minutes % 60)
    }

    /// A score part's name as the page shows it ("Duration").
    static func partName(_ part: ScorePart, _ renderer: MessageRenderer) -> String {
        renderer.text(MessageID.reportPart(part))
    }

    /// A score band's name as the page shows it ("good").
    static func bandName(_ band: ScoreBand, _ renderer: MessageRenderer) -> String {
        renderer.text(MessageID.reportBand(band))
    }
}
