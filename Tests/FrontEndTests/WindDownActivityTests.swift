import Commands
import EventLogFile
import Events
import Foundation
import FrontEnd
import Projections
import Store
import Testing
import Views

/// `WindDownActivity`: a Live Activity's content state made from tonight, small, and
/// counting down to instants rather than carrying figures that change each minute.
@MainActor
@Suite struct WindDownActivityTests {
    @Test("made from tonight at each entry of an evening's timeline: its instants are the plan's, it round-trips, it is small")
    func fromTheTimeline() async throws {
        let clock = ManualClock(start: try Instant(rfc3339: "2026-11-30T12:00:00+01:00"))
        let store = try await MoreSleepModelTests.store(clock: clock, openedAt: "2026-11-30T17:00:00+01:00")
        let state = await store.state
        let timeline = state.timeline(from: clock.now(), to: try Instant(rfc3339: "2026-12-01T09:00:00+01:00"))
        var phases: Set<String> = []
        for (entry, following) in zip(timeline, timeline.dropFirst().map(Optional.some) + [nil]) {
            guard let tonight = entry.tonight else { continue }
            let activity = WindDownActivity(tonight: tonight, at: entry.at, nextChange: following?.at)
            #expect(activity.night == "2026-11-30")
            #expect(activity.phase == tonight.phase.rawValue)
            #expect(activity.ring == tonight.ring.rawValue)
            #expect(activity.bedtime == tonight.plan.bedtimeAt.date)
            #expect(activity.windDownStart == tonight.plan.windDownStart.date)
            #expect(activity.checklistCount == 9)
            #expect(activity.nextAt == tonight.nextNotification?.fireAt.date)
            #expect(activity.staleAfter == following?.at.date)
            let bytes = try JSONEncoder().encode(activity)
            #expect(bytes.count < 1024, "a content state stays far below ActivityKit's 4 KB: \(bytes.count)")
            #expect(try JSONDecoder().decode(WindDownActivity.self, from: bytes) == activity)
            phases.insert(activity.phase)
        }
        #expect(phases.isSuperset(of: ["beforeWindDown", "windDown", "night", "morning"]))
    }
}
