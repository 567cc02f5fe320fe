import Events
@testable import Projections
import Testing
import TestSupport
import Views

/// A runner read as an open reads it keeps its largest columns (the ids' digests, the sleep
/// samples, the vital readings) in place in the payload: it answers as a copied one, keeps
/// the changes since beside them (never copying them), checks every byte it keeps as the
/// copy checks it, and holds the payload exactly as long as it lives.
@Suite("Checkpoint: columns read in place")
struct CheckpointInPlaceTests {
    /// The sleep layout's log, with sample ids of every kind of key: texts (its own), and
    /// UUIDs in upper and lower case.
    static func log() throws -> PlanLog {
        var log = try CheckpointSleepLayoutTests.log()
        for (id, stage, start, end) in [
            ("8F0C3B62-6A3E-4D39-9E0B-5D1F7C2A4B11", SleepStage.core, "2026-12-01T23:50:00+01:00", "2026-12-02T01:00:00+01:00"),
            ("1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", .deep, "2026-12-02T01:00:00+01:00", "2026-12-02T02:00:00+01:00"),
            ("night-2-rem", .rem, "2026-12-02T02:00:00+01:00", "2026-12-02T03:00:00+01:00"),
        ] {
            _ = try log.add(try SleepLedgerTests.sample(id, stage, start, end), at: "2026-12-02T09:00:00+01:00", source: .health)
        }
        _ = try log.add(try CheckpointSleepLayoutTests.hrv("3F2504E0-4F89-11D3-9A0C-0305E82C3301", 52, minuteFrom: "2026-12-02T02:00:00+01:00"), at: "2026-12-02T09:01:00+01:00", source: .health)
        return log
    }

    static let ids = [
        "bed", "c1", "c2", "d1", "r2", "w1", "night-2-rem", "not-a-sample",
        "8F0C3B62-6A3E-4D39-9E0B-5D1F7C2A4B11", "8f0c3b62-6a3e-4d39-9e0b-5d1f7c2a4b11",
        "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", "1B9D6BCD-BBFD-4B2D-9B5D-AB8DFBBD4BED",
    ]

    @Test func keptInPlaceAnswersAsCopiedWithoutCopying() throws {
        let log = try Self.log()
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: log.events)
        let payload = original.checkpointPayload()
        let copied = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        let kept = try KeptPayload.runner(payload).runner
        #expect(kept.identifiersKeptInPlace)
        #expect(!copied.identifiersKeptInPlace, "without a keeper nothing of the payload is kept")
        #expect(kept.state.sleep.columnsReadInPlace == (true, true))
        #expect(copied.state.sleep.columnsReadInPlace == (false, false))
        for id in Self.ids {
            #expect(kept.state.sleep.sample(withId: id) == original.state.sleep.sample(withId: id), "\(id)")
            #expect(kept.state.sleep.night(ofSampleId: id) == original.state.sleep.night(ofSampleId: id), "\(id)")
        }
        for night in ["2026-11-30", "2026-12-01"] {
            #expect(kept.state.sleep.vitals(on: try date(night)) == original.state.sleep.vitals(on: try date(night)), "\(night)")
        }
        let now = original.latestInstant
        #expect(JSONView.text(state: kept.state, warnings: kept.warnings, asOf: now) == JSONView.text(state: original.state, warnings: original.warnings, asOf: now))
        #expect(kept.state == original.state)
        #expect(kept.checkpointPayload() == payload)
        #expect(kept.state.sleep.columnsReadInPlace == (true, true), "answering, comparing and writing copy nothing")
    }

    /// Ingests, replacements and deletions are kept beside the columns, which stay in place;
    /// the runner folds on as the original.
    @Test func changesAreKeptBesideTheColumns() throws {
        var log = try Self.log()
        let cut = log.events.count
        _ = try log.goal("23:30", "22:30", days: 5, firstNight: "2026-12-03", at: "2026-12-02T12:00:00+01:00")
        let untouched = log.events.count
        _ = try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed")), at: "2026-12-02T12:01:00+01:00", source: .health)
        // A sample held again with another end (replaced in its slot), and a new one.
        _ = try log.add(try SleepLedgerTests.sample("night-2-rem", .rem, "2026-12-02T02:00:00+01:00", "2026-12-02T03:30:00+01:00"), at: "2026-12-02T12:01:30+01:00", source: .health)
        _ = try log.add(try SleepLedgerTests.sample("night-2-awake", .awake, "2026-12-02T03:30:00+01:00", "2026-12-02T03:40:00+01:00"), at: "2026-12-02T12:01:40+01:00", source: .health)
        _ = try log.add(try CheckpointSleepLayoutTests.hrv("v9", 44, minuteFrom: "2026-12-02T02:30:00+01:00"), at: "2026-12-02T12:02:00+01:00", source: .health)
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: log.events[..<cut])
        var (kept, keeper) = try KeptPayload.runner(original.checkpointPayload())
        original.apply(contentsOf: log.events[cut...])
        kept.apply(contentsOf: log.events[cut..<untouched])
        #expect(kept.state.sleep.columnsReadInPlace == (true, true), "a goal changes no sample")
        kept.apply(contentsOf: log.events[untouched...])
        #expect(kept.state.sleep.columnsReadInPlace == (true, true))
        #expect(kept.state.sleep.replacedInPlace == (2, 0), "night-2-rem in its slot, night-2-awake in a deleted sample's")
        #expect(kept.identifiersKeptInPlace, "the ids read stay in place; new ones go to the table")
        #expect(kept.state == original.state)
        #expect(kept.checkpointPayload() == original.checkpointPayload())
        for id in Self.ids + ["night-2-awake", "v9"] {
            #expect(kept.state.sleep.sample(withId: id) == original.state.sleep.sample(withId: id), "\(id)")
        }
        #expect(kept.state.sleep.sample(withId: "night-2-rem")?.end == (try instant("2026-12-02T03:30:00+01:00")).millisecondsSince1970)
        #expect(kept.state.sleep.vitals(on: try date("2026-12-01")) == original.state.sleep.vitals(on: try date("2026-12-01")))
        #expect(keeper.isAlive)
    }

    /// The payload lives exactly as long as a value read from it: a state copied out of the
    /// runner keeps it, and it goes with the last such value.
    @Test func thePayloadLivesAsLongAsTheState() throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: try Self.log().events)
        var (runner, keeper): (ProjectionRunner<LogState>?, WeakKeeper) = try KeptPayload.runner(original.checkpointPayload())
        var state: LogState? = runner?.state
        runner = nil
        #expect(keeper.isAlive, "the state copied out still reads from it")
        #expect(state?.sleep.sample(withId: "c2") == original.state.sleep.sample(withId: "c2"))
        #expect(state == original.state)
        state = nil
        #expect(!keeper.isAlive, "nothing holds it once the last state is gone")
    }

    /// Random byte changes: the payload read in place throws exactly when the copy throws,
    /// and when both read, they write the same bytes and fold on alike (every byte kept is
    /// checked as the copy checks it).
    @Test(arguments: ["FrozenLogs/v1/all-types.jsonl", "Fortnight/fortnight.jsonl", "SampleWeek/sample-week.jsonl", "in-place"])
    func keptAndCopiedRefuseTheSameBytes(path: String) throws {
        let events = path == "in-place" ? try Self.log().events : try CheckpointFixtures.events(of: path)
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: events)
        let payload = original.checkpointPayload()
        var random = SplitMix(seed: UInt64(path.utf8.count) &+ 17)
        var thrown = 0
        for round in 0..<400 {
            var changed = payload
            for _ in 0..<(1 + round % 3) {
                changed[random.next(below: changed.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            let copied = Result { () throws(CheckpointDecodingError) in try ProjectionRunner<LogState>(checkpointPayload: changed, position: .end) }
            let kept = Result { () throws(CheckpointDecodingError) in try KeptPayload.runner(changed).runner }
            switch (copied, kept) {
            case (.failure, .failure):
                thrown += 1
            case (.success(var copied), .success(var kept)):
                #expect(kept.checkpointPayload() == copied.checkpointPayload(), "round \(round)")
                copied.apply(contentsOf: events.suffix(5))
                kept.apply(contentsOf: events.suffix(5))
                #expect(kept.checkpointPayload() == copied.checkpointPayload(), "round \(round), folded on")
            case (.success, .failure(let error)):
                Issue.record("round \(round): only the payload read in place was refused: \(error)")
            case (.failure(let error), .success):
                Issue.record("round \(round): only the copy was refused: \(error)")
            }
        }
        #expect(thrown > 0)
    }

    @Test func everyTruncationThrowsInPlace() throws {
        var original = ProjectionRunner<LogState>()
        original.apply(contentsOf: try Self.log().events)
        let payload = original.checkpointPayload()
        for length in 0..<payload.count {
            #expect(throws: CheckpointDecodingError.self, "cut to \(length) of \(payload.count) bytes") {
                _ = try KeptPayload.runner(Array(payload[..<length]))
            }
        }
    }
}
