import Commands
import Events
import Projections

extension SimulationRun {
    /// A flight the morning after a night: where to, and how long in the air.
    struct Flight: Sendable, Hashable {
        var destination: String
        var milliseconds: Int64
    }

    /// The apps a later tier change picks from.
    static let tierChangeApps = ["Reddit", "Netflix", "WhatsApp", "YouTube", "Podcasts", "Mail", "Slack", "X"]

    /// The flight the morning after night `index`, if the trip plan has one then; moves
    /// the trip plan on.
    func flightAfter(_ index: Int) -> Flight? {
        switch trip {
        case .home(let departAfter) where index >= departAfter:
            let first = departAfter == Self.firstDepartureNight
            guard let destination = destination(first: first) else {
                trip = .home(departAfter: index + random.int(in: 30...100))
                return nil
            }
            let nights = first ? Self.firstTripNights : random.int(in: 2...6)
            trip = .away(zone: destination, returnAfter: index + nights)
            return flight(to: destination)
        case .away(_, let returnAfter) where index >= returnAfter:
            trip = .home(departAfter: index + random.int(in: 30...100))
            return flight(to: configuration.timeZone)
        default:
            return nil
        }
    }

    /// A destination at least 3 hours from home now: the first in `destinations` for the
    /// first trip, any of them later; `nil` if none is.
    private func destination(first: Bool) -> String? {
        let home = configuration.timeZone
        let now = Instant(millisecondsSince1970: lastMoment, utcOffsetSeconds: 0)
        let homeOffset = resolver(for: home).offsetSeconds(at: now)
        let candidates = Self.destinations.filter { zone in
            zone != home && abs(resolver(for: zone).offsetSeconds(at: now) - homeOffset) >= 3 * 3600
        }
        return first ? candidates.first : random.element(of: candidates)
    }

    /// A flight from the device's zone to `destination`: 3 hours, plus 50 minutes per hour
    /// of time difference, plus up to half an hour.
    private func flight(to destination: String) -> Flight {
        let now = Instant(millisecondsSince1970: lastMoment, utcOffsetSeconds: 0)
        let difference = abs(resolver(for: destination).offsetSeconds(at: now) - resolver(for: deviceZone).offsetSeconds(at: now))
        let hours = Int64(difference / 3600)
        return Flight(destination: destination, milliseconds: 3 * 3_600_000 + hours * 50 * 60_000 + random.minutes(0...30))
    }

    // MARK: - The day before an evening

    /// The afternoon before night `index`'s wind-down: a new goal when one is due, else
    /// maybe a later bedtime on a Friday or Saturday; rarely an app moved to another
    /// tier. Answers the night's plan as it then stands.
    func daytime(of night: LocalDate, index: Int, plan: NightPlan, roughWeek: Bool) throws(SimulationError) -> NightPlan {
        let windDown = plan.windDownStart.millisecondsSince1970
        let earliest = max(lastMoment + 10 * 60_000, windDown - 5 * 3_600_000)
        // 70 minutes ahead: a new first night moves bedtime by at most 60 minutes, so the
        // new wind-down is still ahead (a goal never re-plans a started night).
        let latest = windDown - 70 * 60_000
        guard earliest < latest else { return plan }
        var moment = earliest + random.seconds(0...Int((latest - earliest) / 1000))
        var changed = false
        if index >= nextGoalChange {
            try setNewGoal(night: night, plan: plan, at: moment)
            nextGoalChange = index + random.int(in: 60...180)
            changed = true
        } else if night.weekday == 5 || night.weekday == 6, random.chance(configuration.profile.weekendOverrideChance(roughWeek: roughWeek)) {
            let later = random.element(of: [30, 45, 60]) ?? 30
            let source: EventSource = random.chance(0.3) ? .siri : .phone
            changed = try !emit(OverrideBedtime(night: .date(night), bedtime: plan.bedtime.adding(minutes: later)), at: moment, source: source).isEmpty
        }
        if random.chance(0.01), let app = random.element(of: Self.tierChangeApps), let tier = random.element(of: AppTier.allCases) {
            moment += random.seconds(30...600)
            try emit(AssignAppTier(app: app, tier: tier), at: moment, source: .phone)
        }
        return changed ? try self.plan(of: night) : plan
    }

    /// A new goal from tonight: the profile moves the target (kept within 21:30…23:30);
    /// the current bedtime given is 30 minutes to 2 hours later than the target, and never
    /// earlier than tonight's planned bedtime; over the fewest nights the step rule allows
    /// up to 14; now and then another sleep need.
    private func setNewGoal(night: LocalDate, plan: NightPlan, at moment: Int64) throws(SimulationError) {
        let oldTarget = runner.state.nightPlans.latestGoal?.targetBedtime ?? plan.bedtime
        let move = random.element(of: configuration.profile.targetMoves) ?? 0
        let target = min(max(Self.minutesAfterNoon(oldTarget) + move, 570), 690)
        let shift = random.element(of: [30, 45, 60, 75, 90, 120]) ?? 60
        let current = min(max(target + shift, Self.minutesAfterNoon(plan.bedtime)), target + 360)
        let fewest = max(3, (current - target + 59) / 60)
        let days = random.int(in: fewest...max(fewest, 14))
        let need: Int? = random.chance(0.3) ? random.element(of: [450, 510, 540]) : nil
        let goal = SetGoal(
            currentBedtime: Self.clock(720 + current), targetBedtime: Self.clock(720 + target),
            days: days, firstNight: night, sleepNeedMinutes: need
        )
        try emit(goal, at: moment, source: .phone)
    }

    /// Minutes from noon to `time`, 0…1439 (23:00 is 660, 00:30 is 750).
    static func minutesAfterNoon(_ time: TimeOfDay) -> Int {
        (time.minutesSinceMidnight + 720) % 1440
    }
}
