import TestSupport
import EventLogFile
import Events
import Foundation
import HealthImport
import Projections
import Testing

/// Caffeine records and `<Workout>` elements (Tests/Fixtures/HealthExport/export-workouts.xml,
/// see its README): what they become, once each, whatever the creation dates.
struct HealthImportWorkoutTests {
    static func importWorkouts(into log: String, zone: String? = "Europe/Berlin") throws -> HealthImportReport {
        try HealthImporterTests.importExport(Fixtures.workoutsExport, into: log, zone: zone)
    }

    static func state(of log: String) throws -> (LogState, ProjectionWarnings) {
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(try FileEventLog(path: log, createIfMissing: false).readAll()))
        return (runner.state, runner.warnings)
    }

    @Test func importsCaffeineAndWorkoutsOnceEach() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let report = try Self.importWorkouts(into: log)
        #expect(report.recordsSeen == 17)
        #expect(report.caffeineAdded == 2)
        #expect(report.workoutsAdded == 3)
        #expect(report.sleepSamplesAdded == 0 && report.vitalsAdded == 0)
        #expect(report.repeatedInExport == 7, "a caffeine record repeated, and one workout written 7 times with new creation dates")
        #expect(report.rejections == [
            .init(line: 29, reason: "the caffeine is not more than 0 and at most 1000 mg"),
            .init(line: 30, reason: "the caffeine is not given in mg"),
            .init(line: 54, reason: "the sample lasts more than 24 h"),
            .init(line: 55, reason: "the workoutActivityType is not an HKWorkoutActivityType name"),
        ])
        #expect(report.otherRecordsIgnored == 1)
        HealthImporterTests.checkSums(report)

        let (state, warnings) = try Self.state(of: log)
        #expect(warnings.all.isEmpty, "\(warnings.all)")
        let caffeine = state.health.caffeineSamples
        #expect(caffeine.map(\.mg) == [95, 62.5])
        #expect(caffeine.map(\.start.rfc3339) == ["2025-06-16T08:00:00+02:00", "2025-06-16T15:30:00+02:00"])
        #expect(caffeine.map(\.timeZone) == ["Europe/Berlin", "Europe/Berlin"], "HKTimeZone, else --tz")
        let workouts = state.health.workouts
        #expect(workouts.map(\.activity) == ["running", "traditionalStrengthTraining", "highIntensityIntervalTraining"])
        #expect(workouts.map(\.sourceName) == ["Lena’s Apple Watch", "Gym Log", "Lena’s Apple Watch"])
        #expect(workouts[0].timeZone == "Europe/Berlin", "the workout's own HKTimeZone, not its route's")
        #expect(workouts[0].kilocalories == 301.2, "the active energy statistics")
        #expect(abs((workouts[1].kilocalories ?? 0) - 240) < 1e-9, "totalEnergyBurned in kJ, converted")
        #expect(workouts[2].kilocalories == 210, "Cal is kcal")
        // Start and end as given: 2 h 7 min, though the app says 42 active minutes.
        #expect(workouts[1].start.rfc3339 == "2025-06-17T18:55:00+02:00")
        #expect(workouts[1].end.rfc3339 == "2025-06-17T21:02:00+02:00")
        // The export prints +0200; the workout's zone says New York.
        #expect(workouts[2].start.rfc3339 == "2025-06-18T07:00:00-04:00")
        #expect(workouts[2].timeZone == "America/New_York")
        #expect(workouts[2].day.iso == "2025-06-18")

        let events = try HealthImporterTests.events(log)
        let strength = events.filter { if case .workoutIngested(let workout) = $0.payload { workout.activity == "traditionalStrengthTraining" } else { false } }
        #expect(strength.map(\.at.rfc3339) == ["2025-06-17T21:03:00+02:00"], "the first copy's creationDate")
        #expect(strength.first?.timeZone == "Europe/Berlin")
        if case .workoutIngested(let workout) = strength.first?.payload { #expect(workout.timeZone == nil, "no HKTimeZone of its own") }
    }

    @Test func importingAgainAddsNothing() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        _ = try Self.importWorkouts(into: log)
        let before = HealthImporterTests.bytes(log)
        let again = try Self.importWorkouts(into: log)
        #expect(again.added == 0)
        #expect(again.alreadyPresent == 5)
        #expect(again.repeatedInExport == 7)
        HealthImporterTests.checkSums(again)
        #expect(HealthImporterTests.bytes(log) == before)
    }

    @Test func withoutAZoneRecordsWithoutHKTimeZoneAreRejected() throws {
        let folder = try TemporaryFolder()
        let report = try Self.importWorkouts(into: folder.path("log.jsonl"), zone: nil)
        #expect(report.caffeineAdded == 1)
        #expect(report.workoutsAdded == 2)
        #expect(report.rejectionReasons.first { $0.reason.contains("no --tz") }?.count == 11, "3 caffeine records (a repeat and 1500 mg among them: the zone is asked first), the 7 copies of a workout, the hike")
        HealthImporterTests.checkSums(report)
    }

    @Test func theContentIdLeavesOutTheCreationDateAndTheEnergy() {
        func record(creation: String, energy: String) -> HealthExportRecord {
            HealthExportRecord(line: 1, attributes: [
                .init("workoutActivityType", "HKWorkoutActivityTypeCycling"), .init("sourceName", "Ride App"),
                .init("totalEnergyBurned", energy), .init("totalEnergyBurnedUnit", "kcal"),
                .init("creationDate", creation), .init("startDate", "2025-06-16 18:00:00 +0200"), .init("endDate", "2025-06-16 19:00:00 +0200"),
            ], metadata: [.init("HKTimeZone", "Europe/Berlin")], element: .workout)
        }
        var mapper = HealthRecordMapper()
        let first = HealthRecordMapperTests.event(mapper.map(record(creation: "2025-06-16 19:01:00 +0200", energy: "500")))
        let second = HealthRecordMapperTests.event(mapper.map(record(creation: "2025-06-18 07:00:00 +0200", energy: "505")))
        #expect(first != nil && first?.id == second?.id)
    }

    @Test(arguments: [
        ("HKWorkoutActivityTypeRunning", "running"),
        ("HKWorkoutActivityTypeHighIntensityIntervalTraining", "highIntensityIntervalTraining"),
        ("HKWorkoutActivityTypeTaiChi", "taiChi"),
        ("HKWorkoutActivityTypeOther", "other"),
    ])
    func activityNames(type: String, activity: String) {
        var mapper = HealthRecordMapper()
        let record = HealthExportRecord(line: 1, attributes: [
            .init("workoutActivityType", type), .init("sourceName", "Watch"),
            .init("startDate", "2025-06-16 18:00:00 +0200"), .init("endDate", "2025-06-16 19:00:00 +0200"),
        ], metadata: [.init("HKTimeZone", "Europe/Berlin")], element: .workout)
        guard case .workout(let event) = mapper.map(record), case .workoutIngested(let workout) = event.payload else {
            Issue.record("not a workout")
            return
        }
        #expect(workout.activity == activity)
        #expect(workout.kilocalories == nil)
    }

    @Test func workoutsAreYieldedOnlyWhenAskedFor() throws {
        var without = try HealthExportScanner(path: Fixtures.workoutsExport, recordTypes: ["HKQuantityTypeIdentifierDietaryCaffeine"])
        var count = 0
        while try without.next() != nil { count += 1 }
        #expect(count == 5 && without.workoutCount == 0)
        var with = try HealthExportScanner(path: Fixtures.workoutsExport, recordTypes: [], workouts: true, chunkSize: 7)
        var workouts: [HealthExportRecord] = []
        while let item = try with.next() { if case .record(let record) = item { workouts.append(record) } }
        #expect(workouts.count == 11 && with.workoutCount == 11)
        #expect(workouts.allSatisfy { $0.element == .workout })
        #expect(workouts[0].line == 32)
        #expect(workouts[0].metadata.map(\.value) == ["0", "Europe/Berlin"], "a route's metadata is not the workout's")
        #expect(workouts[0].statistics.count == 2)
    }
}
