import Localization
import Events
import Projections

/// What `replay-tool report` shows for a period of nights, gathered once from a folded
/// `LogState` and rendered as text (`ReportTextRenderer`) or as a page (`ReportPageRenderer`).
/// Pure: the same state, period and instant give the same report.
struct PeriodReport: Sendable, Hashable {
    /// The words of the report: the language every label and sentence of the text report
    /// and the page is rendered in (`--locale`; British English unless told, so that clock
    /// times in sentences read as the tables' 24-hour ones), and the direction the page and
    /// its charts run in.
    var renderer = MessageRenderer(locale: MessageLocale("en-GB"))

    /// One night of the period.
    struct NightRow: Sendable, Hashable {
        /// The night (the date of its evening).
        var night: LocalDate
        /// The planned bedtime, `nil` when the night was not planned.
        var plannedBedtime: Instant?
        /// The first "went to bed" the person logged, if any.
        var wentToBed: Instant?
        /// The night's sleep record, `nil` without sleep data.
        var record: SleepRecord?
        /// The night's stages over time, `nil` without sleep data.
        var hypnogram: Hypnogram?
        /// The tunable score with the settings in force, `nil` without sleep data.
        var score: NightScore?
        /// The estimate of Apple's Sleep Score, `nil` without sleep data.
        var appleEstimate: Int?
        /// The night's exits (real nights only), in attempt order.
        var exits: [ExitRecord]
        /// Need − asleep in minutes (positive = short), `nil` without sleep data.
        var balanceMinutes: Double?
        /// The 7-night sleep debt over the seven nights ending with this one, in minutes.
        var debtMinutes: Double

        /// The actual bedtime: the logged "went to bed", else the sleep onset.
        var actualBedtime: Instant? { wentToBed ?? record?.onset }

        /// Actual − planned bedtime in whole minutes (positive = later than planned).
        var bedtimeLateMinutes: Int? {
            guard let planned = plannedBedtime, let actual = actualBedtime else { return nil }
            return Int((Double(actual.milliseconds(since: planned)) / 60_000).rounded())
        }

        /// Exits the person confirmed (and so used a free window).
        var confirmedExits: Int { exits.filter { $0.confirmedAt != nil }.count }

        /// Exits the person cancelled during the mindful pause.
        var cancelledExits: Int { exits.filter { $0.cancelledAt != nil }.count }

        /// The night in one sentence, for a screen reader and the text report: "Slept 7 hours
        /// 36 minutes, 3 interruptions, 71 minutes deep sleep." (in the renderer's language).
        func sentence(_ renderer: MessageRenderer) -> String {
            guard let record else {
                return renderer.text(plannedBedtime == nil ? .reportNightNoPlanNoData : .reportNightNoData)
            }
            var arguments: [String: MessageArgument] = [
                "slept": .message(ReportFormat.spokenDuration(record.asleepMilliseconds)),
                "count": .integer(record.interruptions),
            ]
            if let deep = record.deepMilliseconds { arguments["deep"] = .message(ReportFormat.spokenDuration(deep)) }
            if let rem = record.remMilliseconds { arguments["rem"] = .message(ReportFormat.spokenDuration(rem)) }
            let id: MessageID = switch (record.deepMilliseconds, record.remMilliseconds) {
            case (.some, .some): .reportNightSentenceStages
            case (.some, nil): .reportNightSentenceDeep
            case (nil, .some): .reportNightSentenceREM
            case (nil, nil): .reportNightSentence
            }
            return renderer.text(id, arguments)
        }
    }

    /// The first night shown.
    var from: LocalDate
    /// The last night shown.
    var to: LocalDate
    /// The instant the log was folded as of.
    var asOf: Instant
    /// Every night from `from` to `to`, oldest first; a night without anything still has a row.
    var nights: [NightRow]
    /// Sleep debt as of the last night shown.
    var debt: SleepDebt
    /// Streaks as of `asOf`.
    var streaks: SleepStreaks
    /// The settings the scores use.
    var scorePreset: String?
    /// Warnings of the fold (skipped events, a torn tail), for the report's footer.
    var warningCount: Int
    /// The coach's figures as of `asOf` (docs/rules.md §9): the 28 nights ending with asOf's
    /// night, whatever the period.
    var insights: Insights

    /// The Sleep Regularity Index as of `asOf` (docs/rules.md §12): the 14 nights before
    /// asOf's night, whatever the period.
    var regularity: SleepRegularity
    /// The habits as of `asOf` (docs/rules.md §12): the 56 nights up to asOf's night.
    var habits: Habits
    /// The period's nights as the sleep raster draws them, oldest first.
    var raster: [RasterRow]

    /// One row of the sleep raster: a night's 24 hours from the noon that starts it.
    struct RasterRow: Sendable, Hashable {
        /// The night.
        var night: LocalDate
        /// Whether the night has a record; a row without one draws nothing.
        var hasRecord: Bool
        /// The asleep stretches that fall in the row, as milliseconds after its noon, clipped
        /// to 0 ..< 86,400,000, oldest first: the night's own, and any of the nights before
        /// and after that reach into it (a nap past noon shows in both rows).
        var asleep: [Range<Int64>]

        /// The length of a row: 24 hours, the 1,440 minutes the index compares.
        static let span: Int64 = 86_400_000
    }

    /// The latest night of the period with a score.
    var latestScored: NightRow? { nights.last { $0.score != nil } }

    /// The nights shown when no period is asked for: up to `defaultNightCount` nights
    /// ending with the latest night that has a plan, sleep data, a logged bedtime or an
    /// exit, no later than the night holding `asOf` (and never before the first such
    /// night). With only `--from`, the period runs to that latest night; with only `--to`,
    /// it holds up to `defaultNightCount` nights ending there.
    static let defaultNightCount = 14

    /// Why a period cannot be shown.
    enum PeriodProblem: Error, Equatable {
        /// More nights than a report shows.
        case tooLong(nights: Int)
        /// The period asked for holds none of the log's nights (with a plan, sleep data, a
        /// logged bedtime or an exit); `known` is the log's first and last such night.
        case noNight(from: LocalDate, to: LocalDate, known: ClosedRange<LocalDate>)
    }

    /// The most nights one report shows.
    static let maximumNightCount = 366

    /// Gathers the report of `state` (folded as of `asOf`) over `from`…`to`; a bound not
    /// given defaults as `defaultNightCount` says. `nil` when the log has no night at all.
    /// `from` is never after `to` (`NightFilter(fromAndTo:)` refuses that first); a period
    /// that holds none of the log's nights is `.noNight`, one too long `.tooLong`.
    static func make(
        state: LogState, asOf: Instant, from: LocalDate?, to: LocalDate?, warningCount: Int
    ) throws(PeriodProblem) -> PeriodReport? {
        let current = state.nightPlans.night(holding: asOf)
        let known = knownNights(in: state, asOf: asOf).filter { $0 <= current }
        guard let earliest = known.first, let latest = known.last else { return nil }
        let last = to ?? max(latest, from ?? latest)
        let first = from ?? max(min(earliest, last), last.adding(days: -(defaultNightCount - 1)))
        guard known.contains(where: { first <= $0 && $0 <= last }) else {
            throw .noNight(from: first, to: last, known: earliest...latest)
        }
        let count = last.days(from: first) + 1
        guard count <= maximumNightCount else { throw .tooLong(nights: count) }
        let nights = (0..<count).map { offset in
            row(for: first.adding(days: offset), in: state)
        }
        return PeriodReport(
            from: first, to: last, asOf: asOf, nights: nights,
            debt: state.sleepDebt(endingWith: last), streaks: state.streaks(at: asOf),
            scorePreset: state.scoreInputs.settings.preset, warningCount: warningCount,
            insights: state.insights(at: asOf),
            regularity: state.regularity(at: asOf), habits: state.habits(at: asOf),
            raster: nights.map { rasterRow(for: $0.night, in: state) }
        )
    }

    /// The nights with a plan, sleep data, a logged bedtime or an exit, oldest first.
    static func knownNights(in state: LogState, asOf: Instant) -> [LocalDate] {
        var nights = Set(state.sleep.nightsWithData)
        nights.formUnion(state.sleep.wentToBed.keys)
        nights.formUnion(state.exits.realRecords.compactMap(\.night.date))
        nights.formUnion(state.nightPlans.plans(asOf: asOf).map(\.night))
        return nights.sorted()
    }

    /// The raster's row of `night`: from 12:00 of its date on the clock of its record's zone,
    /// 24 hours of the asleep stretches of any night's record (the night's and its
    /// neighbours': a stretch lasts at most 24 hours), as the index reads them.
    static func rasterRow(for night: LocalDate, in state: LogState) -> RasterRow {
        guard let record = state.sleep.record(for: night) else { return RasterRow(night: night, hasRecord: false, asleep: []) }
        let resolver = LocalTimeResolver(identifier: record.timeZone) ?? LocalTimeResolver(identifier: "UTC")
        guard let noon = resolver?.instant(on: night, at: .noon).millisecondsSince1970 else {
            return RasterRow(night: night, hasRecord: true, asleep: [])
        }
        var pieces: [Range<Int64>] = []
        for neighbour in [night.adding(days: -1), night, night.adding(days: 1)] {
            for stretch in state.sleep.asleepStretches(of: neighbour) {
                let start = max(stretch.lowerBound.millisecondsSince1970 - noon, 0)
                let end = min(stretch.upperBound.millisecondsSince1970 - noon, RasterRow.span)
                if start < end { pieces.append(start..<end) }
            }
        }
        // One run per stretch of asleep time: overlapping pieces (of two records) merged.
        pieces.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int64>] = []
        for piece in pieces {
            if let last = merged.last, piece.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, piece.upperBound)
            } else {
                merged.append(piece)
            }
        }
        return RasterRow(night: night, hasRecord: true, asleep: merged)
    }

    /// The row of `night`.

    static func row(for night: LocalDate, in state: LogState) -> NightRow {
        let record = state.sleep.record(for: night)
        return NightRow(
            night: night,
            plannedBedtime: state.nightPlans.plan(for: night)?.bedtimeAt,
            wentToBed: state.sleep.wentToBed[night],
            record: record,
            hypnogram: state.sleep.hypnogram(for: night),
            score: record == nil ? nil : state.score(for: night),
            appleEstimate: record == nil ? nil : state.appleEstimate(for: night)?.total,
            exits: state.exits.records(for: .date(night)),
            balanceMinutes: state.balanceMinutes(for: night),
            debtMinutes: state.sleepDebt(endingWith: night).last7Minutes
        )
    }
}
