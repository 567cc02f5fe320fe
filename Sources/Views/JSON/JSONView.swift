import Events
import Projections
import Summaries
import StrictJSON

/// The JSON view of docs/json-view.md: every projection of a folded log as one JSON object, the
/// second public contract after the log format. `replay-tool show --json` prints it with
/// ``JSONViewWriter``; front ends in any language read it; tests compare it byte for byte.
///
/// ``render(state:warnings:asOf:nights:)`` is pure: the same state, warnings, instant and
/// nights give the same value, keys in the documented order:
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
///   (`{template, fireAt, haptic}`, or `null`).
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
        JSONViewWriter.prettyText(render(state: state, warnings: warnings, asOf: asOf, nights: nights))
    }

    /// ``text(state:warnings:asOf:nights:)`` as its UTF-8 bytes, made without a `String`.
    public static func bytes(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all) -> [UInt8] {
        JSONViewWriter.prettyBytes(render(state: state, warnings: warnings, asOf: asOf, nights: nights))
    }

    /// The whole view as of `asOf` (see the type's documentation for every key).
    ///
    /// - Parameters:
    ///   - state: The folded log (as of `asOf`).
    ///   - warnings: The warnings of the fold, and any the reader added (a torn tail).
    ///   - asOf: The query instant; `nil` only when there is none (an empty log without an
    ///     explicit instant): then `asOf` is `null`, `plans` empty and `tonight` `null`.
    ///   - nights: The nights kept in `plans`, `sleep`, `exits.byNight` and `scores`
    ///     (default: all); the other keys do not depend on it.
    package static func render(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all) -> JSONValue {
        var root = JSONObject()
        root.append("asOf", asOf.map { instant(displayedIn: state.nightPlans.latestTimeZone, $0) } ?? .null)
        root.append("plans", .array(asOf.map { now in state.nightPlans.plans(asOf: now, nights: nights).map { plan($0, at: now) } } ?? []))
        root.append("tonight", asOf.flatMap { state.tonight(at: $0) }.map { tonight($0, state: state) } ?? .null)
        root.append("sleep", sleep(state: state, nights: nights))
        root.append("debt", asOf.map { debt(state.sleepDebt(at: $0)) } ?? debt(nil))
        root.append("streaks", asOf.map { streaks(state.streaks(at: $0)) } ?? streaks(nil))
        root.append("exits", asOf.map { exits(state: state, at: $0, nights: nights) } ?? exits())
        root.append("scores", scores(state: state, nights: nights))
        root.append("insights", insights(asOf.map { state.insights(at: $0) }))
        root.append("regularity", asOf.map { regularity(state.regularity(at: $0)) } ?? .null)
        root.append("habits", asOf.map { habits(state.habits(at: $0)) } ?? .null)
        root.append("warnings", .array(warnings.all.map { .string($0.description) }))
        return .object(root)
    }

    // MARK: Regularity

    /// `regularity`: the Sleep Regularity Index of the 14 nights that are over and of the 14
    /// before (docs/rules.md §12), each with one decimal, `null` below 5 pairs.
    package static func regularity(_ regularity: SleepRegularity) -> JSONValue {
        func index(_ tenths: Int?) -> JSONValue {
            tenths.flatMap { JSONNumber(literal: SleepRegularity.text(tenths: $0)) }.map(JSONValue.number) ?? .null
        }
        var object = JSONObject()
        object.append("from", .string(regularity.from.iso))
        object.append("to", .string(regularity.to.iso))
        object.append("pairs", .number(JSONNumber(Int64(regularity.pairs))))
        object.append("sri", index(regularity.sriTenths))
        object.append("previousSri", index(regularity.previousSriTenths))
        return .object(object)
    }

    /// `habits`: caffeine late or earlier, workouts late, earlier, any or none, over the 56
    /// nights up to asOf's (docs/rules.md §12); each group's nights, and its means when the
    /// group it is compared with has 5 nights too.
    package static func habits(_ habits: Habits) -> JSONValue {
        func group(_ group: Habits.Group) -> JSONValue {
            var object = JSONObject()
            object.append("nights", .number(JSONNumber(Int64(group.nights.count))))
            object.append("latencyMinutes", group.latencyMinutes.map { .number(JSONNumber(Int64($0))) } ?? .null)
            object.append("asleepMinutes", group.asleepMinutes.map { .number(JSONNumber(Int64($0))) } ?? .null)
            return .object(object)
        }
        var window = JSONObject()
        window.append("from", .string(habits.from.iso))
        window.append("to", .string(habits.to.iso))
        window.append("nights", .number(JSONNumber(Int64(habits.nights))))
        var caffeine = JSONObject()
        caffeine.append("late", group(habits.caffeineLate))
        caffeine.append("earlier", group(habits.caffeineEarlier))
        var workouts = JSONObject()
        workouts.append("late", group(habits.workoutsLate))
        workouts.append("earlier", group(habits.workoutsEarlier))
        workouts.append("any", group(habits.workoutsAny))
        workouts.append("none", group(habits.workoutsNone))
        var object = JSONObject()
        object.append("window", .object(window))
        object.append("caffeine", .object(caffeine))
        object.append("workouts", .object(workouts))
        return .object(object)
    }

    // MARK: Plans

    /// One entry of `plans`: the night's plan and its status at `now`, its instants shown
    /// in the night's zone.
    package static func plan(_ plan: NightPlan, at now: Instant) -> JSONValue {
        let zone = ZoneDisplay(plan.timeZone)
        var object = JSONObject()
        object.append("night", .string(plan.night.iso))
        object.append("bedtime", .string(plan.bedtime.text))
        object.append("bedtimeAt", zone.json(plan.bedtimeAt))
        object.append("windDownStart", zone.json(plan.windDownStart))
        object.append("wakeTime", zone.json(plan.wakeTime))
        object.append("tz", .string(plan.timeZone))
        object.append("status", .string(plan.status(at: now).rawValue))
        object.append("revisions", .array(plan.revisions.map(revision)))
        return .object(object)
    }

    /// One entry of a plan's `revisions`: the bedtime after the change, and the id and
    /// type of the event that caused it.
    package static func revision(_ revision: PlanRevision) -> JSONValue {
        var object = JSONObject()
        object.append("bedtime", .string(revision.values.bedtime.text))
        object.append("causedBy", .string(revision.cause.id))
        object.append("type", .string(revision.cause.typeName))
        return .object(object)
    }

    // MARK: Tonight

    /// `tonight`: its instants shown in the night's zone (the next notification's in the
    /// zone of the night it belongs to).
    package static func tonight(_ tonight: Tonight, state: LogState) -> JSONValue {
        let zone = ZoneDisplay(tonight.plan.timeZone)
        var object = JSONObject()
        object.append("night", .string(tonight.night.text))
        object.append("phase", .string(tonight.phase.rawValue))
        object.append("minutesToBed", .number(JSONNumber(Int64(tonight.minutesToBed))))
        object.append("progress", JSONViewDecimal.fraction(tonight.progress))
        object.append("ring", .string(tonight.ring.rawValue))
        object.append("checklist", .array(tonight.checklist.map { item in
            var entry = JSONObject()
            entry.append("item", .string(item.item))
            entry.append("state", .string(item.state.rawValue))
            entry.append("time", zone.json(item.time))
            return .object(entry)
        }))
        object.append("blockedApps", .array(tonight.blockedApps.map { app in
            var entry = JSONObject()
            entry.append("app", .string(app.app))
            entry.append("tier", .string(app.tier.rawValue))
            entry.append("blockedAt", zone.json(app.blockedAt))
            return .object(entry)
        }))
        object.append("exit", tonight.exit.map(exit) ?? .null)
        object.append("nextNotification", tonight.nextNotification.map { notification($0, state: state) } ?? .null)
        return .object(object)
    }

    /// `tonight.exit`: attempt, seconds left of the wait or of the free window (the other
    /// `null`), and the prompt.
    package static func exit(_ exit: TonightExit) -> JSONValue {
        var object = JSONObject()
        object.append("attempt", .number(JSONNumber(Int64(exit.attempt))))
        object.append("waitRemainingSeconds", exit.waitRemainingSeconds.map { .number(JSONNumber(Int64($0))) } ?? .null)
        object.append("freeWindowRemainingSeconds", exit.freeWindowRemainingSeconds.map { .number(JSONNumber(Int64($0))) } ?? .null)
        object.append("prompt", .string(exit.englishPrompt))
        return .object(object)
    }

    /// `exits`: the confirmed exits of the 7 nights ending with asOf's night, and one row
    /// per request of every real night that `nights` keeps (demo nights never count), as
    /// of `now`. `thisWeek` does not depend on `nights`.
    package static func exits(state: LogState, at now: Instant, nights: NightFilter = .all) -> JSONValue {
        var object = JSONObject()
        object.append("thisWeek", .number(JSONNumber(Int64(state.confirmedExitsThisWeek(at: now)))))
        object.append("byNight", .array(state.exits.realRecords(in: nights).map { record in
            let zone = ZoneDisplay(record.night.date.flatMap { state.nightPlans.planWithoutRevisions(for: $0)?.timeZone })
            var row = JSONObject()
            row.append("night", .string(record.night.text))
            row.append("attempt", .number(JSONNumber(Int64(record.attempt))))
            row.append("requestedAt", zone.json(record.requestedAt))
            row.append("waitSeconds", .number(JSONNumber(Int64(record.waitSeconds))))
            row.append("confirmedAt", record.confirmedAt.map { zone.json($0) } ?? .null)
            row.append("freeWindowSeconds", .number(JSONNumber(Int64(record.freeWindowSeconds))))
            row.append("usedSeconds", record.usedSeconds(at: now).map { .number(JSONNumber(Int64($0))) } ?? .null)
            row.append("resumedAutomatically", record.resumedAutomatically(at: now).map { .bool($0) } ?? .null)
            return .object(row)
        }))
        return .object(object)
    }

    /// `tonight.nextNotification`: template id, fire instant (in the zone of its night),
    /// haptic.
    package static func notification(_ notification: PendingNotification, state: LogState) -> JSONValue {
        let zone = ZoneDisplay(state.schedule(for: notification.night)?.plan.timeZone)
        var object = JSONObject()
        object.append("template", .string(notification.template))
        object.append("fireAt", zone.json(notification.fireAt))
        object.append("haptic", .string(notification.haptic.rawValue))
        return .object(object)
    }

    // MARK: Sleep, debt, streaks, exits and scores

    /// `sleep`: one entry per night with samples or a manual log that `nights` keeps,
    /// oldest first; instants in the zone of the night's onset sample; minutes rounded half
    /// up; efficiency with 4 decimals; stage minutes and latency `null` when unknown.
    package static func sleep(state: LogState, nights: NightFilter = .all) -> JSONValue {
        .array(state.sleep.nightsWithData(in: nights).compactMap { state.sleep.record(for: $0) }.map { record in
            let zone = ZoneDisplay(record.timeZone)
            func minutes(_ milliseconds: Int64?) -> JSONValue {
                milliseconds.map { .number(JSONNumber(Int64(SleepRecord.wholeMinutes($0)))) } ?? .null
            }
            var object = JSONObject()
            object.append("night", .string(record.night.iso))
            object.append("onset", zone.json(record.onset))
            object.append("finalWake", zone.json(record.finalWake))
            object.append("asleepMinutes", minutes(record.asleepMilliseconds))
            object.append("coreMinutes", minutes(record.coreMilliseconds))
            object.append("deepMinutes", minutes(record.deepMilliseconds))
            object.append("remMinutes", minutes(record.remMilliseconds))
            object.append("awakeMinutes", minutes(record.awakeMilliseconds))
            object.append("interruptions", .number(JSONNumber(Int64(record.interruptions))))
            object.append("latencyMinutes", minutes(record.latencyMilliseconds))
            object.append("efficiency", JSONViewDecimal.fraction(record.efficiency))
            object.append("napMinutes", minutes(record.napMilliseconds))
            object.append("source", .string(record.source.rawValue))
            return .object(object)
        })
    }

    /// `debt`: minutes rounded half up; zeros with no instant.
    package static func debt(_ debt: SleepDebt?) -> JSONValue {
        func whole(_ minutes: Double?) -> JSONValue {
            .number(JSONNumber(Int64(((minutes ?? 0) + 0.5).rounded(.down))))
        }
        var object = JSONObject()
        object.append("last7Minutes", whole(debt?.last7Minutes))
        object.append("last14Minutes", whole(debt?.last14Minutes))
        object.append("weighted14Minutes", whole(debt?.weighted14Minutes))
        object.append("nightsWithData7", .number(JSONNumber(Int64(debt?.nightsWithData7 ?? 0))))
        object.append("nightsWithData14", .number(JSONNumber(Int64(debt?.nightsWithData14 ?? 0))))
        object.append("recoveryNights", debt.map { $0.recoveryNights.map { .number(JSONNumber(Int64($0))) } ?? .null } ?? .number(JSONNumber(0)))
        return .object(object)
    }

    /// `streaks`: current and best; zeros with no instant.
    package static func streaks(_ streaks: SleepStreaks?) -> JSONValue {
        .object(JSONObject([
            .init(key: "current", value: .number(JSONNumber(Int64(streaks?.current ?? 0)))),
            .init(key: "best", value: .number(JSONNumber(Int64(streaks?.best ?? 0)))),
        ]))
    }

    /// `exits` with no instant to fold to: none.
    static func exits() -> JSONValue {
        .object(JSONObject([.init(key: "thisWeek", value: .number(JSONNumber(0))), .init(key: "byNight", value: .array([]))]))
    }

    /// `scores`: one per night with a sleep record that `nights` keeps, oldest first: the
    /// total (rounded half up from the unrounded parts), each part's points with 1 decimal
    /// (`null` without data, the others scaled to 100), the estimate of Apple's score and
    /// the one typed in.
    package static func scores(state: LogState, nights: NightFilter = .all) -> JSONValue {
        // Each night's onset converted once, though every night's bedtime part and Apple
        // estimate read the 14 before it.
        var onsets = OnsetMinutes()
        return .array(state.sleep.nightsWithData(in: nights).compactMap { night -> JSONValue? in
            guard let score = state.score(for: night, onsets: &onsets) else { return nil }
            var parts = JSONObject()
            for part in ScorePart.allCases {
                parts.append(part.rawValue, score.points(part).map { JSONViewDecimal.json($0, fractionDigits: 1) } ?? .null)
            }
            var object = JSONObject()
            object.append("night", .string(night.iso))
            object.append("total", .number(JSONNumber(Int64(score.total))))
            object.append("parts", .object(parts))
            object.append("appleEstimate", state.appleEstimate(for: night, onsets: &onsets).map { .number(JSONNumber(Int64($0.total))) } ?? .null)
            object.append("appleLogged", state.scoreInputs.appleLogged[night].map { .number(JSONNumber(Int64($0.total))) } ?? .null)
            return .object(object)
        })
    }

    // MARK: Instants

    /// `instant` as RFC 3339 text in the zone named `identifier` (as it is when the zone
    /// is unknown or `nil`).
    package static func instant(displayedIn identifier: String?, _ instant: Instant) -> JSONValue {
        ZoneDisplay(identifier).json(instant)
    }
}

/// Shows instants in one zone; resolves the zone once.
struct ZoneDisplay {
    private let resolver: LocalTimeResolver?

    init(_ identifier: String?) {
        resolver = identifier.flatMap(LocalTimeResolver.init(identifier:))
    }

    /// The same moment with the zone's offset at that moment.
    func display(_ instant: Instant) -> Instant {
        resolver?.display(instant) ?? instant
    }

    /// The instant as a JSON string in the zone.
    func json(_ instant: Instant) -> JSONValue {
        .string(display(instant).rfc3339)
    }
}
