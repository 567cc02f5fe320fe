import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// Given / when / then over `IngestSleepSamples`: a night from HealthKit lands as one batch,
/// or not at all.
struct IngestSleepSamplesTests {
    typealias F = SleepDataFixtures

    @Test func aNightIsAppendedAsOneBatchFromHealth() async throws {
        let samples = try F.night()
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples))
            .thenAppended(samples.map { .sleepSampleIngested($0) }) { state in
                let night = try F.date("2026-11-30")
                let record = state.sleep.records[night]
                #expect(record?.source == .samples)
                #expect(record?.onset == samples[1].start)
                #expect(record?.deepMilliseconds == Int64(45 * 60_000))
            }
        #expect(outcome.after.state.statistics.countsByType["sleepSampleIngested"] == 5)
        #expect(outcome.after.lastSeq == 5)
    }

    /// Decision: `source: nil` writes the store's source (here `phone`), so the plain
    /// `Scenario.then` applies.
    @Test func aNilSourceTakesTheStores() async throws {
        let samples = Array(try F.night().prefix(2))
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples, source: nil))
            .then(samples.map { .sleepSampleIngested($0) })
    }

    /// Decision: an anchored query with nothing new appends nothing.
    @Test func anEmptyBatchAppendsNothing() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: []))
            .then([])
    }

    // MARK: Accepted at the edges

    struct Edge: Sendable, CustomTestStringConvertible {
        var name: String
        var start: String
        var end: String
        var tz: String?
        var testDescription: String { name }
    }

    static let edges: [Edge] = [
        Edge(name: "exactly 24 h", start: "2026-11-30T07:00:00+01:00", end: "2026-12-01T07:00:00+01:00", tz: "Europe/Berlin"),
        Edge(name: "1 ms long", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T03:00:00.001+01:00", tz: "Europe/Berlin"),
        Edge(name: "ends exactly 1 day after now", start: "2026-12-02T07:00:00+01:00", end: "2026-12-02T08:00:00+01:00", tz: "Europe/Berlin"),
        Edge(name: "no zone of its own", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: nil),
        Edge(name: "another zone than the device's", start: "2026-12-01T03:00:00+09:00", end: "2026-12-01T04:00:00+09:00", tz: "Asia/Tokyo"),
        Edge(name: "years ago (a first sync reaches back)", start: "2020-02-29T23:00:00+01:00", end: "2020-03-01T06:00:00+01:00", tz: "Europe/Berlin"),
    ]

    /// docs/rules.md §8.2: the watch's newer tzdata may name a zone the phone does not know yet; the
    /// batch is appended whole, and the fold skips that sample with a warning naming the zone
    /// until the phone knows it. A zone in the wrong case is such a zone too.
    @Test(arguments: ["Mars/Olympus_Mons", "europe/berlin"])
    func aSampleInAZoneThePlatformDoesNotKnowIsAppendedAndSkippedByTheFold(zone: String) async throws {
        var samples = try F.night()
        samples[2] = try F.sleep("B", .deep, "2026-12-01T03:00:00+01:00", "2026-12-01T04:00:00+01:00", tz: zone)
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples))
        #expect(outcome.appended.map(\.payload) == samples.map { .sleepSampleIngested($0) })
        #expect(outcome.after.lastSeq == samples.count)
        #expect(outcome.after.warnings.all.map(\.description) == [
            "seq 3: skipped: time zone \"\(zone)\" is not known to this platform's time-zone data",
        ])
        #expect(outcome.after.state.statistics.countsByType["sleepSampleIngested"] == samples.count - 1)
    }

    @Test(arguments: edges)
    func aSampleAtTheEdgeOfTheRulesIsAccepted(_ edge: Edge) async throws {
        let sample = try F.sleep("EDGE", .asleep, edge.start, edge.end, tz: edge.tz)
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: [sample]))
            .thenAppended([.sleepSampleIngested(sample)])
    }

    // MARK: One bad sample rejects the batch

    struct BadSample: Sendable, CustomTestStringConvertible {
        var name: String
        var sampleId: String
        var start: String
        var end: String
        var tz: String?
        var rule: String
        var message: String
        var testDescription: String { name }
    }

    static let badSamples: [BadSample] = [
        BadSample(
            name: "zero length", sampleId: "B", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T03:00:00+01:00", tz: "Europe/Berlin",
            rule: "endNotAfterStart",
            message: "samples[2] (sampleId \"B\") ends at 2026-12-01T03:00:00+01:00, the instant it starts; a sample that ends after its start and lasts at most 24 h is accepted"
        ),
        BadSample(
            name: "ends before it starts", sampleId: "B", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T02:00:00+01:00", tz: "Europe/Berlin",
            rule: "endNotAfterStart", message: "before it starts at 2026-12-01T03:00:00+01:00"
        ),
        BadSample(
            name: "24 h + 1 s", sampleId: "B", start: "2026-11-30T07:00:00+01:00", end: "2026-12-01T07:00:01+01:00", tz: "Europe/Berlin",
            rule: "durationTooLong",
            message: "samples[2] (sampleId \"B\") lasts 24 h 0 min 1 s, from 2026-11-30T07:00:00+01:00 to 2026-12-01T07:00:01+01:00; a sample of at most 24 h is accepted"
        ),
        BadSample(
            name: "24 h + 1 ms", sampleId: "B", start: "2026-11-30T07:00:00+01:00", end: "2026-12-01T07:00:00.001+01:00", tz: "Europe/Berlin",
            rule: "durationTooLong", message: "lasts 24 h 0 min 0.001 s"
        ),
        BadSample(
            name: "ends more than a day after now", sampleId: "B", start: "2026-12-02T07:00:00+01:00", end: "2026-12-02T08:00:01+01:00", tz: "Europe/Berlin",
            rule: "endsTooLate",
            message: "samples[2] (sampleId \"B\") ends at 2026-12-02T08:00:01+01:00, more than 1 day after now (2026-12-01T08:00:00+01:00); a sample ending by 2026-12-02T08:00:00+01:00 is accepted"
        ),
        BadSample(
            name: "a zone that is not a zone name", sampleId: "B", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: "Mars/Olympus Mons",
            rule: "unknownTimeZone",
            message: "samples[2] (sampleId \"B\") names the zone \"Mars/Olympus Mons\", which is not a time zone name; an IANA time zone name such as \"Europe/Berlin\": 1 to 64 bytes of ASCII letters, digits, '/', '_', '-' and '+', or no zone (the event's zone is then used), is accepted"
        ),
        BadSample(
            name: "empty zone", sampleId: "B", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: "",
            rule: "unknownTimeZone", message: "names the zone \"\""
        ),
        BadSample(
            name: "Kelvin-sign zone", sampleId: "B", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: "Asia/\u{212A}arachi",
            rule: "unknownTimeZone", message: "which is not a time zone name"
        ),
        BadSample(
            name: "zone of 65 bytes", sampleId: "B", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: String(repeating: "z", count: 65),
            rule: "unknownTimeZone", message: "which is not a time zone name"
        ),
        BadSample(
            name: "empty sampleId", sampleId: "", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: "Europe/Berlin",
            rule: "blankSampleId", message: "samples[2] has a blank sampleId; the HealthKit sample's UUID (any text that is not empty or only spaces) is accepted"
        ),
        BadSample(
            name: "sampleId of spaces", sampleId: "  ", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: "Europe/Berlin",
            rule: "blankSampleId", message: "samples[2] has a blank sampleId"
        ),
        BadSample(
            name: "duplicate sampleId in the batch", sampleId: "A1", start: "2026-12-01T03:00:00+01:00", end: "2026-12-01T04:00:00+01:00", tz: "Europe/Berlin",
            rule: "duplicateSampleId",
            message: "samples[2] (sampleId \"A1\") repeats the sampleId of samples[0]; a batch with each sampleId once is accepted"
        ),
    ]

    /// The bad sample sits at index 2 of the night's batch: the whole batch is refused, the
    /// error names index 2 and its sampleId, and nothing is appended.
    @Test(arguments: badSamples)
    func aBatchWithOneBadSampleRejectsEverything(_ bad: BadSample) async throws {
        var samples = try F.night()
        samples[2] = try F.sleep(bad.sampleId, .deep, bad.start, bad.end, tz: bad.tz)
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples))
            .thenRejected(CommandError.Rule(rawValue: bad.rule), messageContains: bad.message)
        #expect(outcome.rejection?.sampleIndex == 2)
        #expect(outcome.after.lastSeq == 0)
    }

    @Test func theFirstBadSampleOfTheBatchIsTheOneNamed() async throws {
        var samples = try F.night()
        samples[1] = try F.sleep("A2", .core, "2026-12-01T03:00:00+01:00", "2026-12-01T03:00:00+01:00")
        samples[3] = try F.sleep("A1", .rem, "2026-12-01T03:00:00+01:00", "2026-12-01T04:00:00+01:00")
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples))
            .thenRejected(.endNotAfterStart, messageContains: "samples[1] (sampleId \"A2\")")
        #expect(outcome.rejection?.sampleIndex == 1)
    }

    @Test func aStageThatDoesNotExistIsRefusedByTheDecoder() throws {
        let line = #"{"seq":1,"id":"x","type":"sleepSampleIngested","v":1,"at":"2026-12-01T08:00:00+01:00","tz":"Europe/Berlin","data":{"sampleId":"A","stage":"nap","start":"2026-12-01T03:00:00+01:00","end":"2026-12-01T04:00:00+01:00","sourceName":"Apple Watch"}}"#
        var decoder = EventLineDecoder()
        #expect {
            _ = try decoder.decode(line: Array(line.utf8))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("stage") && text.contains("inBed") && text.contains("rem")
        }
    }

    // MARK: Event ids

    @Test func derivedIdsComeFromTheSampleIds() async throws {
        let samples = Array(try F.night().prefix(3))
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples, eventIdentifiers: .derivedFromSampleIds))
            .thenAppended(samples.map { .sleepSampleIngested($0) }, ids: ["hk-sleep-A1", "hk-sleep-A2", "hk-sleep-A3"])
        #expect(IngestSleepSamples.eventIdentifier(for: samples[0]) == "hk-sleep-A1")
    }

    /// Decision: a sampleId too long for `hk-sleep-<sampleId>` to fit 128 bytes gives the
    /// prefix and its 128-bit digest in hex, always the same.
    @Test func aLongSampleIdGivesADigestId() throws {
        let sampleId = String(repeating: "x", count: 120)
        let sample = try F.sleep(sampleId, .asleep, "2026-12-01T03:00:00+01:00", "2026-12-01T04:00:00+01:00")
        let identifier = IngestSleepSamples.eventIdentifier(for: sample)
        let digest = IdentifierDigest(sampleId)
        #expect(identifier.hasPrefix("hk-sleep-"))
        #expect(identifier.utf8.count == 9 + 32)
        #expect(identifier == "hk-sleep-" + String(format: "%016llx%016llx", digest.high, digest.low))
        let fits = String(repeating: "y", count: 119)
        #expect(SampleEventIdentifiers.derivedIdentifier(prefix: "hk-sleep-", sampleId: fits) == "hk-sleep-" + fits)
    }

    @Test func givenIdsAreUsedInOrder() async throws {
        let samples = Array(try F.night().prefix(2))
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples, eventIdentifiers: .given(["uuid-1", "uuid-2"])))
            .thenAppended(samples.map { .sleepSampleIngested($0) }, ids: ["uuid-1", "uuid-2"])
    }

    @Test(arguments: [
        (["uuid-1"], "1 event ids were given for 2 samples; one id per sample, in the samples' order, is accepted", nil as Int?),
        (["uuid-1", ""], "event id 1 (for sampleId \"A2\") has 0 UTF-8 bytes; an id of 1 to 128 bytes is accepted", 1),
        (["uuid-1", String(repeating: "é", count: 65)], "has 130 UTF-8 bytes", 1),
        (["same", "same"], "event id 1 (for sampleId \"A2\") repeats event id 0, \"same\"; ids that differ within the batch are accepted", 1),
    ])
    func invalidGivenIdsAreRejected(ids: [String], message: String, index: Int?) async throws {
        let samples = Array(try F.night().prefix(2))
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples, eventIdentifiers: .given(ids)))
            .thenRejected(.invalidEventIdentifiers, messageContains: message)
        #expect(outcome.rejection?.sampleIndex == index)
    }

    // MARK: Re-delivery

    /// The events a first ingest of `samples` with derived ids appended at `now`.
    static func firstIngest(_ samples: [SleepSampleIngested]) throws -> [Event] {
        F.events(samples.map { .sleepSampleIngested($0) }, at: try F.instant(F.now), ids: samples.map(IngestSleepSamples.eventIdentifier(for:)))
    }

    /// With derived ids, sending the same samples again (a retry at the same instant: the
    /// same events) appends nothing: the log answers the seqs they have.
    @Test func ingestingTheSameSamplesTwiceAppendsNothingTheSecondTime() async throws {
        let samples = try F.night()
        try await Scenario(given: try Self.firstIngest(samples), at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples, eventIdentifiers: .derivedFromSampleIds))
            .then([]) { state in
                #expect(state.statistics.countsByType["sleepSampleIngested"] == 5)
            }
    }

    /// A re-delivery with one new sample appends only the new one.
    @Test func aReDeliveryWithOneNewSampleAppendsOnlyIt() async throws {
        let samples = try F.night()
        try await Scenario(given: try Self.firstIngest(Array(samples.prefix(4))), at: try F.instant(F.now))
            .when(IngestSleepSamples(samples: samples, eventIdentifiers: .derivedFromSampleIds))
            .thenAppended([.sleepSampleIngested(samples[4])], ids: ["hk-sleep-A5"])
    }

    /// The same through one store over an in-memory log: the second send appends nothing.
    @Test func sendingTheSameIngestTwiceToAStoreAppendsOnce() async throws {
        let now = try F.instant(F.now)
        let log = try InMemoryEventLog()
        let environment = StoreEnvironment(now: { now }, timeZone: { "Europe/Berlin" }, makeIdentifier: { UUID().uuidString }, source: .phone)
        let store = try MoreSleepStore(log: log, environment: environment)
        let command = IngestSleepSamples(samples: try F.night(), eventIdentifiers: .derivedFromSampleIds)
        try await store.send(command)
        try await store.send(command)
        #expect(log.readAll().count == 5)
        #expect(log.readAll().map(\.id) == ["hk-sleep-A1", "hk-sleep-A2", "hk-sleep-A3", "hk-sleep-A4", "hk-sleep-A5"])
        #expect(await store.snapshot.lastSeq == 5)
    }

    /// A re-delivery at a later instant appends nothing: the samples are held as they are
    /// (the command asks the sleep projection), so no event with a known id is made again.
    @Test func aReDeliveryAtALaterInstantAppendsNothing() async throws {
        let samples = try F.night()
        try await Scenario(given: try Self.firstIngest(samples), at: try F.instant("2026-12-01T09:00:00+01:00"))
            .when(IngestSleepSamples(samples: samples, eventIdentifiers: .derivedFromSampleIds))
            .then([])
    }

    /// The same with fresh ids (the default): nothing is appended either.
    @Test func aReDeliveryWithFreshIdsAppendsNothing() async throws {
        let samples = try F.night()
        try await Scenario(given: try Self.firstIngest(samples), at: try F.instant("2026-12-01T09:00:00+01:00"))
            .when(IngestSleepSamples(samples: samples))
            .then([])
    }

    /// A changed sample (HealthKit edited it) is appended again, and replaces the old one.
    @Test func aChangedSampleIsAppendedAgain() async throws {
        let samples = try F.night()
        var changed = samples[0]
        changed.end = changed.end.adding(seconds: 60)
        try await Scenario(given: try Self.firstIngest(samples), at: try F.instant("2026-12-01T09:00:00+01:00"))
            .when(IngestSleepSamples(samples: [changed]))
            .thenAppended([.sleepSampleIngested(changed)])
    }
}
