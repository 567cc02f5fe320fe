import Events
import Projections
import Testing
import TestSupport

/// docs/rules.md §8.2: an event in a zone this platform's time-zone data does not know (its
/// envelope `tz` or a sleep sample's own `tz`) is skipped with one warning naming the zone,
/// as an unknown type is; it still counts for the default instant.
struct UnknownZoneFoldTests {
    static let mars = "Mars/Olympus_Mons"

    static func sample(_ seq: Int, _ id: String, at: String, timeZone: String = "Europe/Berlin", sampleZone: String?) throws -> RecordedEvent {
        let payload = SleepSampleIngested(
            sampleId: id, stage: .deep,
            start: try EventFactory.instant("2026-12-01T00:12:30+01:00"), end: try EventFactory.instant("2026-12-01T00:41:00+01:00"),
            timeZone: sampleZone, sourceName: "Apple Watch")
        return RecordedEvent(seq: seq, event: try EventFactory.event(id, .sleepSampleIngested(payload), at: at, timeZone: timeZone))
    }

    static func tier(_ seq: Int, _ id: String, at: String, timeZone: String, _ tier: AppTier) throws -> RecordedEvent {
        RecordedEvent(seq: seq, event: try EventFactory.event(id, .appTierAssigned(AppTierAssigned(app: "Reddit", tier: tier)), at: at, timeZone: timeZone))
    }

    static func warning(_ seq: Int, _ zone: String) -> String {
        "seq \(seq): skipped: time zone \"\(zone)\" is not known to this platform's time-zone data"
    }

    @Test("an envelope zone the platform does not know: skipped, one warning naming it, still the latest instant")
    func envelopeZone() throws {
        let events = [
            try Self.tier(1, "a", at: "2026-11-30T20:00:00+01:00", timeZone: "Europe/Berlin", .blockFirst),
            try Self.tier(2, "b", at: "2026-11-30T22:00:00+01:00", timeZone: Self.mars, .alwaysAllowed),
        ]
        var runner = ProjectionRunner<AppTierAssignments>()
        runner.apply(contentsOf: events)
        #expect(runner.state.tier(of: "Reddit") == .blockFirst)
        #expect(runner.warnings.all.map(\.description) == [Self.warning(2, Self.mars)])
        #expect(runner.appliedCount == 1)
        #expect(runner.latestInstant == events[1].at)
        // The latest zone stays one the platform knows (it is used to show instants).
        #expect(runner.latestTimeZone == "Europe/Berlin")
    }

    @Test("a sample zone the platform does not know: skipped, one warning naming it", arguments: [
        ("Europe/Berlin", mars, mars), (mars, mars, mars), (mars, "Europe/Berlin", mars), ("Europe/Berlin", "Mars/Tharsis", "Mars/Tharsis"),
    ])
    func sampleZone(envelope: String, sampleZone: String, named: String) throws {
        let events = [
            try Self.sample(1, "known", at: "2026-12-01T07:30:00+01:00", sampleZone: "Europe/Berlin"),
            try Self.sample(2, "unknown", at: "2026-12-01T07:31:02+01:00", timeZone: envelope, sampleZone: sampleZone),
        ]
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: events)
        #expect(runner.warnings.all.map(\.description) == [Self.warning(2, named)])
        #expect(runner.appliedCount == 1)
        #expect(runner.state.statistics.eventCount == 1)
        #expect(runner.state.statistics.zones == ["Europe/Berlin"])
        #expect(runner.latestInstant == events[1].at)
    }

    @Test("each skipped event warns once; events in known zones around it are folded")
    func oneWarningPerEvent() throws {
        var events: [RecordedEvent] = []
        for index in 1...6 {
            let zone = index.isMultiple(of: 2) ? Self.mars : "Europe/Berlin"
            events.append(try Self.tier(index, "e\(index)", at: "2026-11-30T20:0\(index):00+01:00", timeZone: zone, index == 5 ? .block30Min : .blockFirst))
        }
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: events)
        #expect(runner.warnings.all.map(\.description) == [2, 4, 6].map { Self.warning($0, Self.mars) })
        #expect(runner.appliedCount == 3)
        #expect(runner.state.appTiers.tier(of: "Reddit") == .block30Min)
        #expect(runner.latestInstant == events[5].at)
        #expect(runner.latestTimeZone == "Europe/Berlin")
    }

    /// As for an unknown type: the first occurrence of an id is the one that counts, even
    /// when it is skipped.
    @Test("a skipped event's id is still used: a later event with that id is a repeat")
    func skippedEventKeepsItsId() throws {
        let events = [
            try Self.tier(1, "same", at: "2026-11-30T20:00:00+01:00", timeZone: Self.mars, .alwaysAllowed),
            try Self.tier(2, "same", at: "2026-11-30T20:01:00+01:00", timeZone: "Europe/Berlin", .block30Min),
        ]
        var runner = ProjectionRunner<AppTierAssignments>()
        runner.apply(contentsOf: events)
        #expect(runner.appliedCount == 0)
        #expect(runner.warnings.all.map(\.seq) == [1, 2])
        #expect(runner.warnings.all.last?.message.contains("id already used") == true)
        #expect(runner.latestTimeZone == nil)
        #expect(runner.latestInstant == events[0].at)
    }

    @Test("a name that does not look like a zone, in an event made in code, is skipped too")
    func implausibleZoneInCode() throws {
        let kelvin = "Asia/\u{212A}arachi"
        let events = [
            try Self.tier(1, "a", at: "2026-11-30T20:00:00+05:00", timeZone: "Asia/Karachi", .blockFirst),
            try Self.tier(2, "b", at: "2026-11-30T21:00:00+05:00", timeZone: kelvin, .alwaysAllowed),
        ]
        var runner = ProjectionRunner<AppTierAssignments>()
        runner.apply(contentsOf: events)
        #expect(runner.state.tier(of: "Reddit") == .blockFirst)
        #expect(runner.warnings.all.map(\.seq) == [2])
        #expect(runner.warnings.all.first?.message.contains("is not known to this platform") == true)
    }
}
