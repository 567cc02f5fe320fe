import Commands
import Foundation
import Events
import Projections

/// One simulation in progress: it hands out the log one append at a time (a single event,
/// or a batch such as a night's HealthKit delivery), simulating a night whenever the
/// events made so far have all been handed out. Memory holds the folded `LogState` and one
/// night's events, never the whole log.
///
/// Every event is decided by the product's own commands (`SetGoal`, `CompleteChecklistItem`,
/// `RequestExit`, `IngestSleepSamples`, …) against the state folded from the events before
/// it, then folded in turn, exactly as a front end and its store would: so each one is an
/// event the product writes, and a replay folds them without a warning. Events are made in
/// time order, so the (`at`, `seq`) fold order of a replay is the order they were decided
/// in. Seqs run from 1 without a gap; a command's events of two or more carry their
/// `batch` marker, as the log writes them.
///
/// A run is not `Sendable`: use it from one task. Get one from `LogSimulator.makeRun()`.
public final class SimulationRun {
    /// What is simulated.
    public let configuration: SimulationConfiguration
    /// What was made so far.
    public internal(set) var summary = SimulationSummary()

    var random: SimulationRandom
    let mint: IdentifierMint
    var runner = ProjectionRunner<LogState>()
    var nextSeq = 1
    /// The moment of the latest event made, in milliseconds since 1970 (0 before any: the
    /// first night is in 2000 or later).
    var lastMoment: Int64 = 0
    /// The zone the device is in now.
    var deviceZone: String
    var resolvers: [String: LocalTimeResolver] = [:]
    /// The appends of the night being handed out, and how many were handed out.
    var made: [[RecordedEvent]] = []
    var handedOut = 0
    var nextNightIndex = 0
    var hasBegun = false
    /// The night being simulated, for errors.
    var currentNight: LocalDate?
    /// The error that ended the run, if one did.
    var failure: SimulationError?
    /// Where the person is, and when they travel next.
    var trip: TripState
    /// The night index from which the next goal is set.
    var nextGoalChange: Int
    /// Whether this week is a rough one (`mixed` only).
    var roughWeek = false
    /// Every how many nights the folded state is rebuilt from the events that still shape
    /// decisions (`compact()`); `Int.max` never.
    var compactionInterval = SimulationRun.defaultCompactionInterval
    /// The latest `goalSet`, every `appTierAssigned`, and the latest sleep sample event:
    /// what `compact()` folds into a fresh state.
    var carriedGoal: RecordedEvent?
    var carriedTiers: [RecordedEvent] = []
    var carriedZoneEvent: RecordedEvent?

    /// The state is rebuilt every 100 nights by default.
    static let defaultCompactionInterval = 100

    /// Where the person is in their travels, by night index.
    enum TripState: Sendable, Hashable {
        /// At home; they fly out the morning after night `departAfter` (or the first
        /// night simulated after it).
        case home(departAfter: Int)
        /// Away in `zone`; they fly home the morning after night `returnAfter`.
        case away(zone: String, returnAfter: Int)
    }

    /// The night index after which the first trip leaves: night 8, so a 14-night run
    /// holds a whole trip.
    static let firstDepartureNight = 7
    /// The length of the first trip in nights; later ones last 2 to 6.
    static let firstTripNights = 3
    /// The first goal change comes in the fourth week; later ones 60 to 180 nights apart.
    static let firstGoalChangeNights = 18...24
    /// Where trips go, in order of preference for the first trip (the first at least 3
    /// hours from home); later trips pick any of them at least 3 hours from home.
    static let destinations = [
        "America/New_York", "Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin", "Asia/Singapore",
        "America/Chicago", "Australia/Sydney", "Asia/Kolkata", "Europe/London", "America/Sao_Paulo",
    ]

    init(configuration: SimulationConfiguration) {
        self.configuration = configuration
        var random = SimulationRandom(seed: configuration.seed)
        nextGoalChange = random.int(in: Self.firstGoalChangeNights)
        self.random = random
        mint = IdentifierMint(seed: configuration.seed)
        deviceZone = configuration.timeZone
        trip = .home(departAfter: Self.firstDepartureNight)
    }

    /// The state the next decisions are made against: the events of the recent nights
    /// (the night being handed out included), folded over those that still shape
    /// decisions. Every 100 nights it is rebuilt from the goal in force, the app tiers and
    /// the latest sleep sample (which holds the zone the person is in): plans, tiers and
    /// tonight's exits and checklist come out the same, while the state stays small and
    /// each night costs the same however long the run (a state folded over every night
    /// would grow with each goal and trip, and each night's plan would cost more).
    /// To see the whole history, replay the log.
    public var state: LogState { runner.state }

    /// The next append: one event, or a batch of two or more (in seq order, with their
    /// `batch` markers); `nil` once every night has been simulated and handed out.
    ///
    /// Stopping between two appends leaves a sound log (no batch is ever cut).
    ///
    /// - Throws: `SimulationError` when a command refuses what the simulator asked or a
    ///   projection warns: a bug of the simulator, never skipped. The appends handed out
    ///   before it form a sound log; the run is over, and every later call throws the same
    ///   error.
    public func nextAppend() throws(SimulationError) -> [RecordedEvent]? {
        if let failure { throw failure }
        while handedOut == made.count {
            made.removeAll(keepingCapacity: true)
            handedOut = 0
            do {
                if !hasBegun {
                    hasBegun = true
                    try begin()
                } else if nextNightIndex < configuration.nights {
                    let index = nextNightIndex
                    nextNightIndex += 1
                    try simulateNight(index)
                } else {
                    return nil
                }
            } catch {
                failure = error
                throw error
            }
        }
        handedOut += 1
        return made[handedOut - 1]
    }

    // MARK: - The start

    /// The evening before the first night: the goal, then the app tiers.
    func begin() throws(SimulationError) {
        noteZone(deviceZone)
        let eve = configuration.firstNight.adding(days: -1)
        let resolver = self.resolver(for: deviceZone)
        var moment = resolver.instant(on: eve, at: Self.clock(20 * 60 + 5)).millisecondsSince1970 + random.seconds(0...1500)
        let goal = configuration.profile.firstGoal
        try emit(
            SetGoal(currentBedtime: Self.clock(goal.current), targetBedtime: Self.clock(goal.target), days: goal.days, firstNight: configuration.firstNight),
            at: moment, source: .phone
        )
        for (app, tier) in configuration.profile.initialTiers {
            moment += random.seconds(15...150)
            try emit(AssignAppTier(app: app, tier: tier), at: moment, source: .phone)
        }
    }

    // MARK: - A night

    /// Simulates night `index` (0-based): the day before its evening, the evening, the
    /// sleep and the morning after.
    func simulateNight(_ index: Int) throws(SimulationError) {
        let night = configuration.firstNight.adding(days: index)
        currentNight = night
        summary.nights += 1
        if index > 0, index % compactionInterval == 0 { try compact() }
        if index % 7 == 0 { roughWeek = random.chance(0.4) }
        let behaviour = configuration.profile.behaviour(roughWeek: roughWeek)
        var plan = try plan(of: night)
        // A night whose evening, on the wall clock where the person now is, began before
        // they arrived (or within the hour after) is lost to the journey: no event names
        // it. (Its plan may still be in the zone they left: the zone rule counts only
        // events before a night's wind-down, and the arrival came after it.)
        let localWindDown = resolver(for: deviceZone).wallClockInstant(night: night, time: plan.bedtime)
            .adding(seconds: -4 * 3600).millisecondsSince1970
        guard localWindDown > lastMoment + 60 * 60_000, plan.windDownStart.millisecondsSince1970 > lastMoment + 60 * 60_000 else {
            summary.nightsLostToTravel += 1
            summary.nightsWithoutData += 1
            return
        }
        guard plan.timeZone == deviceZone else {
            throw SimulationError(
                kind: .planInAnotherZone, night: night,
                message: "night \(night.iso) is planned in \(plan.timeZone), but the person is in \(deviceZone)"
            )
        }
        if deviceZone != configuration.timeZone { summary.nightsAway += 1 }
        let flight = flightAfter(index)
        plan = try daytime(of: night, index: index, plan: plan, roughWeek: roughWeek)
        let evening = try self.evening(of: night, index: index, plan: plan, behaviour: behaviour)
        try sleepAndMorning(of: night, index: index, plan: plan, behaviour: behaviour, evening: evening, flight: flight)
    }

    /// The plan of `night` in the state folded so far.
    func plan(of night: LocalDate) throws(SimulationError) -> NightPlan {
        guard let plan = runner.state.nightPlans.plan(for: night) else {
            throw SimulationError(kind: .nightNotPlanned, night: night, message: "night \(night.iso) has no plan in the folded state, though a goal is in force")
        }
        return plan
    }

    // MARK: - Making events

    /// Decides `command` at `moment` in the device's zone, stamps the events with the next
    /// seqs (and batch markers), folds them and queues them as one append.
    ///
    /// - Returns: the events (none when the command had nothing to change).
    @discardableResult
    func emit(_ command: some Command, at moment: Int64, source: EventSource?) throws(SimulationError) -> [RecordedEvent] {
        guard moment >= lastMoment else {
            throw SimulationError(
                kind: .timeWentBackwards, night: currentNight,
                message: "\(type(of: command)) at \(moment) ms would come before the previous event at \(lastMoment) ms"
            )
        }
        let zone = deviceZone
        let now = resolver(for: zone).display(Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0))
        let mint = self.mint
        let context = CommandContext(now: now, timeZone: zone, source: source, makeIdentifier: { mint.nextEventIdentifier() })
        let events: [Event]
        do {
            events = try command.decide(in: runner.state, context: context)
        } catch {
            throw SimulationError(
                kind: .commandRefused(error), night: currentNight,
                message: "\(type(of: command)) at \(now) was refused: \(error)"
            )
        }
        guard !events.isEmpty else { return [] }
        var recorded: [RecordedEvent] = []
        recorded.reserveCapacity(events.count)
        for (offset, event) in events.enumerated() {
            let batch = events.count > 1 ? BatchPosition(index: offset + 1, count: events.count) : nil
            let line = RecordedEvent(seq: nextSeq, batch: batch, event: event)
            nextSeq += 1
            let warningsBefore = runner.warnings.all.count
            runner.apply(line)
            if runner.warnings.all.count > warningsBefore, let warning = runner.warnings.all.last {
                throw SimulationError(
                    kind: .projectionWarning(warning), night: currentNight,
                    message: "folding \(event.typeName) at \(now) gave a warning: \(warning)"
                )
            }
            recorded.append(line)
            switch event.payload {
            case .goalSet: carriedGoal = line
            case .appTierAssigned: carriedTiers.append(line)
            case .sleepSampleIngested: carriedZoneEvent = line
            default: break
            }
        }
        lastMoment = moment
        made.append(recorded)
        summary.events += recorded.count
        summary.appends += 1
        return recorded
    }

    /// Rebuilds the folded state from the events that still shape decisions, between two
    /// nights (after a morning, before the next day):
    ///
    /// - the latest `goalSet`: every goal the simulator sets starts tonight, so the latest
    ///   one governs every night from now on, with its sleep need;
    /// - every `appTierAssigned`, in order (the tiers and their order, which decide whether
    ///   an assignment changes anything);
    /// - the latest `sleepSampleIngested`: each morning's delivery, and each arrival after
    ///   a flight, is made in the zone the person is in, so it is the latest event in that
    ///   zone and gives the coming nights their zone (docs/rules.md §1.3).
    ///
    /// Exits, checklists, overrides and early starts are per night and belong to nights
    /// already over; sample ids are never reused. So every plan and every decision ahead is
    /// the one the full state would give (a test compares runs with and without it, byte
    /// for byte).
    func compact() throws(SimulationError) {
        let carried = ([carriedGoal, carriedZoneEvent].compactMap { $0 } + carriedTiers).sorted(by: EventOrdering.precedes)
        var fresh = ProjectionRunner<LogState>()
        for event in carried {
            fresh.apply(event)
            if let warning = fresh.warnings.all.last {
                throw SimulationError(
                    kind: .projectionWarning(warning), night: currentNight,
                    message: "folding the carried \(event.typeName) into a fresh state gave a warning: \(warning)"
                )
            }
        }
        runner = fresh
    }

    /// The resolver of `zone` (kept: making one asks the platform for the zone).
    func resolver(for zone: String) -> LocalTimeResolver {
        if let known = resolvers[zone] { return known }
        let made = LocalTimeResolver(identifier: zone) ?? LocalTimeResolver(timeZone: .gmt)
        resolvers[zone] = made
        return made
    }

    /// `moment` shown with `zone`'s offset at that moment.
    func instant(_ moment: Int64, in zone: String) -> Instant {
        resolver(for: zone).display(Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0))
    }

    /// Records that the device was in `zone`.
    func noteZone(_ zone: String) {
        if !summary.zones.contains(zone) { summary.zones.append(zone) }
    }

    /// The time of day `minutes` after midnight (wrapping round the clock either way).
    static func clock(_ minutes: Int) -> TimeOfDay {
        Instant(millisecondsSince1970: Int64(minutes) * 60_000, utcOffsetSeconds: 0).localDateTime.timeOfDay
    }
}
