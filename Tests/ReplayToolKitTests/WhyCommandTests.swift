import TestSupport
import EventLogFile
import Events
import Foundation
import Testing

/// `replay-tool why`: the revision horizon (docs/rules.md §1.4) names the event the bedtime
/// came from, and `--all` lists every revision.
@Suite("replay-tool why")
struct WhyCommandTests {
    /// A goal on 2026-11-01, then a trip every three days until 2026-11-28 (London and back):
    /// each a zone change, so a revision of every later night.
    static func tripsLog(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("trips.jsonl")
        let log = try FileEventLog(path: path)
        var events = [Event(
            id: "goal", at: try Instant(rfc3339: "2026-11-01T20:00:00+01:00"), timeZone: "Europe/Berlin", source: .phone,
            payload: .goalSet(GoalSet(currentBedtime: try TimeOfDay(text: "23:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 3, firstNight: try LocalDate(iso: "2026-11-02"))))]
        var zone = "Europe/Berlin"
        var day = try LocalDate(iso: "2026-11-05")
        while day <= (try LocalDate(iso: "2026-11-29")) {
            zone = zone == "Europe/Berlin" ? "Europe/London" : "Europe/Berlin"
            let offset = zone == "Europe/Berlin" ? "+01:00" : "Z"
            events.append(Event(
                id: "trip-\(day.iso)", at: try Instant(rfc3339: "\(day.iso)T10:00:00\(offset)"), timeZone: zone, source: .phone,
                payload: .appTierAssigned(AppTierAssigned(app: "App\(day.iso)", tier: .blockFirst))))
            day = day.adding(days: 3)
        }
        _ = try log.append(events)
        return path
    }

    @Test func theEntryBeforeTheWeekIsTheGoalTheBedtimeCameFrom() throws {
        let folder = try TemporaryFolder()
        let path = try Self.tripsLog(in: folder)
        let run = ToolRun.run(["why", path, "--night", "2026-12-01"])
        #expect(run.code == .success, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("3 revisions, oldest first:"), "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("  1. seq 1: goalSet at ") }, "\(run.output)")
        #expect(run.output.contains("the bedtime as it stood before the night's week, set by this event (night 2026-11-01; 7 other revisions from before not listed, see --all): created: bedtime 22:30"), "\(run.output)")
    }

    @Test func allListsEveryRevision() throws {
        let folder = try TemporaryFolder()
        let path = try Self.tripsLog(in: folder)
        let run = ToolRun.run(["why", path, "--night", "2026-12-01", "--all"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("10 revisions, oldest first:"), "\(run.output)")
        for seq in 1...10 { #expect(run.output.contains("seq \(seq): "), "seq \(seq)") }
        #expect(!run.output.contains("before the night's week"))
        #expect(run.output.contains("zone Europe/Berlin → Europe/London"))
    }
}
