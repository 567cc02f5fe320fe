import EventLogFile
import Store
import Events
import Foundation
@testable import Projections
import Simulation
import Testing
import TestSupport
import Views

/// `NightPlans` folds a night over only the entries that can touch it (`PlanTimelineIndex`,
/// `NightFold`): the same logs folded with those shortcuts and without them (every entry,
/// for every night, as the rules read) must give the same state, the same warnings and the
/// same plan for every night, revisions included.
@Suite("Night plans: the shortcuts agree with folding every entry")
struct FoldIndexTests {
    /// Every fixture log that replays (the hostile ones are about decoding).
    static let fixtureLogs = [
        "Plans/replaced-goal.jsonl", "Plans/seven-night-goal.jsonl", "Plans/dst-week.jsonl", "Plans/trip.jsonl",
        "SampleWeek/sample-week.jsonl", "Exits/demo-exit.jsonl", "Exits/three-exits.jsonl", "Fortnight/fortnight.jsonl",
        "AppleScores/logged-nights.jsonl", "FrozenLogs/v1/demo-exit.jsonl", "FrozenLogs/v1/sample-week.jsonl",
        "FrozenLogs/v1/dst-week.jsonl", "FrozenLogs/v1/all-types.jsonl", "FrozenLogs/v1/fortnight.jsonl",
    ]

    @Test(arguments: fixtureLogs)
    func fixtureLogsFoldTheSameBothWays(path: String) throws {
        var events: [RecordedEvent] = []
        _ = try EventLogReader.forEachEventInTimeOrder(path: Golden.fixture(path).path, restart: { events = [] }) { events.append($0) }
        #expect(!events.isEmpty)
        try Self.expectSameFolds(events, positions: Self.positions(of: events, count: 4))
    }

    @Test func aSimulatedLogFoldsTheSameBothWays() throws {
        // 400 nights hold goal changes, trips across zones and daylight-saving changes.
        let log = try SimulatedLog(SimulationConfiguration(nights: 400, seed: 41))
        let events = EventOrdering.sorted(log.events)
        let runner = try Self.expectSameFolds(events, positions: Self.positions(of: events, count: 3))
        let zones = Set(log.nights.compactMap { runner.state.nightPlans.plan(for: $0)?.timeZone })
        #expect(zones.count > 1, "the log holds trips")
    }

    @Test(arguments: 0..<16)
    func randomPlanLogsFoldTheSameBothWays(seed: Int) throws {
        let events = try RandomPlanLog(seed: UInt64(seed)).events
        try Self.expectSameFolds(events, positions: Self.positions(of: events, count: 3))
    }

    @Test func eventsOutOfInstantOrderFoldEveryEntry() throws {
        // Fed in seq order, a log whose instants go back turns the shortcuts off; the plans
        // are still those of the rules.
        var events = try RandomPlanLog(seed: 99).events
        events.swapAt(5, events.count - 5)
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: events)
        #expect(!runner.state.nightPlans.usesShortcuts)
        var reference = ProjectionRunner<LogState>(state: LogState(nightPlanShortcuts: false), warnings: ProjectionWarnings())
        reference.apply(contentsOf: events)
        let sameState = runner.state == reference.state
        #expect(sameState)
        #expect(runner.warnings == reference.warnings)
        for night in Self.nights(around: events) {
            #expect(runner.state.nightPlans.plan(for: night) == runner.state.nightPlans.referencePlan(for: night))
        }
    }

    /// Folds `events` (in time order) as of the end and as of each of `positions`, with and
    /// without the shortcuts, and expects the same everywhere. Answers the fold of the end.
    @discardableResult
    static func expectSameFolds(_ events: [RecordedEvent], positions: [Instant]) throws -> ProjectionRunner<LogState> {
        var folded: ProjectionRunner<LogState>?
        for position in [ReplayPosition.end] + positions.map({ ReplayPosition(instant: $0) }) {
            var fast = ProjectionRunner<LogState>(position: position)
            var slow = ProjectionRunner<LogState>(state: LogState(nightPlanShortcuts: false), warnings: ProjectionWarnings(), position: position)
            fast.apply(contentsOf: events)
            slow.apply(contentsOf: events)
            #expect(fast.state.nightPlans.usesShortcuts)
            #expect(!slow.state.nightPlans.usesShortcuts)
            #expect(fast.warnings == slow.warnings)
            // A whole state is long to print: say only whether it differs.
            let sameState = fast.state == slow.state
            #expect(sameState, "the states folded with and without shortcuts differ")
            let plans = fast.state.nightPlans
            for night in nights(around: events) {
                let shortcut = plans.plan(for: night)
                #expect(shortcut == slow.state.nightPlans.plan(for: night), "night \(night.iso)")
                #expect(shortcut == plans.referencePlan(for: night), "night \(night.iso)")
            }
            if let now = fast.latestInstant {
                #expect(plans.plans(asOf: now) == slow.state.nightPlans.plans(asOf: now))
                let view = JSONView.render(state: fast.state, warnings: fast.warnings, asOf: now)
                #expect(view == JSONView.render(state: slow.state, warnings: slow.warnings, asOf: now))
            }
            if folded == nil { folded = fast }
        }
        return try #require(folded)
    }

    /// `count` instants spread over the log.
    static func positions(of events: [RecordedEvent], count: Int) -> [Instant] {
        guard !events.isEmpty else { return [] }
        return (1...count).map { events[events.count * $0 / (count + 1)].at }
    }

    /// Every night from a week before the log's first instant to 40 nights after its last
    /// (far ahead of every event, where only the shortcuts' early stretch applies).
    static func nights(around events: [RecordedEvent]) -> [LocalDate] {
        let moments = events.map(\.at.millisecondsSince1970)
        guard let first = moments.min(), let last = moments.max() else { return [] }
        let start = Int(first / 86_400_000) - 7
        let end = Int(last / 86_400_000) + 40
        return (start...end).map { LocalDate(daysSince1970: $0) }
    }
}

/// A random log of what shapes plans, and of what asks about them while folding: goals
/// (some for nights far ahead, some breaking a rule), clears, overrides and early starts
/// (some out of range), checklist and exit events naming nights around their instant,
/// from zones far apart (Kiritimati is 14 h ahead of UTC, Pago Pago 11 h behind), over
/// spring's and autumn's daylight-saving changes. The same seed gives the same log.
struct RandomPlanLog {
    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"]

    let events: [RecordedEvent]

    init(seed: UInt64) throws {
        var random = SplitMix(seed: seed &+ 0x5EED)
        var events: [RecordedEvent] = []
        var zone = Self.zones[0]
        // Late March or late October 2026, so daylight saving changes within the log.
        let startDay = random.next(below: 2) == 0 ? 20_532 : 20_748
        var moment = Int64(startDay) * 86_400_000
        for _ in 0..<400 {
            moment += Int64(random.next(below: 6 * 60) + 1) * 60_000
            if random.next(below: 14) == 0 { zone = Self.zones[random.next(below: Self.zones.count)] }
            guard let resolver = LocalTimeResolver(identifier: zone) else { continue }
            let at = resolver.display(Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0))
            let today = at.localDateTime.date
            let near = Night.date(today.adding(days: random.next(below: 7) - 3))
            let payload: EventPayload
            switch random.next(below: 20) {
            case 0, 1:
                let current = try #require(TimeOfDay(minutesSinceMidnight: (22 * 60 + random.next(below: 16) * 15) % 1440))
                let shift = 15 * (1 + random.next(below: 12))
                let target = current.adding(minutes: -shift)
                let days = max(3, (shift + 59) / 60) + random.next(below: 6)
                let ahead = random.next(below: 8) == 0 ? 30 + random.next(below: 30) : random.next(below: 4)
                payload = .goalSet(GoalSet(currentBedtime: current, targetBedtime: target, days: random.next(below: 15) == 0 ? 2 : days, firstNight: today.adding(days: ahead), sleepNeedMinutes: random.next(below: 3) == 0 ? 420 + 15 * random.next(below: 5) : nil))
            case 2:
                payload = .goalCleared
            case 3, 4:
                let bedtime = try #require(TimeOfDay(minutesSinceMidnight: (21 * 60 + random.next(below: 20) * 15) % 1440))
                payload = .bedtimeOverridden(BedtimeOverridden(night: near, bedtime: bedtime))
            case 5:
                payload = .windDownStartedEarly(NightAction(night: near))
            case 6, 7, 8, 9:
                payload = .checklistItemCompleted(ChecklistItemChange(night: near, item: "read"))
            case 10, 11:
                payload = .exitRequested(NightAction(night: near))
            case 12:
                payload = .exitConfirmed(NightAction(night: near))
            case 13:
                payload = .freeWindowUsed(FreeWindowUsed(night: near, returnedEarly: random.next(below: 2) == 0))
            default:
                payload = .appTierAssigned(AppTierAssigned(app: "App\(random.next(below: 4))", tier: [.blockFirst, .block30Min, .alwaysAllowed][random.next(below: 3)]))
            }
            let seq = events.count + 1
            events.append(RecordedEvent(seq: seq, event: Event(id: "r\(seed)-\(seq)", at: at, timeZone: zone, source: .phone, payload: payload)))
        }
        self.events = events
    }
}
