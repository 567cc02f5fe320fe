import Foundation
import Testing
import TestSupport

/// `--at` as people type it: an instant with its offset, a time on the log's own clock, or
/// a date (its noon, the start of that night), read in the log's zone at that moment, with
/// standard error saying which instant was used.
struct AtOptionTests {
    static let trip = Golden.fixture("Plans/trip.jsonl").path
    static let dstWeek = Golden.fixture("Plans/dst-week.jsonl").path

    /// The "as of" line `show` prints first.
    static func asOfLine(_ run: ToolRun) -> String {
        String(run.output.split(separator: "\n").first ?? "")
    }

    /// The trip: Chicago, then Los Angeles from 2026-12-02T16:10-08:00 (18:10 in Chicago),
    /// then Chicago again from 2026-12-05T15:20-06:00 (13:20 in Los Angeles).
    @Test(arguments: [
        ("2026-12-01T23:00", "2026-12-01T23:00:00-06:00", "America/Chicago", false),
        ("2026-12-03T23:00", "2026-12-03T23:00:00-08:00", "America/Los_Angeles", false),
        ("2026-12-03T23:00:30", "2026-12-03T23:00:30-08:00", "America/Los_Angeles", false),
        // Flying west the clock read 17:00 in Chicago before the change: the first occurrence.
        ("2026-12-02T17:00", "2026-12-02T17:00:00-06:00", "America/Chicago", false),
        ("2026-12-02T18:30", "2026-12-02T18:30:00-08:00", "America/Los_Angeles", false),
        // Flying east the clock jumped from 13:20 to 15:20: 14:00 never showed.
        ("2026-12-05T14:00", "2026-12-05T15:20:00-06:00", "America/Chicago", true),
        ("2026-12-06T22:00", "2026-12-06T22:00:00-06:00", "America/Chicago", false),
    ] as [(String, String, String, Bool)])
    func aTimeWithoutAnOffsetIsReadOnTheLogsClockThen(typed: String, instant: String, zone: String, skipped: Bool) {
        let run = ToolRun.run(["show", Self.trip, "--at", typed])
        #expect(run.code == .success, "\(run.error)")
        #expect(Self.asOfLine(run).hasPrefix("as of \(instant) "), "\(Self.asOfLine(run))")
        #expect(run.error.hasPrefix("--at \(typed): read as \(instant), on the clock of \(zone), the log's zone then"), "\(run.error)")
        #expect(run.error.contains("never read") == skipped, "\(run.error)")
        let explicit = ToolRun.run(["show", Self.trip, "--at", instant])
        #expect(explicit.output == run.output, "the same view as the instant typed with its offset")
        #expect(explicit.error.isEmpty)
    }

    @Test func aDateIsItsNoonTheStartOfThatNight() {
        let run = ToolRun.run(["show", Self.trip, "--at", "2026-12-03"])
        #expect(run.code == .success, "\(run.error)")
        #expect(Self.asOfLine(run) == "as of 2026-12-03T12:00:00-08:00 in America/Los_Angeles, night 2026-12-03")
        #expect(run.error == "--at 2026-12-03: read as 2026-12-03T12:00:00-08:00, noon of night 2026-12-03 on the clock of America/Los_Angeles, the log's zone then\n")
    }

    /// Daylight saving in Berlin, 2026-10-25: 02:30 happened twice; the first counts.
    @Test func aTimeThatHappenedTwiceTakesItsFirstOccurrence() {
        let run = ToolRun.run(["why", Self.dstWeek, "--night", "2026-10-24", "--at", "2026-10-25T02:30"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.error.hasPrefix("--at 2026-10-25T02:30: read as 2026-10-25T02:30:00+02:00,"), "\(run.error)")
    }

    @Test(arguments: ["trace", "scores", "insights", "report", "why"])
    func everyCommandWithAtTakesAReading(command: String) throws {
        var arguments = [command, Self.trip, "--at", "2026-12-04T21:00"]
        switch command {
        case "trace": arguments += ["--figure", "debt"]
        case "why": arguments += ["--night", "2026-12-04"]
        default: break
        }
        let run = ToolRun.run(arguments)
        #expect(run.code == .success, "\(command): \(run.error)")
        #expect(run.error.contains("--at 2026-12-04T21:00: read as 2026-12-04T21:00:00-08:00, on the clock of America/Los_Angeles"), "\(command): \(run.error)")
    }

    @Test(arguments: ["2026-12-03T25:00", "2026-12-3", "23:00", "2026-12-03T23", "2026-12-03T23:00:61", "tomorrow"])
    func anythingElseIsAUsageErrorNamingTheForms(typed: String) {
        let run = ToolRun.run(["show", Self.trip, "--at", typed])
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("Error: The value '\(typed)' is invalid for '--at': give an instant with its offset (2026-12-03T23:00:00+01:00), a time on the log's clock (2026-12-03T23:00) or a date (2026-12-03)\n"), "\(run.error)")
    }

    @Test func aLogWithoutAZoneCannotBeReadOnItsClock() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.jsonl")
        try Data().write(to: URL(fileURLWithPath: path))
        let run = ToolRun.run(["show", path, "--at", "2026-12-03T23:00"])
        #expect(run.code == .usage)
        #expect(run.error.hasPrefix("Error: '--at 2026-12-03T23:00' has no offset, and the log names no time zone to read it in: give one, such as 2026-12-03T23:00:00+01:00"), "\(run.error)")
    }
}
