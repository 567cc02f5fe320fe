import TestSupport
import Events
import Foundation
@testable import Projections
import Simulation
import Testing

/// `LogState.streaks(at:)` walks the outcomes kept as the log is folded (`StreakNights`);
/// `referenceStreaks(at:)` asks every night afresh, as the rule reads. They must agree after
/// every event, at several instants, whatever order the events come in, and after a
/// checkpoint of the state is read back.
@Suite("Streaks: the kept outcomes agree with asking every night")
struct StreakNightsTests {
    /// Folds `events` in the order given and compares both answers every `every` events
    /// while outcomes are kept, and after the last, as of the latest instant so far and a few before and after it.
    static func expectSameStreaks(_ events: [RecordedEvent], every: Int, roundTripEvery: Int? = nil) throws -> Int {
        var state = LogState()
        var warnings = ProjectionWarnings()
        var latest = Int64.min
        var comparisons = 0
        var hits = 0
        for (index, event) in events.enumerated() {
            state.apply(event, warnings: &warnings)
            latest = max(latest, event.at.millisecondsSince1970)
            if let roundTripEvery, index % roundTripEvery == roundTripEvery - 1 {
                state = try StateBytes.read(StateBytes.of(state), as: LogState.self).get()
            }
            // Once the outcomes are dropped (plans without shortcuts) both ask every night:
            // compared at the end only.
            let isDue = index % every == every - 1 && state.streakNights.isKept
            guard isDue || index == events.count - 1 else { continue }
            for daysBack in [-2, 0, 1, 3, 10, 40] {
                let now = Instant(millisecondsSince1970: latest - Int64(daysBack) * 86_400_000, utcOffsetSeconds: 0)
                let kept = state.streaks(at: now)
                let reference = state.referenceStreaks(at: now)
                #expect(kept == reference, "after event \(index + 1) (seq \(event.seq)), \(daysBack) days before the latest instant")
                comparisons += 1
                hits += reference.best
            }
        }
        return hits
    }

    @Test(arguments: [
        (SimulationProfile.steady, UInt64(3)), (.mixed, 11), (.struggling, 29), (.mixed, 2026),
    ])
    func simulatedLogsAgreeAfterEveryFewEvents(profile: SimulationProfile, seed: UInt64) throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 75, seed: seed, profile: profile))
        let hits = try Self.expectSameStreaks(EventOrdering.sorted(log.events), every: 53)
        // The struggling profile may never go to sleep in time.
        #expect(hits > 0 || profile == .struggling, "the log has streaks to compare")
    }

    @Test func aSimulatedLogAgreesThroughCheckpoints() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 60, seed: 7, profile: .mixed))
        let hits = try Self.expectSameStreaks(EventOrdering.sorted(log.events), every: 37, roundTripEvery: 41)
        #expect(hits > 0)
    }

    /// Random sleep deliveries (re-delivered to other nights, deleted, manual nights,
    /// several zones) with goals, overrides, early starts, `wentToBed` and zone changes
    /// dropped in at random instants, folded in the order written: out of instant order,
    /// so plans take no shortcuts and a goal can re-plan any night.
    @Test(arguments: 0..<8)
    func randomLogsInWrittenOrderAgreeAfterEveryEvent(seed: Int) throws {
        let events = try Self.randomPlannedLog(seed: UInt64(seed))
        _ = try Self.expectSameStreaks(events, every: 2, roundTripEvery: 97)
        _ = try Self.expectSameStreaks(EventOrdering.sorted(events), every: 2)
        // In instant order plans take their shortcuts: the outcomes stay kept.
        var state = LogState()
        var warnings = ProjectionWarnings()
        for event in EventOrdering.sorted(events) { state.apply(event, warnings: &warnings) }
        #expect(state.streakNights.isKept)
        #expect(state.streakNights.count > 0)
    }

    /// `RandomSleepLog` with plan events mixed in (see above), renumbered in order.
    static func randomPlannedLog(seed: UInt64) throws -> [RecordedEvent] {
        var random = SplitMix(seed: seed &+ 0x57EA)
        let sleep = try RandomSleepLog(seed: seed).events
        guard let first = sleep.first?.at.millisecondsSince1970 else { return [] }
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata"]
        var events: [Event] = []
        for (index, recorded) in sleep.enumerated() {
            events.append(recorded.event)
            guard random.next(below: 6) == 0 else { continue }
            // A moment near this event's, sometimes well before it (out of order).
            let shift = Int64(random.next(below: 4 * 24)) * 3_600_000 - (random.next(below: 3) == 0 ? 5 * 86_400_000 : 0)
            let at = Instant(millisecondsSince1970: recorded.event.at.millisecondsSince1970 + shift, utcOffsetSeconds: 0)
            let zone = zones[random.next(below: zones.count)]
            let night = LocalDate(daysSince1970: Int((at.millisecondsSince1970 - first) / 86_400_000) + Int(first / 86_400_000) - 1 + random.next(below: 3))
            let payload: EventPayload
            switch random.next(below: 5) {
            case 0, 1:
                let current = try #require(TimeOfDay(minutesSinceMidnight: (22 * 60 + random.next(below: 180)) % 1440))
                let target = try #require(TimeOfDay(minutesSinceMidnight: (21 * 60 + random.next(below: 150)) % 1440))
                payload = .goalSet(GoalSet(currentBedtime: current, targetBedtime: target, days: 1 + random.next(below: 14), firstNight: night, sleepNeedMinutes: nil))
            case 2:
                payload = .bedtimeOverridden(BedtimeOverridden(night: .date(night), bedtime: try #require(TimeOfDay(minutesSinceMidnight: 22 * 60 + random.next(below: 120)))))
            case 3:
                payload = .wentToBed(NightAction(night: .date(night)))
            default:
                payload = random.next(below: 2) == 0 ? .goalCleared : .windDownStartedEarly(NightAction(night: .date(night)))
            }
            events.append(Event(id: "plan-\(index)", at: at, timeZone: zone, payload: payload))
        }
        return events.enumerated().map { RecordedEvent(seq: $0.offset + 1, event: $0.element) }
    }
}
