import TestSupport
import EventLogFile
import Events
import Foundation
import Projections
@testable import Simulation
import Testing

/// The log as a file: the same arguments give the same bytes, seqs and ids are sound, and
/// the log passes the package's verification and replays without a warning.
struct LogSimulatorTests {
    @Test(arguments: SimulationProfile.allCases)
    func theSameConfigurationGivesTheSameBytes(profile: SimulationProfile) throws {
        let configuration = SimulationConfiguration(nights: 21, profile: profile)
        let first = try SimulatedLog(configuration)
        let second = try SimulatedLog(configuration)
        #expect(first.events.count > 21 * 20)
        #expect(first.bytes == second.bytes)
    }

    @Test func anotherSeedGivesAnotherLog() throws {
        let one = try SimulatedLog(SimulationConfiguration(nights: 14, seed: 1))
        let other = try SimulatedLog(SimulationConfiguration(nights: 14, seed: 2))
        #expect(one.bytes != other.bytes)
        #expect(Set(one.events.map(\.id)).isDisjoint(with: other.events.map(\.id)))
        let sampleIds = { (log: SimulatedLog) in Set(log.sleepSamples.map(\.sample.sampleId)) }
        #expect(sampleIds(one).isDisjoint(with: sampleIds(other)))
    }

    @Test func aShorterRunIsTheStartOfALongerOne() throws {
        let short = try SimulatedLog(SimulationConfiguration(nights: 10, seed: 7))
        let long = try SimulatedLog(SimulationConfiguration(nights: 25, seed: 7))
        #expect(long.bytes.count > short.bytes.count)
        #expect(long.bytes.starts(with: short.bytes))
    }

    /// The simulator rebuilds its state every 100 nights from the events that still shape
    /// decisions; rebuilding it every 3 nights, or never, must give the same log. The run
    /// holds goal changes and trips, which is what the rebuilt state must get right.
    @Test func rebuildingTheStateChangesNoDecision() throws {
        let configuration = SimulationConfiguration(nights: 130, seed: 11)
        let never = try SimulatedLog.bytes(of: configuration, compactionInterval: .max)
        let often = try SimulatedLog.bytes(of: configuration, compactionInterval: 3)
        let log = try SimulatedLog(configuration)
        #expect(log.countsByType["goalSet", default: 0] >= 2)
        #expect(Set(log.events.map(\.event.timeZone)).count >= 2)
        #expect(often == never)
        #expect(log.bytes == never)
    }

    @Test(arguments: SimulationProfile.allCases)
    func seqsRunFromOneAndIdsNeverRepeat(profile: SimulationProfile) throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 30, seed: 3, profile: profile))
        #expect(log.events.map(\.seq) == Array(1...log.events.count))
        #expect(Set(log.events.map(\.id)).count == log.events.count)
        #expect(log.events.allSatisfy { Self.isUUIDShaped($0.id, uppercase: false) })
        let sampleIds = log.sleepSamples.map(\.sample.sampleId)
        #expect(Set(sampleIds).count == sampleIds.count)
        #expect(sampleIds.allSatisfy { Self.isUUIDShaped($0, uppercase: true) })
        #expect(log.events.allSatisfy { $0.event.source != nil })
    }

    @Test func atNeverGoesBackSoTheFoldOrderIsTheSeqOrder() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 40, profile: .struggling))
        let moments = log.events.map(\.at.millisecondsSince1970)
        #expect(zip(moments, moments.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(EventOrdering.sorted(log.events).map(\.seq) == log.events.map(\.seq))
    }

    @Test func batchesAreWholeAndInOrder() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 20))
        var index = 0
        var batches = 0
        while index < log.events.count {
            guard let batch = log.events[index].batch else {
                index += 1
                continue
            }
            #expect(batch.index == 1)
            let members = log.events[index..<min(index + batch.count, log.events.count)]
            #expect(members.count == batch.count)
            #expect(members.map { $0.batch?.index } == Array(1...batch.count).map { Optional($0) })
            #expect(members.allSatisfy { $0.at == members.first?.at })
            batches += 1
            index += batch.count
        }
        // Every HealthKit delivery is one batch; "done" on a reminder too.
        #expect(batches >= log.summary.nights)
    }

    @Test(arguments: [
        ("Europe/Berlin", "2026-10-19"),
        ("Europe/Berlin", "2027-03-24"),
        ("America/New_York", "2026-10-28"),
        ("America/New_York", "2027-03-10"),
        ("Australia/Sydney", "2026-09-30"),
        ("Asia/Kolkata", "2026-06-01"),
    ])
    func theLogPassesVerifyAndReplaysWithoutAWarning(zone: String, start: String) throws {
        let configuration = SimulationConfiguration(nights: 35, seed: 5, firstNight: try LocalDate(iso: start), timeZone: zone)
        let log = try SimulatedLog(configuration)
        let folder = try TemporaryFolder()
        let path = try folder.write("simulated.jsonl", log.bytes)
        let report = try FileEventLog.verify(path: path)
        #expect(report.isSound, "\(report.issues)")
        #expect(report.eventCount == log.events.count)
        #expect(report.lastSeq == log.events.count)
        var runner = ProjectionRunner<LogState>()
        let summary = try EventLogReader.forEachEventInTimeOrder(path: path, restart: { runner = ProjectionRunner<LogState>() }) { runner.apply($0) }
        #expect(summary.lateEventCount == 0)
        #expect(runner.appliedCount == log.events.count)
        #expect(runner.warnings.isEmpty, "\(runner.warnings.all.prefix(3))")
        #expect(log.events.first?.event.timeZone == zone)
    }

    @Test func aLongRunOfEachProfileReplaysWithoutAWarning() throws {
        for profile in SimulationProfile.allCases {
            let log = try SimulatedLog(SimulationConfiguration(nights: 150, seed: 21, profile: profile))
            let runner = log.replay()
            #expect(runner.warnings.isEmpty, "\(profile): \(runner.warnings.all.prefix(3))")
            #expect(runner.appliedCount == log.events.count)
        }
    }

    @Test func theSummaryCountsWhatTheLogHolds() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 60, seed: 4))
        let counts = log.countsByType
        #expect(log.summary.events == log.events.count)
        #expect(log.summary.nights == 60)
        #expect(log.summary.sleepSamples == counts["sleepSampleIngested"])
        #expect(log.summary.vitalSamples == counts["vitalSampleIngested"])
        #expect(log.summary.exitsRequested == counts["exitRequested"])
        let nightsWithSamples = Set(log.sleepSamples.map(\.night))
        #expect(log.summary.nightsWithoutData == log.nights.filter { !nightsWithSamples.contains($0) }.count)
        var zones: [String] = []
        for event in log.events where !zones.contains(event.event.timeZone) { zones.append(event.event.timeZone) }
        #expect(log.summary.zones == zones)
    }

    /// The figure the documentation gives: about 40 events a night with the default
    /// profile, a little more for `steady`, fewer for `struggling` (fewer checklist items).
    @Test func eventsPerNightAreAboutTheDocumentedFigure() throws {
        let mixed = try SimulatedLog(SimulationConfiguration(nights: 200, seed: 8)).summary.eventsPerNight
        let steady = try SimulatedLog(SimulationConfiguration(nights: 200, seed: 8, profile: .steady)).summary.eventsPerNight
        let struggling = try SimulatedLog(SimulationConfiguration(nights: 200, seed: 8, profile: .struggling)).summary.eventsPerNight
        #expect((35...45).contains(mixed))
        #expect(steady > struggling)
    }

    @Test func aConfigurationThatCannotRunIsRefusedNamingTheValue() {
        #expect(throws: SimulationConfigurationError.self) { try LogSimulator(configuration: SimulationConfiguration(nights: 0)) }
        do {
            _ = try LogSimulator(configuration: SimulationConfiguration(nights: 5, timeZone: "Mars/Olympus_Mons"))
            Issue.record("an unknown zone was accepted")
        } catch {
            #expect(error.field == .timeZone)
            #expect(error.message.contains("Mars/Olympus_Mons"))
        }
        do {
            _ = try LogSimulator(configuration: SimulationConfiguration(nights: SimulationConfiguration.maximumNights + 1))
            Issue.record("too many nights were accepted")
        } catch {
            #expect(error.field == .nights)
        }
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        #expect(SimulationConfiguration.defaultFirstNight.iso == "2026-10-19")
        #expect(SimulationConfiguration.defaultTimeZone == "Europe/Berlin")
        #expect(SimulationConfiguration.defaultSeed == 2026)
        #expect(SimulationProfile.defaultProfile == .mixed)
        #expect(SimulationConfiguration.firstNightRange.lowerBound.iso == "2000-01-01")
        #expect(SimulationConfiguration.firstNightRange.upperBound.iso == "2199-12-31")
    }

    /// `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`, in one case.
    static func isUUIDShaped(_ text: String, uppercase: Bool) -> Bool {
        let characters = Array(text)
        guard characters.count == 36 else { return false }
        let digits = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        for (index, character) in characters.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard character == "-" else { return false }
            } else if !digits.contains(character) {
                return false
            }
        }
        return characters[14] == "4" && (uppercase ? "89AB" : "89ab").contains(characters[19])
    }
}
