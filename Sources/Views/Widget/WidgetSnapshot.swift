import Events
import Projections
import Summaries

/// What a widget shows, as one compact Codable value a host app writes to a shared
/// container (an App Group) so the widget never replays the log: last night's score, time
/// asleep and deep sleep, Apple's score (the estimate and the one typed in), the 7-night
/// sleep debt, and the coming night's bedtime and next checklist items, as of an instant.
///
/// "Last night" is the latest night with a record as of `asOf`
/// (``LogState/latestNightWithRecord(at:)``), named by `night` so a widget can tell a stale
/// one; "tonight" is the coming night, ``LogState/bedtimePlan(at:)``: the current night
/// until its wake time, then the next evening's (so a morning widget never lists last
/// night's checklist). Minutes are whole, rounded half up.
///
/// The JSON keys are short and stable; a new field gets a new key and old keys never change
/// meaning (`v` is the layout's version, 1). Absent values are left out of the JSON.
///
/// ```json
/// {"apple":85,"appleLogged":80,"asOf":"2026-12-01T09:00:00+01:00","asleepMin":418,"band":"good",
///  "bed":"23:30","bedAt":"2026-12-01T23:30:00+01:00","debt7Min":62,"deepMin":52,
///  "next":["last_meal","stop_eating","last_water"],"night":"2026-11-30","score":78,"v":1}
/// ```
public struct WidgetSnapshot: Codable, Sendable, Hashable {
    /// The layout version of this value.
    public static let currentVersion = 1

    /// The layout version (`v`).
    public var version: Int
    /// The instant the snapshot is as of, RFC 3339 (`asOf`).
    public var asOf: String
    /// Last night's date, `YYYY-MM-DD` (`night`); `nil` before any sleep is recorded.
    public var night: String?
    /// Its tunable score (`score`).
    public var score: Int?
    /// The score's band: `low`, `fair` or `good` (`band`).
    public var band: String?
    /// Time asleep in the main sleep, minutes (`asleepMin`).
    public var asleepMinutes: Int?
    /// Deep sleep, minutes; `nil` without a staged source (`deepMin`).
    public var deepMinutes: Int?
    /// The estimate of Apple's Sleep Score (`apple`).
    public var appleEstimate: Int?
    /// Apple's Sleep Score as typed in for that night, if it was (`appleLogged`).
    public var appleLogged: Int?
    /// Sleep debt over the last 7 nights, minutes; 0 without data (`debt7Min`).
    public var sleepDebtMinutes: Int
    /// Tonight's bedtime, `HH:mm` (`bed`); `nil` when nothing is planned.
    public var bedtime: String?
    /// Tonight's bedtime instant, RFC 3339 in the night's zone (`bedAt`).
    public var bedtimeAt: String?
    /// Tonight's next checklist items not yet done, in order, at most 3 (`next`); empty
    /// when nothing is planned or everything is done.
    public var nextChecklistItems: [String]

    private enum CodingKeys: String, CodingKey {
        case version = "v"
        case asOf
        case night
        case score
        case band
        case asleepMinutes = "asleepMin"
        case deepMinutes = "deepMin"
        case appleEstimate = "apple"
        case appleLogged
        case sleepDebtMinutes = "debt7Min"
        case bedtime = "bed"
        case bedtimeAt = "bedAt"
        case nextChecklistItems = "next"
    }

    /// Creates the value from its parts.
    public init(version: Int = WidgetSnapshot.currentVersion, asOf: String, night: String?, score: Int?, band: String?, asleepMinutes: Int?, deepMinutes: Int?, appleEstimate: Int?, appleLogged: Int?, sleepDebtMinutes: Int, bedtime: String?, bedtimeAt: String?, nextChecklistItems: [String] = []) {
        self.version = version
        self.asOf = asOf
        self.night = night
        self.score = score
        self.band = band
        self.asleepMinutes = asleepMinutes
        self.deepMinutes = deepMinutes
        self.appleEstimate = appleEstimate
        self.appleLogged = appleLogged
        self.sleepDebtMinutes = sleepDebtMinutes
        self.bedtime = bedtime
        self.bedtimeAt = bedtimeAt
        self.nextChecklistItems = nextChecklistItems
    }

    /// Decodes a snapshot; one written before `next` existed decodes with no items.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        asOf = try container.decode(String.self, forKey: .asOf)
        night = try container.decodeIfPresent(String.self, forKey: .night)
        score = try container.decodeIfPresent(Int.self, forKey: .score)
        band = try container.decodeIfPresent(String.self, forKey: .band)
        asleepMinutes = try container.decodeIfPresent(Int.self, forKey: .asleepMinutes)
        deepMinutes = try container.decodeIfPresent(Int.self, forKey: .deepMinutes)
        appleEstimate = try container.decodeIfPresent(Int.self, forKey: .appleEstimate)
        appleLogged = try container.decodeIfPresent(Int.self, forKey: .appleLogged)
        sleepDebtMinutes = try container.decode(Int.self, forKey: .sleepDebtMinutes)
        bedtime = try container.decodeIfPresent(String.self, forKey: .bedtime)
        bedtimeAt = try container.decodeIfPresent(String.self, forKey: .bedtimeAt)
        nextChecklistItems = try container.decodeIfPresent([String].self, forKey: .nextChecklistItems) ?? []
    }

    /// Encodes the snapshot, leaving out absent values and an empty `next`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(asOf, forKey: .asOf)
        try container.encodeIfPresent(night, forKey: .night)
        try container.encodeIfPresent(score, forKey: .score)
        try container.encodeIfPresent(band, forKey: .band)
        try container.encodeIfPresent(asleepMinutes, forKey: .asleepMinutes)
        try container.encodeIfPresent(deepMinutes, forKey: .deepMinutes)
        try container.encodeIfPresent(appleEstimate, forKey: .appleEstimate)
        try container.encodeIfPresent(appleLogged, forKey: .appleLogged)
        try container.encode(sleepDebtMinutes, forKey: .sleepDebtMinutes)
        try container.encodeIfPresent(bedtime, forKey: .bedtime)
        try container.encodeIfPresent(bedtimeAt, forKey: .bedtimeAt)
        if !nextChecklistItems.isEmpty { try container.encode(nextChecklistItems, forKey: .nextChecklistItems) }
    }

    /// The snapshot of `state` (folded as of `now`) at `now`.
    public init(state: LogState, at now: Instant) {
        let night = state.latestNightWithRecord(at: now)
        let record = night.flatMap { state.sleep.record(for: $0) }
        let score = night.flatMap { state.score(for: $0) }
        let plan = state.bedtimePlan(at: now)
        let resolver = plan.flatMap { LocalTimeResolver(identifier: $0.timeZone) }
        let nowResolver = state.nightPlans.latestTimeZone.flatMap(LocalTimeResolver.init(identifier:))
        self.init(
            asOf: (nowResolver?.display(now) ?? now).rfc3339,
            night: night?.iso,
            score: score?.total,
            band: score?.band.rawValue,
            asleepMinutes: record.map { SleepRecord.wholeMinutes($0.asleepMilliseconds) },
            deepMinutes: record?.deepMilliseconds.map(SleepRecord.wholeMinutes),
            appleEstimate: night.flatMap { state.appleEstimate(for: $0)?.total },
            appleLogged: night.flatMap { state.scoreInputs.appleLogged[$0]?.total },
            sleepDebtMinutes: MorningSummary.roundedHalfUp(state.sleepDebt(at: now).last7Minutes),
            bedtime: plan?.bedtime.text,
            bedtimeAt: plan.map { (resolver?.display($0.bedtimeAt) ?? $0.bedtimeAt).rfc3339 },
            nextChecklistItems: plan.map { state.nextChecklistItems(on: .date($0.night), at: now) } ?? []
        )
    }
}
