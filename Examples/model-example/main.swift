// The README's model example as a program: `swift run model-example`. A test checks that
// the README shows this file below these two lines, and runs it.
import MoreSleep

// A preview's setup: the log from JSON lines (a fixture an app bundles), a clock moved by
// hand, the zone fixed.
let fixture = """
{"seq":1,"id":"goal-1","type":"goalSet","v":1,"at":"2026-11-29T20:05:00+01:00","tz":"Europe/Berlin","source":"phone","data":{"currentBedtime":"23:30","targetBedtime":"22:30","days":7,"firstNight":"2026-11-30"}}
{"seq":2,"id":"tier-1","type":"appTierAssigned","v":1,"at":"2026-11-29T20:06:00+01:00","tz":"Europe/Berlin","source":"phone","data":{"app":"Reddit","tier":"blockFirst"}}
"""
let clock = ManualClock(start: try Instant(rfc3339: "2026-11-30T19:00:00+01:00"))
let environment = StoreEnvironment(now: { clock.now() }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "preview" }, source: .phone)
let store = try await MoreSleepStore.open(log: try InMemoryEventLog(jsonLines: fixture), environment: environment)

// The evening's timeline: each instant what a widget or a complication shows changes.
let state = await store.state
for entry in state.timeline(from: clock.now(), to: try Instant(rfc3339: "2026-11-30T23:59:00+01:00")).prefix(4) {
    print("timeline \(entry.at.rfc3339): \(entry.tonight?.phase.rawValue ?? "no night"), ring \(entry.tonight?.ring.rawValue ?? "-")")
}

// The model a SwiftUI view observes: it re-reads at every change of the log and of time.
let model = await MoreSleepModel(store: store, clock: clock)
print("model: \(model.tonight?.phase.rawValue ?? "no night"), next change \(model.nextChange?.rfc3339 ?? "none")")
if let next = model.nextChange {
    clock.advance(to: next)                                         // the model wakes by itself
    for _ in 0..<100 where model.asOf != next { await Task.yield() }
    print("model at \(model.asOf.rfc3339): \(model.tonight?.phase.rawValue ?? "no night")")
}
if let tonight = model.tonight {
    let activity = WindDownActivity(tonight: tonight, at: model.asOf, nextChange: model.nextChange)
    print("live activity: \(activity.phase), bed \(activity.bedtime), stale after \(activity.staleAfter.map(String.init(describing:)) ?? "never")")
}
