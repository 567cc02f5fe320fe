import Events
import Projections
@testable import Simulation
import Testing

/// `LogState.nextChange(after:)` and `timeline(from:to:)` (docs/guide.md, "Time is an input"): on simulated
/// runs (a daylight-saving night, a trip abroad, exits), every minute shows what the timeline's
/// entry before it shows (tonight, the next notification, the night), and each entry is a
/// real change.
@Suite struct TonightTimelineTests {
    static let minute: Int64 = 60_000

    @Test(
        "every minute of a run shows the timeline entry before it; each entry changes something",
        arguments: [(SimulationProfile.struggling, 14), (.steady, 7), (.mixed, 7)])
    func everyMinuteMatches(profile: SimulationProfile, nights: Int) throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: nights, profile: profile))
        let state = log.replay().state
        let start = try #require(log.events.first?.at)
        let end = try #require(log.events.map(\.at.millisecondsSince1970).max()) + 86_400_000
        let timeline = state.timeline(from: start, to: Instant(millisecondsSince1970: end, utcOffsetSeconds: 0))
        #expect(timeline.first?.at == start)
        #expect(timeline.count > nights * 10, "a run of evenings has many changes: \(timeline.count)")
        for (earlier, later) in zip(timeline, timeline.dropFirst()) {
            #expect(earlier.at.millisecondsSince1970 < later.at.millisecondsSince1970)
            #expect(state.shown(at: earlier.at) != state.shown(at: later.at), "no change at \(later.at)")
            #expect(later.tonight == state.tonight(at: later.at))
            // The millisecond before an entry still shows the one before it.
            let justBefore = later.at.adding(milliseconds: -1)
            #expect(state.shown(at: justBefore) == state.shown(at: earlier.at), "a change before \(later.at)")
        }
        var index = 0
        var mismatches = 0
        var moment = start.millisecondsSince1970
        while moment < end, mismatches < 5 {
            while index + 1 < timeline.count, timeline[index + 1].at.millisecondsSince1970 <= moment { index += 1 }
            let now = Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)
            if state.shown(at: now) != state.shown(at: timeline[index].at) {
                mismatches += 1
                Issue.record("at \(now) the state differs from the entry at \(timeline[index].at): a change the timeline missed")
            }
            moment += Self.minute
        }
    }

    @Test("the next change is the first instant the state differs, found minute by minute")
    func nextChangeAgreesWithBruteForce() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 3, profile: .struggling))
        let state = log.replay().state
        let first = try #require(log.events.first?.at.millisecondsSince1970)
        // Instants every 37 minutes over the run (odd, so they land all over the evening).
        for moment in stride(from: first, to: first + Int64(3 * 86_400_000), by: 37 * 60_000) {
            let now = Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)
            let shown = state.shown(at: now)
            guard let next = state.nextChange(after: now) else {
                Issue.record("no next change at \(now), in a run with nights planned ahead")
                continue
            }
            #expect(next.millisecondsSince1970 > moment)
            #expect(state.shown(at: next) != shown)
            // Nothing changes before it: every minute up to it shows the same.
            var probe = moment + Self.minute
            while probe < next.millisecondsSince1970 {
                #expect(state.shown(at: Instant(millisecondsSince1970: probe, utcOffsetSeconds: 0)) == shown, "changed at \(probe) before \(next)")
                probe += Self.minute
            }
        }
    }

    @Test("stepped leaves out only what a view counts down; an exit keeps whether time is left")
    func steppedKeepsWhatIsShown() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 3, profile: .struggling))
        let state = log.replay().state
        let first = try #require(log.events.first?.at.millisecondsSince1970)
        var seen = 0
        for moment in stride(from: first, to: first + Int64(3 * 86_400_000), by: 60_000) {
            guard let tonight = state.tonight(at: Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)) else { continue }
            let stepped = tonight.stepped
            #expect(stepped.phase == tonight.phase)
            #expect(stepped.ring == tonight.ring)
            #expect(stepped.checklist == tonight.checklist)
            #expect(stepped.blockedApps == tonight.blockedApps)
            #expect(stepped.nextNotification == tonight.nextNotification)
            #expect(stepped.minutesToBed == 0)
            #expect(stepped.progress == 0)
            #expect(stepped.exit?.waitRemainingSeconds == tonight.exit?.waitRemainingSeconds.map { min($0, 1) })
            seen += 1
        }
        #expect(seen > 0)
    }
}
