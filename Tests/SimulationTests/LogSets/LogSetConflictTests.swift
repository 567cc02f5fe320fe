import TestSupport
import Events
import Foundation
import Testing

/// Conflicts between devices (docs/sync.md, "Conflicts"): each scenario's streams folded as
/// a log set give the outcome docs/sync.md states, and the same view as the streams merged
/// into one file in fold order (one device doing both), warnings aside (their seqs count
/// per stream in the one and through the file in the other).
@Suite("Log sets: conflicts between devices are judged by at")
struct LogSetConflictTests {
    static let zone = "Europe/Berlin"

    static func event(_ id: String, _ payload: EventPayload, at: String, source: EventSource) throws -> Event {
        Event(id: id, at: try Instant(rfc3339: at), timeZone: zone, source: source, payload: payload)
    }

    /// The goal every scenario starts from (set on the phone): 00:00 → 22:30 over 7 nights
    /// from 2026-11-30 (night 2026-11-30: wind-down 19:45, bedtime 23:45).
    static func goal(_ id: String = "goal", target: String = "22:30", at: String = "2026-11-29T20:00:00+01:00", source: EventSource = .phone) throws -> Event {
        try event(id, .goalSet(GoalSet(
            currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: target), days: 7,
            firstNight: try LocalDate(iso: "2026-11-30"), sleepNeedMinutes: nil)), at: at, source: source)
    }

    static func exit(_ id: String, _ name: String, at: String, source: EventSource) throws -> Event {
        let action = NightAction(night: .date(try LocalDate(iso: "2026-11-30")))
        let payload: EventPayload
        switch name {
        case "request": payload = .exitRequested(action)
        case "confirm": payload = .exitConfirmed(action)
        default: payload = .exitCancelled(action)
        }
        return try event(id, payload, at: at, source: source)
    }

    static func views(_ streams: [String: [Event]], at: String? = nil) throws -> LogSetViews {
        try LogSetViews(streams, at: at)
    }

    @Test func twoDevicesConfirmingOneExitCountOnce() throws {
        // The phone asks at 20:00 and confirms after the pause; the watch, holding the
        // phone's request, confirms too, 30 s later.
        let views = try Self.views([
            "phone-1": [try Self.goal(), try Self.exit("r1", "request", at: "2026-11-30T20:00:00+01:00", source: .phone),
                        try Self.exit("c1", "confirm", at: "2026-11-30T20:01:00+01:00", source: .phone)],
            "watch-1": [try Self.exit("c2", "confirm", at: "2026-11-30T20:01:30+01:00", source: .watch)],
        ], at: "2026-11-30T20:05:00+01:00")
        #expect(views.set == views.merged)
        // One exit, confirmed once; the watch's confirm is skipped, naming its stream.
        #expect(views.set.components(separatedBy: "\"confirmedAt\"").count == 2, "\(views.set)")
        #expect(views.setWarnings.contains("watch-1:1: skipped:"), "\(views.setWarnings)")
    }

    @Test func twoGoalsMinutesApartTheLaterReplaces() throws {
        let views = try Self.views([
            "phone-1": [try Self.goal("g1", target: "22:30", at: "2026-11-29T20:00:00+01:00", source: .phone)],
            "watch-1": [try Self.goal("g2", target: "23:00", at: "2026-11-29T20:03:00+01:00", source: .watch)],
        ], at: "2026-11-29T21:00:00+01:00")
        #expect(views.set == views.merged)
        // The watch's goal, set 3 minutes later, governs: its target is the last night's bedtime.
        #expect(views.set.contains("\"night\": \"2026-12-06\",\n      \"bedtime\": \"23:00\""), "\(views.set)")
        #expect(!views.setWarnings.contains("skipped"))
    }

    @Test func aRequestWhileTheOtherDevicesFreeWindowIsOpenIsSkipped() throws {
        // The phone's exit is confirmed at 20:01 (a free window of 10 minutes); the watch,
        // offline, asks for an exit at 20:05.
        let views = try Self.views([
            "phone-1": [try Self.goal(), try Self.exit("r1", "request", at: "2026-11-30T20:00:00+01:00", source: .phone),
                        try Self.exit("c1", "confirm", at: "2026-11-30T20:01:00+01:00", source: .phone)],
            "watch-1": [try Self.exit("r2", "request", at: "2026-11-30T20:05:00+01:00", source: .watch)],
        ], at: "2026-11-30T20:06:00+01:00")
        #expect(views.set == views.merged)
        #expect(views.setWarnings.contains("watch-1:1: skipped:"), "\(views.setWarnings)")
        #expect(views.setWarnings.contains("a free window is open until"), "\(views.setWarnings)")
    }

    @Test func theSameMillisecondOnTwoStreamsGoesByStreamName() throws {
        // A request on each device at the same millisecond: the stream whose name sorts first
        // asks first; the other's request finds an exit already waiting.
        let at = "2026-11-30T20:00:00+01:00"
        let views = try Self.views([
            "phone-1": [try Self.goal(), try Self.exit("r1", "request", at: at, source: .phone)],
            "watch-1": [try Self.exit("r2", "request", at: at, source: .watch)],
        ], at: "2026-11-30T20:00:30+01:00")
        #expect(views.set == views.merged)
        #expect(views.setWarnings.contains("watch-1:1: skipped:"), "\(views.setWarnings)")
        #expect(views.setWarnings.contains("already waiting"), "\(views.setWarnings)")
    }
}
