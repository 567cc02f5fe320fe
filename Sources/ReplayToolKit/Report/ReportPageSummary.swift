import Events
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
    static func dateLabel(_ date: LocalDate) -> String {
        ReportFormat.nightLabel(date) + " \(date.year)"
    }

    /// "Mon 30 Nov – Sun 6 Dec 2026"; one date for a single night; both years when the
    /// period crosses a new year.
    static func periodLabel(from: LocalDate, to: LocalDate) -> String {
        if from == to { return dateLabel(from) }
        if from.year == to.year { return ReportFormat.nightLabel(from) + " – " + dateLabel(to) }
        return dateLabel(from) + " – " + dateLabel(to)
    }

    /// "Mon 30": a night on a chart's axis.
    static func axisLabel(_ night: LocalDate) -> String {
        String(ReportFormat.nightLabel(night).prefix(3)) + " \(night.day)"
    }

    /// The offset of an instant as "UTC+01:00".
    static func offsetLabel(_ instant: Instant) -> String {
        let seconds = Int(instant.utcOffsetSeconds)
        let sign = seconds < 0 ? "−" : "+"
        let minutes = abs(seconds) / 60
        return "UTC" + sign + ReportFormat.two(minutes / 60) + ":" + ReportFormat.two(minutes % 60)
    }

    /// A score part's name as the page shows it.
    static func partName(_ part: ScorePart) -> String {
        switch part {
        case .duration: return "Duration"
        case .deep: return "Deep sleep"
        case .rem: return "REM sleep"
        case .bedtime: return "Bedtime"
        case .interruptions: return "Interruptions"
        }
    }

    /// A score band's name as the page shows it.
    static func bandName(_ band: ScoreBand) -> String {
        switch band {
        case .low: return "low"
        case .fair: return "fair"
        case .good: return "good"
        }
    }
}
