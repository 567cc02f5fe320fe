import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `DeleteSleepSamples`.
struct DeleteSleepSamplesTests {
    typealias F = SleepDataFixtures

    @Test func deletionsAreAppendedAsOneBatchFromHealth() async throws {
        let ingest = F.events([.sleepSampleIngested(try F.night()[0])], at: try F.instant("2026-12-01T07:30:00+01:00"), ids: ["given-1"])
        try await Scenario(given: ingest, at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: ["A1", "A2"]))
            .thenAppended([.sleepSampleDeleted(SleepSampleDeleted(sampleId: "A1")), .sleepSampleDeleted(SleepSampleDeleted(sampleId: "A2"))])
    }

    @Test func aDeletedSampleIsGoneFromTheNight() async throws {
        let ingest = F.events(try F.night().map { .sleepSampleIngested($0) }, at: try F.instant("2026-12-01T07:30:00+01:00"), ids: ["g1", "g2", "g3", "g4", "g5"])
        let night = try F.date("2026-11-30")
        try await Scenario(given: ingest, at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: ["A3"]))
            .thenAppended([.sleepSampleDeleted(SleepSampleDeleted(sampleId: "A3"))]) { state in
                #expect(state.sleep.records[night]?.deepMilliseconds == 0)
            }
    }

    /// Decision: deleting a sample the log never ingested is accepted (HealthKit reports
    /// deletions from before the app's anchor).
    @Test func deletingASampleNeverIngestedIsAccepted() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: ["NEVER-SEEN"]))
            .thenAppended([.sleepSampleDeleted(SleepSampleDeleted(sampleId: "NEVER-SEEN"))])
    }

    @Test func anEmptyListAppendsNothing() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: []))
            .then([])
    }

    @Test(arguments: [
        (["A1", "", "A3"], "blankSampleId", "sampleIds[1] has a blank sampleId", 1),
        (["A1", " \t", "A3"], "blankSampleId", "sampleIds[1] has a blank sampleId", 1),
        (["A1", "A2", "A1"], "duplicateSampleId", "sampleIds[2] (sampleId \"A1\") repeats the sampleId of sampleIds[0]; a batch with each sampleId once is accepted", 2),
    ])
    func aBadIdRejectsTheWholeList(ids: [String], rule: String, message: String, index: Int) async throws {
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: ids))
            .thenRejected(CommandError.Rule(rawValue: rule), messageContains: message)
        #expect(outcome.rejection?.sampleIndex == index)
    }

    @Test func derivedIdsNameTheDeletedSample() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: ["A1", "A2"], eventIdentifiers: .derivedFromSampleIds))
            .thenAppended(
                [.sleepSampleDeleted(SleepSampleDeleted(sampleId: "A1")), .sleepSampleDeleted(SleepSampleDeleted(sampleId: "A2"))],
                ids: ["hk-sleep-deleted-A1", "hk-sleep-deleted-A2"]
            )
        #expect(DeleteSleepSamples.eventIdentifier(forDeletionOf: "A1") == "hk-sleep-deleted-A1")
    }

    @Test func givenIdsMustBeOnePerSample() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(DeleteSleepSamples(sampleIds: ["A1", "A2"], eventIdentifiers: .given(["x", "y", "z"])))
            .thenRejected(.invalidEventIdentifiers, messageContains: "3 event ids were given for 2 samples")
    }
}
