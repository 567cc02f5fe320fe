import Events
import Foundation
import Testing
import TestSupport
import StrictJSON

/// docs/rules.md §8.2 through `replay-tool`: a log holding lines in zones this platform does not
/// know (Tests/Fixtures/Zones/unknown-zone.jsonl: a sample whose own `tz` is
/// `Mars/Olympus_Mons`, then the latest event, in that zone) verifies as sound, takes appends,
/// and `show` skips those events with one warning each while the latest still sets the
/// default instant. Golden: Tests/Fixtures/Zones/goldens (re-record with RECORD_GOLDENS=1 and
/// read the diff).
struct UnknownZoneToolTests {
    static let log = Golden.fixture("Zones/unknown-zone.jsonl").path

    static func copy(into folder: TemporaryFolder) throws -> String {
        try folder.write("log.jsonl", try String(contentsOfFile: Self.log, encoding: .utf8))
    }

    @Test func verifyFindsTheLogSound() {
        let run = ToolRun.run(["verify", Self.log])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output.hasSuffix("sound: 6 events, last seq 6\n"))
    }

    @Test func appendsGoOnAndTheLogStaysSound() throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(into: folder)
        let known = ToolRun.run(["append", path, "--expect-seq", "6"], input: ReplayToolTests.inputLine(id: "after-1"))
        #expect(known.code == .success, "\(known.error)")
        #expect(known.output == "7\n")
        let unknown = ReplayToolTests.inputLine(id: "after-2").replacingOccurrences(of: "Europe/Berlin", with: "Mars/Tharsis")
        // A zone this machine does not know is a night projections skip: the tool refuses it
        // by default, and appends it when told to (the format keeps such events).
        let refused = ToolRun.run(["append", path, "--expect-seq", "7"], input: unknown)
        #expect(refused.code == .dataError)
        #expect(refused.error.contains("Mars/Tharsis"), "\(refused.error)")
        let inUnknownZone = ToolRun.run(["append", path, "--expect-seq", "7", "--allow-skipped"], input: unknown)
        #expect(inUnknownZone.code == .success, "\(inUnknownZone.error)")
        #expect(inUnknownZone.output == "8\n")
        let verify = ToolRun.run(["verify", path])
        #expect(verify.code == .success)
        #expect(verify.output.hasSuffix("sound: 8 events, last seq 8\n"))
    }

    @Test func aZoneThatIsNotAZoneNameIsStillRefusedByAppend() throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(into: folder)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let input = ReplayToolTests.inputLine(id: "bad").replacingOccurrences(of: "Europe/Berlin", with: "Europe/Ber lin")
        let run = ToolRun.run(["append", path], input: input)
        #expect(run.code == .dataError)
        #expect(run.error.hasPrefix("<stdin>:1: key 'tz': expected \(ZoneName.expectedForm)"), "\(run.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test func showJSONSkipsTheEventsWithAWarningNamingTheZone() throws {
        let run = ToolRun.run(["show", Self.log, "--json"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: "Zones/goldens/unknown-zone-latest.json")
        let parsed = try #require(try JSONParser.parse(run.output).objectValue)
        // The default instant is the largest `at` in the log: the skipped event's.
        #expect(parsed["asOf"] == .string("2026-12-01T09:00:00+01:00"))
        let warnings = parsed["warnings"].flatMap { value -> [JSONValue]? in
            if case .array(let items) = value { return items } else { return nil }
        }
        #expect(warnings?.count == 2)
        let text = String(decoding: run.output.utf8, as: UTF8.self)
        #expect(text.contains(#"time zone \"Mars/Olympus_Mons\" is not known to this platform's time-zone data"#))
    }

    @Test func showTextSkipsTheEventsToo() {
        let run = ToolRun.run(["show", Self.log])
        #expect(run.code == .success)
        #expect(run.output.contains("seq 5: skipped: time zone \"Mars/Olympus_Mons\" is not known to this platform's time-zone data"))
        #expect(run.output.contains("seq 6: skipped: time zone \"Mars/Olympus_Mons\" is not known to this platform's time-zone data"))
    }
}
