import TestSupport
import EventLogFile
import Events
import Foundation
import ReplayToolKit
@testable import Simulation
import Testing

/// `replay-tool simulate` in process: what it writes, how, and its usage errors.
struct SimulateCommandTests {
    @Test func theToolWritesTheSimulatorsLogAndASummaryOnStandardError() throws {
        let run = ToolRun.run(["simulate", "--nights", "5"])
        #expect(run.code == .success)
        let expected = try SimulatedLog(SimulationConfiguration(nights: 5))
        #expect(Array(run.output.utf8) == expected.bytes)
        #expect(run.error.contains("simulate: 5 nights, \(expected.events.count) events"))
    }

    @Test func everyOptionReachesTheSimulator() throws {
        let run = ToolRun.run(["simulate", "--nights", "9", "--seed", "77", "--profile", "struggling", "--start", "2027-03-24", "--zone", "America/New_York"])
        #expect(run.code == .success)
        let configuration = SimulationConfiguration(nights: 9, seed: 77, profile: .struggling, firstNight: try LocalDate(iso: "2027-03-24"), timeZone: "America/New_York")
        #expect(Array(run.output.utf8) == (try SimulatedLog(configuration)).bytes)
    }

    @Test func aLargeLogIsWrittenInChunksOfWholeLines() throws {
        let run = ToolRun.run(["simulate", "--nights", "120"])
        #expect(run.code == .success)
        #expect(run.output.utf8.count > 3 * (1 << 16))
        #expect(run.outputWrites >= run.output.utf8.count / (1 << 16))
        #expect(run.outputWrites < run.output.utf8.count / 10_000)
    }

    @Test func theWrittenLogVerifiesAndItsStatsHaveNoWarning() throws {
        let run = ToolRun.run(["simulate", "--nights", "21", "--profile", "struggling"])
        let folder = try TemporaryFolder()
        let path = try folder.write("log.jsonl", Array(run.output.utf8))
        let verify = ToolRun.run(["verify", path])
        #expect(verify.code == .success)
        #expect(verify.output.contains("sound"))
        let stats = ToolRun.run(["stats", path])
        #expect(stats.code == .success)
        #expect(stats.output.contains("warnings: 0"))
        #expect(stats.output.contains("zones: Europe/Berlin, America/New_York"))
    }

    @Test(arguments: [
        (["--nights", "0"], "--nights", "0"),
        (["--nights", "-3"], "--nights", "-3"),
        (["--nights", "ten"], "--nights", "ten"),
        (["--nights", "2.5"], "--nights", "2.5"),
        (["--nights", "50001"], "--nights", "50001"),
        (["--nights", "3", "--seed", "-1"], "--seed", "-1"),
        (["--nights", "3", "--seed", "0x10"], "--seed", "0x10"),
        (["--nights", "3", "--seed", "18446744073709551616"], "--seed", "18446744073709551616"),
        (["--nights", "3", "--profile", "lazy"], "--profile", "lazy"),
        (["--nights", "3", "--start", "2026-02-30"], "--start", "2026-02-30"),
        (["--nights", "3", "--start", "30.10.2026"], "--start", "30.10.2026"),
        (["--nights", "3", "--start", "1999-12-31"], "--start", "1999-12-31"),
        (["--nights", "3", "--zone", "Mars/Olympus_Mons"], "--zone", "Mars/Olympus_Mons"),
        (["--nights", "3", "--zone", ""], "--zone", "''"),
    ])
    func aBadValueIsAUsageErrorNamingTheOptionAndTheValue(arguments: [String], option: String, value: String) {
        let run = ToolRun.run(["simulate"] + arguments)
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("'\(option)'"))
        #expect(run.error.contains(value))
        #expect(run.error.contains("Usage: replay-tool simulate"))
    }

    @Test func anUnknownProfileErrorListsTheKnownOnes() {
        let run = ToolRun.run(["simulate", "--nights", "3", "--profile", "lazy"])
        #expect(run.error.contains("steady, mixed, struggling"))
    }

    @Test func nightsAreRequired() {
        let run = ToolRun.run(["simulate"])
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("--nights <n>"))
    }

    @Test func helpDescribesTheProfilesDefaultsAndLimits() {
        let run = ToolRun.run(["simulate", "--help"])
        #expect(run.code == .success)
        for text in ["OVERVIEW: Write a realistic synthetic log", "USAGE: replay-tool simulate --nights <n>", "OPTIONS:",
                     "steady:", "mixed (the default):", "struggling:", "(default: 2026)", "(default: 2026-10-19)",
                     "(default: Europe/Berlin)", "(default: mixed)", "50000"] {
            #expect(run.output.contains(text), "help lacks \(text)")
        }
        // Usage lines are never wrapped; every other line fits 80 columns.
        #expect(run.output.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE: ") })
    }
}
