import Dispatch
import Events
import Projections
import Summaries
import StrictJSON

/// The JSON view of docs/json-view.md: every projection of a folded log as one JSON object, the
/// second public contract after the log format. `replay-tool show --json` prints it; front
/// ends in any language read it; tests compare it byte for byte.
///
/// The view is written member by member straight into its bytes (``PrettyJSONEmitter``), with
/// no ``JSONValue`` made on the way; ``render(state:warnings:asOf:nights:)`` reads those bytes
/// back for the callers that compare views field by field. Pure: the same state, warnings,
/// instant and nights give the same bytes, keys in the documented order:
///
/// - `asOf`: the instant, shown in the latest zone (the zone of the latest event folded);
///   `null` only when there is no instant (an empty log and no `--at`).
/// - `plans`: the planned nights from the first planned night to the later of asOf's night
///   + 6 and the last night of the latest goal's ramp, oldest first, demo nights excluded
///   (``NightPlans/plans(asOf:)``); each with `night`, `bedtime`, `bedtimeAt`,
///   `windDownStart`, `wakeTime`, `tz`, `status` at asOf, and `revisions` oldest first as
///   `{bedtime, causedBy, type}` (the bedtime after the change, the causing event's id and
///   type).
/// - `tonight`: ``LogState/tonight(at:)`` or `null`: `night`, `phase`, `minutesToBed`,
///   `progress` (4 decimals), `ring`, `checklist` (`{item, state, time}`), `blockedApps`
///   (`{app, tier, blockedAt}`; empty during a free window), `exit` (`{attempt,
///   waitRemainingSeconds, freeWindowRemainingSeconds, prompt}` while an exit waits or a
///   free window is open, seconds rounded up; else `null`) and `nextNotification`
///   (`{template, fireAt, haptic, variant}`, or `null`; `variant` the phrasing of a reminder,
///   `null` for the other kinds).
/// - `exits`: `thisWeek`, the exits confirmed in the 7 nights ending with asOf's night, and
///   `byNight`, one row per request of every real night (`{night, attempt, requestedAt,
///   waitSeconds, confirmedAt, freeWindowSeconds, usedSeconds, resumedAutomatically}`, as
///   of asOf; demo nights never count).
/// - `warnings`: each warning of the fold as text (`"seq 12: skipped: …"`).
///
/// Instants are RFC 3339 in the zone they belong to: a plan's and tonight's in the night's
/// zone, the next notification's in the zone of the night it belongs to, `asOf` in the
/// latest zone; milliseconds only when not zero. Times of day are `"HH:mm"`.
///
/// - `sleep`, `debt`, `streaks`: from ``SleepLedger`` and ``LogState/sleepDebt(at:)`` /
///   ``LogState/streaks(at:)`` (docs/rules.md §5, §6); minutes rounded half up.
/// - `scores`: per night with a sleep record, the tunable score with the settings in force,
///   its parts' points, Apple's estimated and logged totals (docs/rules.md §7).
/// - `insights`: the coach's figures as of asOf (``LogState/insights(at:)``, docs/rules.md §9);
///   `null` without an instant.
/// - `regularity`: the Sleep Regularity Index of the 14 nights that are over and of the 14
///   before (``LogState/regularity(at:)``, docs/rules.md §12); `null` without an instant.
/// - `habits`: caffeine and workouts beside the nights (``LogState/habits(at:)``, docs/rules.md
///   §12); `null` without an instant.
/// - `together`: the group's latest week that is over, the week before and last night, from
///   the shares received and the own log (``LogState/together(at:)``, docs/rules.md §13);
///   `null` without an instant.
/// - `copy`: each reminder's phrasing test (``LogState/phrasingTests(at:)``, docs/rules.md
///   §14); `null` without an instant.
///
/// A ``NightFilter`` (`show --from D --to D`) keeps only the nights in its range in `plans`,
/// `sleep`, `exits.byNight` and `scores`, and leaves every other key as it is; only the
/// nights kept are built (``NightPlans/plans(asOf:nights:)``), so a long log's view can be
/// read a week at a time for the cost of a week.
public enum JSONView {
    /// The whole view as of `asOf`, as the pretty-printed UTF-8 text `replay-tool show --json`
    /// prints (two-space indentation, keys in the documented order, one newline at the end).
    ///
    /// - Parameters:
    ///   - state: The folded log (as of `asOf`).
    ///   - warnings: The warnings of the fold, and any the reader added (a torn tail).
    ///   - asOf: The query instant; `nil` only when there is none (an empty log without an
    ///     explicit instant).
    ///   - nights: The nights kept in `plans`, `sleep`, `exits.byNight` and `scores`
    ///     (default: all).
    public static func text(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all) -> String {
        String(decoding: bytes(state: state, warnings: warnings, asOf: asOf, nights: nights), as: UTF8.self)
    }

    /// ``text(state:warnings:asOf:nights:)`` as its UTF-8 bytes, made without a `String`.
    public static func bytes(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all) -> [UInt8] {
        PrettyJSONEmitter.joined(chunks(state: state, warnings: warnings, asOf: asOf, nights: nights))
    }

    /// ``bytes(state:warnings:asOf:nights:)`` as chunks to be written one after the other,
    /// not copied into one array: what `show --json` writes to standard output.
    package static func chunks(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all) -> [[UInt8]] {
        chunks(state: state, warnings: warnings, asOf: asOf, nights: nights, runsPerSection: ViewPiece.runsPerSection)
    }

    /// ``chunks(state:warnings:asOf:nights:)`` with each long section's nights cut into
    /// `runsPerSection` pieces (the tests cut them otherwise, for the same bytes).
    static func chunks(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter, runsPerSection: Int) -> [[UInt8]] {
        // A long log's view is mostly its nights: every night's plan, sleep and score, the
        // exits, the phrasing tests. Those are written as pieces on every core, and put in
        // their places after. The plans come first: the scores, exits and phrasing tests read
        // each night's plan again, from the plans listed rather than folded again. Then the
        // other pieces, those of most work first, and the rest of the view. The bytes are the
        // same whichever core writes which piece.
        let pieces = ViewPiece.pieces(state: state, asOf: asOf, nights: nights, runs: runsPerSection)
        let listing = pieces.indices.filter { pieces[$0].section == .plans }
        let others = pieces.indices.filter { pieces[$0].section != .plans }
        let written = WrittenPieces(count: pieces.count)
        DispatchQueue.concurrentPerform(iterations: listing.count) { index in
            written.set(listing[index], pieces[listing[index]].written(state: state, asOf: asOf))
        }
        let knowing: LogState
        if let first = listing.first.flatMap({ pieces[$0].planNights }), let last = listing.last.flatMap({ pieces[$0].planNights }) {
            knowing = state.knowing(plans: written.plans(of: listing), from: first.lowerBound, to: last.upperBound)
        } else {
            knowing = state
        }
        DispatchQueue.concurrentPerform(iterations: others.count + 1) { index in
            if index < others.count {
                written.set(others[index], pieces[others[index]].written(state: knowing, asOf: asOf))
            } else {
                var out = PrettyJSONEmitter(capacity: 16_384)
                let gaps = write(state: knowing, warnings: warnings, asOf: asOf, into: &out)
                written.setDocument(out, gaps: gaps)
            }
        }
        return written.finishedChunks(pieces: pieces)
    }

    /// The whole view as a value, read back from ``bytes(state:warnings:asOf:nights:)``: for
    /// comparing two views field by field (`replay-tool diff`, tests).
    ///
    /// The bytes are this library's own JSON; should they ever fail to read back (a fault in
    /// the library, never in the log), the value is an object with one member, `viewError`,
    /// the parser's message, so a comparison shows the fault instead of halting.
    package static func render(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all) -> JSONValue {
        do {
            return try JSONParser.parse(bytes(state: state, warnings: warnings, asOf: asOf, nights: nights))
        } catch {
            return .object(JSONObject([.init(key: "viewError", value: .string(error.description))]))
        }
    }

    /// Writes the view as of `asOf` (see the type's documentation for every key) but for
    /// the values of `plans`, `sleep`, `exits`, `scores` and `copy`, which the pieces write
    /// (``ViewPiece``): their places are returned, for
    /// ``PrettyJSONEmitter/finishedChunks(filling:)``. `asOf` is `null` and `tonight` `null`
    /// when there is no instant; no key written here depends on the nights shown.
    static func write(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, into out: inout PrettyJSONEmitter) -> ViewGaps {
        var zones = ZoneCache()
        var gaps = ViewGaps()
        out.beginObject()
        out.key("asOf")
        if let asOf {
            out.instant(asOf, in: zones.display(state.nightPlans.latestTimeZone))
        } else {
            out.null()
        }
        out.key("plans")
        gaps[.plans] = out.gap
        out.key("tonight")
        if let asOf, let tonight = state.tonight(at: asOf) {
            write(tonight, state: state, zones: &zones, into: &out)
        } else {
            out.null()
        }
        out.key("sleep")
        gaps[.sleep] = out.gap
        out.key("debt")
        write(asOf.map { state.sleepDebt(at: $0) }, into: &out)
        out.key("streaks")
        write(asOf.map { state.streaks(at: $0) }, into: &out)
        out.key("exits")
        gaps[.exits] = out.gap
        out.key("scores")
        gaps[.scores] = out.gap
        out.key("insights")
        write(asOf.map { state.insights(at: $0) }, into: &out)
        out.key("regularity")
        if let asOf {
            write(state.regularity(at: asOf), into: &out)
        } else {
            out.null()
        }
        out.key("habits")
        if let asOf {
            write(state.habits(at: asOf), into: &out)
        } else {
            out.null()
        }
        out.key("together")
        if let asOf {
            write(state.together(at: asOf), into: &out)
        } else {
            out.null()
        }
        out.key("copy")
        gaps[.copy] = out.gap
        out.key("warnings")
        out.beginArray()
        for warning in warnings.all {
            out.element()
            out.string(warning.description)
        }
        out.endArray()
        out.endObject()
        return gaps
    }

    /// `copy`: each reminder's phrasing test as of `asOf` (docs/rules.md §14), `null` without
    /// an instant.
    static func writeCopy(state: LogState, asOf: Instant?, into out: inout PrettyJSONEmitter) {
        if let asOf {
            write(state.phrasingTests(at: asOf), into: &out)
        } else {
            out.null()
        }
    }

    // MARK: Regularity

    /// `regularity`: the Sleep Regularity Index of the 14 nights that are over and of the 14
    /// before (docs/rules.md §12), each with one decimal, `null` below 5 pairs.
    static func write(_ regularity: SleepRegularity, into out: inout PrettyJSONEmitter) {
        func index(_ tenths: Int?, into out: inout PrettyJSONEmitter) {
            if let tenths { out.number(literal: SleepRegularity.text(tenths: tenths)) } else { out.null() }
        }
        out.beginObject()
        out.key("from")
        out.plainString(regularity.from.iso)
        out.key("to")
        out.plainString(regularity.to.iso)
        out.key("pairs")
        out.int(regularity.pairs)
        out.key("sri")
        index(regularity.sriTenths, into: &out)
        out.key("previousSri")
        index(regularity.previousSriTenths, into: &out)
        out.endObject()
    }

    /// `habits`: caffeine late or earlier, workouts late, earlier, any or none, over the 56
    /// nights up to asOf's (docs/rules.md §12); each group's nights, and its means when the
    /// group it is compared with has 5 nights too.
    static func write(_ habits: Habits, into out: inout PrettyJSONEmitter) {
        func group(_ key: StaticString, _ group: Habits.Group, into out: inout PrettyJSONEmitter) {
            out.key(key)
            out.beginObject()
            out.key("nights")
            out.int(group.nights.count)
            out.key("latencyMinutes")
            out.int(group.latencyMinutes)
            out.key("asleepMinutes")
            out.int(group.asleepMinutes)
            out.endObject()
        }
        out.beginObject()
        out.key("window")
        out.beginObject()
        out.key("from")
        out.plainString(habits.from.iso)
        out.key("to")
        out.plainString(habits.to.iso)
        out.key("nights")
        out.int(habits.nights)
        out.endObject()
        out.key("caffeine")
        out.beginObject()
        group("late", habits.caffeineLate, into: &out)
        group("earlier", habits.caffeineEarlier, into: &out)
        out.endObject()
        out.key("workouts")
        out.beginObject()
        group("late", habits.workoutsLate, into: &out)
        group("earlier", habits.workoutsEarlier, into: &out)
        group("any", habits.workoutsAny, into: &out)
        group("none", habits.workoutsNone, into: &out)
        out.endObject()
        out.endObject()
    }

    // MARK: Phrasings

    /// `copy`: each of the eleven reminders' phrasing test (docs/rules.md §14), in the order
    /// they fire: the chosen phrasing (`null` while testing), and each phrasing's shown and
    /// engaged nights.
    static func write(_ tests: [PhrasingTest], into out: inout PrettyJSONEmitter) {
        out.beginArray()
        for test in tests {
            out.element()
            out.beginObject()
            out.key("template")
            out.string(test.template)
            out.key("chosen")
            out.int(test.chosen)
            out.key("variants")
            out.beginArray()
            for variant in test.variants {
                out.element()
                out.beginObject()
                out.key("variant")
                out.int(variant.variant)
                out.key("shown")
                out.int(variant.shown)
                out.key("engaged")
                out.int(variant.engaged)
                out.endObject()
            }
            out.endArray()
            out.endObject()
        }
        out.endArray()
    }

    // MARK: Plans

    /// One entry of `plans`: the night's plan and its status at `now`, its instants shown
    /// in the night's zone; `revisions` as `{bedtime, causedBy, type}` (the bedtime after the
    /// change, the id and type of the event that caused it), oldest first.
    static func write(_ plan: NightPlan, at now: Instant, zones: inout ZoneCache, into out: inout PrettyJSONEmitter) {
        let zone = zones.display(plan.timeZone)
        out.beginObject()
        out.key("night")
        out.plainString(plan.night.iso)
        out.key("bedtime")
        out.plainString(plan.bedtime.text)
        out.key("bedtimeAt")
        out.instant(plan.bedtimeAt, in: zone)
        out.key("windDownStart")
        out.instant(plan.windDownStart, in: zone)
        out.key("wakeTime")
        out.instant(plan.wakeTime, in: zone)
        out.key("tz")
        out.string(plan.timeZone)
        out.key("status")
        out.plainString(plan.status(at: now).rawValue)
        out.key("revisions")
        out.beginArray()
        for revision in plan.revisions {
            out.element()
            out.beginObject()
            out.key("bedtime")
            out.plainString(revision.values.bedtime.text)
            out.key("causedBy")
            out.identifier(revision.cause.identifier)
            out.key("type")
            out.plainString(revision.cause.typeName)
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }

    // MARK: Tonight

    /// `tonight`: its instants shown in the night's zone (the next notification's in the
    /// zone of the night it belongs to).
    static func write(_ tonight: Tonight, state: LogState, zones: inout ZoneCache, into out: inout PrettyJSONEmitter) {
        let zone = zones.display(tonight.plan.timeZone)
        out.beginObject()
        out.key("night")
        out.string(tonight.night.text)
        out.key("phase")
        out.plainString(tonight.phase.rawValue)
        out.key("minutesToBed")
        out.int(tonight.minutesToBed)
        out.key("progress")
        out.decimal(tonight.progress, fractionDigits: 4)
        out.key("ring")
        out.plainString(tonight.ring.rawValue)
        out.key("checklist")
        out.beginArray()
        for item in tonight.checklist {
            out.element()
            out.beginObject()
            out.key("item")
            out.string(item.item)
            out.key("state")
            out.plainString(item.state.rawValue)
            out.key("time")
            out.instant(item.time, in: zone)
            out.endObject()
        }
        out.endArray()
        out.key("blockedApps")
        out.beginArray()
        for app in tonight.blockedApps {
            out.element()
            out.beginObject()
            out.key("app")
            out.string(app.app)
            out.key("tier")
            out.plainString(app.tier.rawValue)
            out.key("blockedAt")
            out.instant(app.blockedAt, in: zone)
            out.endObject()
        }
        out.endArray()
        out.key("exit")
        if let exit = tonight.exit {
            write(exit, into: &out)
        } else {
            out.null()
        }
        out.key("nextNotification")
        if let notification = tonight.nextNotification {
            write(notification, state: state, zones: &zones, into: &out)
        } else {
            out.null()
        }
        out.endObject()
    }

    /// `tonight.exit`: attempt, seconds left of the wait or of the free window (the other
    /// `null`), and the prompt.
    static func write(_ exit: TonightExit, into out: inout PrettyJSONEmitter) {
        out.beginObject()
        out.key("attempt")
        out.int(exit.attempt)
        out.key("waitRemainingSeconds")
        out.int(exit.waitRemainingSeconds)
        out.key("freeWindowRemainingSeconds")
        out.int(exit.freeWindowRemainingSeconds)
        out.key("prompt")
        out.string(exit.englishPrompt)
        out.endObject()
    }

    /// `tonight.nextNotification`: template id, fire instant (in the zone of its night),
    /// haptic, and the phrasing of a reminder (`null` for the others).
    static func write(_ notification: PendingNotification, state: LogState, zones: inout ZoneCache, into out: inout PrettyJSONEmitter) {
        let zone = zones.display(state.schedule(for: notification.night)?.plan.timeZone)
        out.beginObject()
        out.key("template")
        out.string(notification.template)
        out.key("fireAt")
        out.instant(notification.fireAt, in: zone)
        out.key("haptic")
        out.plainString(notification.haptic.rawValue)
        out.key("variant")
        out.int(notification.variant)
        out.endObject()
    }

    // MARK: Sleep, debt, streaks, exits and scores

    /// `exits`: the confirmed exits of the 7 nights ending with asOf's night, and one row
    /// per request of every real night that `nights` keeps (demo nights never count), as
    /// of `now`; none without an instant. `thisWeek` does not depend on `nights`.
    static func writeExits(state: LogState, at now: Instant?, nights: NightFilter, zones: inout ZoneCache, into out: inout PrettyJSONEmitter) {
        out.beginObject()
        out.key("thisWeek")
        out.int(now.map { state.confirmedExitsThisWeek(at: $0) } ?? 0)
        out.key("byNight")
        out.beginArray()
        if let now {
            for record in state.exits.realRecords(in: nights) {
                let zone = zones.display(record.night.date.flatMap { state.nightPlans.planWithoutRevisions(for: $0)?.timeZone })
                out.element()
                out.beginObject()
                out.key("night")
                out.string(record.night.text)
                out.key("attempt")
                out.int(record.attempt)
                out.key("requestedAt")
                out.instant(record.requestedAt, in: zone)
                out.key("waitSeconds")
                out.int(record.waitSeconds)
                out.key("confirmedAt")
                if let confirmedAt = record.confirmedAt { out.instant(confirmedAt, in: zone) } else { out.null() }
                out.key("freeWindowSeconds")
                out.int(record.freeWindowSeconds)
                out.key("usedSeconds")
                out.int(record.usedSeconds(at: now))
                out.key("resumedAutomatically")
                if let resumed = record.resumedAutomatically(at: now) { out.bool(resumed) } else { out.null() }
                out.endObject()
            }
        }
        out.endArray()
        out.endObject()
    }

    /// Elements of `sleep`: one entry per night of `nights` (nights with samples or a manual
    /// log), oldest first; instants in the zone of the night's onset sample; minutes rounded
    /// half up; efficiency with 4 decimals; stage minutes and latency `null` when unknown.
    static func writeSleep(state: LogState, nights: ArraySlice<LocalDate>, into out: inout PrettyJSONEmitter) {
        func minutes(_ milliseconds: Int64?, into out: inout PrettyJSONEmitter) {
            out.int(milliseconds.map { SleepRecord.wholeMinutes($0) })
        }
        var zones = ZoneCache()
        for night in nights {
            guard let record = state.sleep.record(for: night) else { continue }
            let zone = zones.display(record.timeZone)
            out.element()
            out.beginObject()
            out.key("night")
            out.plainString(record.night.iso)
            out.key("onset")
            out.instant(record.onset, in: zone)
            out.key("finalWake")
            out.instant(record.finalWake, in: zone)
            out.key("asleepMinutes")
            minutes(record.asleepMilliseconds, into: &out)
            out.key("coreMinutes")
            minutes(record.coreMilliseconds, into: &out)
            out.key("deepMinutes")
            minutes(record.deepMilliseconds, into: &out)
            out.key("remMinutes")
            minutes(record.remMilliseconds, into: &out)
            out.key("awakeMinutes")
            minutes(record.awakeMilliseconds, into: &out)
            out.key("interruptions")
            out.int(record.interruptions)
            out.key("latencyMinutes")
            minutes(record.latencyMilliseconds, into: &out)
            out.key("efficiency")
            out.decimal(record.efficiency, fractionDigits: 4)
            out.key("napMinutes")
            minutes(record.napMilliseconds, into: &out)
            out.key("source")
            out.plainString(record.source.rawValue)
            out.endObject()
        }
    }

    /// `debt`: minutes rounded half up; zeros with no instant.
    static func write(_ debt: SleepDebt?, into out: inout PrettyJSONEmitter) {
        func whole(_ minutes: Double?) -> Int {
            Int(((minutes ?? 0) + 0.5).rounded(.down))
        }
        out.beginObject()
        out.key("last7Minutes")
        out.int(whole(debt?.last7Minutes))
        out.key("last14Minutes")
        out.int(whole(debt?.last14Minutes))
        out.key("weighted14Minutes")
        out.int(whole(debt?.weighted14Minutes))
        out.key("nightsWithData7")
        out.int(debt?.nightsWithData7 ?? 0)
        out.key("nightsWithData14")
        out.int(debt?.nightsWithData14 ?? 0)
        out.key("recoveryNights")
        if let debt { out.int(debt.recoveryNights) } else { out.int(0) }
        out.endObject()
    }

    /// `streaks`: current and best; zeros with no instant.
    static func write(_ streaks: SleepStreaks?, into out: inout PrettyJSONEmitter) {
        out.beginObject()
        out.key("current")
        out.int(streaks?.current ?? 0)
        out.key("best")
        out.int(streaks?.best ?? 0)
        out.endObject()
    }

    /// Elements of `scores`: one per night of `nights` (nights with a sleep record), oldest
    /// first: the total (rounded half up from the unrounded parts), each part's points with
    /// 1 decimal (`null` without data, the others scaled to 100), the estimate of Apple's
    /// score and the one typed in.
    static func writeScores(state: LogState, nights: ArraySlice<LocalDate>, into out: inout PrettyJSONEmitter) {
        // Each night's onset converted once, though every night's bedtime part and Apple
        // estimate read the 14 before it.
        var onsets = OnsetMinutes()
        for night in nights {
            guard let score = state.score(for: night, onsets: &onsets) else { continue }
            out.element()
            out.beginObject()
            out.key("night")
            out.plainString(night.iso)
            out.key("total")
            out.int(score.total)
            out.key("parts")
            out.beginObject()
            for part in ScorePart.allCases {
                out.key(key(of: part))
                if let points = score.points(part) { out.decimal(points, fractionDigits: 1) } else { out.null() }
            }
            out.endObject()
            out.key("appleEstimate")
            out.int(state.appleEstimate(for: night, onsets: &onsets).map(\.total))
            out.key("appleLogged")
            out.int(state.scoreInputs.appleLogged[night].map(\.total))
            out.endObject()
        }
    }
}

extension JSONView {
    /// The key of `part` in a score's `parts`: its raw value, as a static string (a key
    /// known only at run time would be checked for escapes, 25,000 times in a long log's
    /// view).
    static func key(of part: ScorePart) -> StaticString {
        switch part {
        case .duration: return "duration"
        case .deep: return "deep"
        case .rem: return "rem"
        case .bedtime: return "bedtime"
        case .interruptions: return "interruptions"
        }
    }
}

/// Shows instants in one zone: resolves the zone once, and asks it for an offset only
/// outside the stretch of the last one (`ZoneOffsets`). A reference, so that every night
/// shown in the zone shares the stretch; made and used by one piece of a view on one thread.
final class ZoneDisplay {
    private var offsets: ZoneOffsets?

    init(_ identifier: String?) {
        offsets = identifier.flatMap(LocalTimeResolver.init(identifier:)).map(ZoneOffsets.init)
    }

    /// The same moment with the zone's offset at that moment.
    func display(_ instant: Instant) -> Instant {
        offsets?.display(instant) ?? instant
    }
}

/// The zones one view shows instants in, each resolved once: a long log's nights are almost
/// all in one or two zones.
struct ZoneCache {
    private var zones: [String: ZoneDisplay] = [:]
    private var last: (identifier: String, zone: ZoneDisplay)?
    /// Instants as they are, for a `nil` or unknown zone.
    private let asGiven = ZoneDisplay(nil)

    /// The display of the zone named `identifier` (instants as they are when it is unknown or
    /// `nil`).
    mutating func display(_ identifier: String?) -> ZoneDisplay {
        guard let identifier else { return asGiven }
        if let last, last.identifier == identifier { return last.zone }
        let zone = zones[identifier] ?? ZoneDisplay(identifier)
        zones[identifier] = zone
        last = (identifier, zone)
        return zone
    }
}

extension PrettyJSONEmitter {
    /// `instant` as an RFC 3339 string in `zone` (milliseconds only when not zero).
    mutating func instant(_ instant: Instant, in zone: ZoneDisplay) {
        quoted { zone.display(instant).writeRFC3339(into: &$0) }
    }

    /// `value` with exactly `fractionDigits` decimals, rounded half up
    /// (``JSONViewDecimal``); `null` for NaN and infinities.
    mutating func decimal(_ value: Double, fractionDigits: Int) {
        if let text = JSONViewDecimal.text(value, fractionDigits: fractionDigits) {
            number(literal: text)
        } else {
            null()
        }
    }
}
