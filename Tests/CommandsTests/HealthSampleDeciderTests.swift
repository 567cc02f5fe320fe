import Commands
import Events
import HealthImport
import Projections
import Testing
import TestSupport

/// One rule for caffeine samples and workouts (`HealthSamples.rejection(of:at:)`): for each
/// row, the command refuses exactly when the fold skips the event and the Health export
/// importer rejects the record.
@Suite("Caffeine and workouts: the commands, the fold and the importer refuse the same")
struct HealthSampleDeciderTests {
    static let now = SampleIntervalDeciderTests.now
    static let hour: Int64 = 3600

    struct CaffeineRow: Sendable, CustomTestStringConvertible {
        var mg: Double
        /// The start, in seconds from now.
        var start: Int64
        var rule: CommandError.Rule?
        var importerReason: String?
        var testDescription: String { "\(mg) mg at \(start) s: \(rule?.rawValue ?? "accepted")" }
    }

    static let caffeineRows: [CaffeineRow] = [
        CaffeineRow(mg: 95, start: -hour, rule: nil),
        CaffeineRow(mg: 1000, start: 0, rule: nil),
        CaffeineRow(mg: 0.1, start: -400 * 24 * hour, rule: nil),
        CaffeineRow(mg: 0, start: -hour, rule: .caffeineOutOfRange, importerReason: "the caffeine is not more than 0 and at most 1000 mg"),
        CaffeineRow(mg: -5, start: -hour, rule: .caffeineOutOfRange, importerReason: "the caffeine is not more than 0 and at most 1000 mg"),
        CaffeineRow(mg: 1000.5, start: -hour, rule: .caffeineOutOfRange, importerReason: "the caffeine is not more than 0 and at most 1000 mg"),
        CaffeineRow(mg: 95, start: 24 * hour, rule: nil),
        CaffeineRow(mg: 95, start: 24 * hour + 1, rule: .startsTooLate, importerReason: "the sample starts more than 1 day after its creationDate"),
    ]

    struct WorkoutRow: Sendable, CustomTestStringConvertible {
        var activity = "running"
        var start: Int64
        var end: Int64
        var kilocalories: Double?
        var rule: CommandError.Rule?
        var importerReason: String?
        var testDescription: String { "\(activity) \(start) s → \(end) s, \(kilocalories.map { "\($0) kcal" } ?? "no energy"): \(rule?.rawValue ?? "accepted")" }
    }

    static let workoutRows: [WorkoutRow] = [
        WorkoutRow(start: -2 * hour, end: -hour, kilocalories: 300, rule: nil),
        WorkoutRow(start: -24 * hour, end: 0, rule: nil),
        WorkoutRow(start: -24 * hour - 1, end: 0, rule: .durationTooLong, importerReason: "the sample lasts more than 24 h"),
        WorkoutRow(start: -hour, end: -hour, rule: .endNotAfterStart, importerReason: "the workout lasts 0 s"),
        WorkoutRow(start: -hour, end: -2 * hour, rule: .endNotAfterStart, importerReason: "the sample ends before it starts"),
        WorkoutRow(start: 23 * hour, end: 24 * hour, rule: nil),
        WorkoutRow(start: 23 * hour, end: 24 * hour + 1, rule: .endsTooLate, importerReason: "the sample ends more than 1 day after its creationDate"),
        WorkoutRow(start: -2 * hour, end: -hour, kilocalories: 0, rule: nil),
        // The importer never makes a negative energy or a blank activity: the fold and the command only.
        WorkoutRow(start: -2 * hour, end: -hour, kilocalories: -1, rule: .energyOutOfRange),
        WorkoutRow(activity: " ", start: -2 * hour, end: -hour, rule: .blankActivity),
    ]

    /// A number as the export writes it (`95`, `62.5`).
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }

    static func instant(_ seconds: Int64) -> Instant { now.adding(milliseconds: seconds * 1000) }

    static func fold(_ payload: EventPayload) -> (FoldOutcome<ProjectionWarnings.Rule>, ProjectionWarnings) {
        var samples = HealthSamples()
        var warnings = ProjectionWarnings()
        let event = RecordedEvent(seq: 1, event: Event(id: "probe", at: now, timeZone: "UTC", payload: payload))
        return (samples.apply(event, warnings: &warnings), warnings)
    }

    static func importerReason(_ record: HealthExportRecord) -> String?? {
        var mapper = HealthRecordMapper()
        switch mapper.map(record) {
        case .rejected(let reason): return .some(reason)
        case .caffeine, .workout: return .some(nil)
        case .sleep, .vital, .ignored: return nil
        }
    }

    @Test(arguments: caffeineRows)
    func caffeine(row: CaffeineRow) async throws {
        let start = Self.instant(row.start)
        let sample = CaffeineIngested(sampleId: "c1", mg: row.mg, start: start, sourceName: "Coffee Log")
        let outcome = try await Scenario(given: [], at: Self.now, timeZone: "UTC").when(IngestCaffeineSamples(samples: [sample]))
        #expect(outcome.commandError?.rule == row.rule, "command: \(String(describing: outcome.commandError))")
        #expect(outcome.commandError == nil || outcome.appended.isEmpty)

        let (folded, warnings) = Self.fold(.caffeineIngested(sample))
        #expect(folded.isSkipped == (row.rule != nil), "fold: \(warnings.all)")
        #expect(warnings.all.map(\.rule) == (row.rule == nil ? [] : [.sample]))

        guard row.mg > 0 || row.rule != nil else { return }
        let record = HealthExportRecord(line: 1, attributes: [
            .init("type", "HKQuantityTypeIdentifierDietaryCaffeine"), .init("sourceName", "Coffee Log"), .init("unit", "mg"),
            .init("creationDate", SampleIntervalDeciderTests.exportDate(Self.now)),
            .init("startDate", SampleIntervalDeciderTests.exportDate(start)), .init("endDate", SampleIntervalDeciderTests.exportDate(start)),
            .init("value", Self.number(row.mg)),
        ], metadata: [.init("HKTimeZone", "UTC")])
        #expect(Self.importerReason(record) == .some(row.importerReason))
    }

    @Test(arguments: workoutRows)
    func workout(row: WorkoutRow) async throws {
        let start = Self.instant(row.start)
        let end = Self.instant(row.end)
        let workout = WorkoutIngested(sampleId: "w1", activity: row.activity, start: start, end: end, sourceName: "Watch", kilocalories: row.kilocalories)
        let outcome = try await Scenario(given: [], at: Self.now, timeZone: "UTC").when(IngestWorkouts(workouts: [workout]))
        #expect(outcome.commandError?.rule == row.rule, "command: \(String(describing: outcome.commandError))")
        #expect(outcome.commandError == nil || outcome.appended.isEmpty)

        let (folded, warnings) = Self.fold(.workoutIngested(workout))
        #expect(folded.isSkipped == (row.rule != nil), "fold: \(warnings.all)")

        guard row.rule == nil || row.importerReason != nil else { return }
        var attributes: [HealthExportRecord.Entry] = [
            .init("workoutActivityType", "HKWorkoutActivityType" + row.activity.prefix(1).uppercased() + row.activity.dropFirst()),
            .init("sourceName", "Watch"), .init("creationDate", SampleIntervalDeciderTests.exportDate(Self.now)),
            .init("startDate", SampleIntervalDeciderTests.exportDate(start)), .init("endDate", SampleIntervalDeciderTests.exportDate(end)),
        ]
        if let kilocalories = row.kilocalories {
            attributes += [.init("totalEnergyBurned", Self.number(kilocalories)), .init("totalEnergyBurnedUnit", "kcal")]
        }
        let record = HealthExportRecord(line: 1, attributes: attributes, metadata: [.init("HKTimeZone", "UTC")], element: .workout)
        #expect(Self.importerReason(record) == .some(row.importerReason))
    }

    @Test func aDeletedIdIsLeftOutAndReplayedStaysDeleted() async throws {
        let sample = CaffeineIngested(sampleId: "c1", mg: 95, start: Self.instant(-Self.hour), sourceName: "Coffee Log")
        let deletion = Event(id: "d", at: Self.instant(-60), timeZone: "UTC", payload: .healthSampleDeleted(HealthSampleDeleted(sampleId: "c1")))
        let outcome = try await Scenario(given: [deletion], at: Self.now, timeZone: "UTC").when(IngestCaffeineSamples(samples: [sample]))
        #expect(outcome.commandError == nil)
        #expect(outcome.appended.isEmpty, "a deleted sample stays deleted: nothing to append")

        let deleted = try await Scenario(given: [], at: Self.now, timeZone: "UTC").when(DeleteHealthSamples(sampleIds: ["c1", "c1"]))
        #expect(deleted.commandError?.rule == .duplicateSampleId)
    }
}
