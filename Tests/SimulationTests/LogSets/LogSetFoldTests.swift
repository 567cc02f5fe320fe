import TestSupport
import Store
import Commands
import EventLogFile
import Events
import Foundation
@testable import Projections
import Simulation
import Testing

/// Folding a log set (docs/sync.md): (`at`, stream name, `seq`) order, an id in two streams
/// counted once, warnings naming their stream, and the same state whatever order the
/// lines arrived in.
@Suite("Log sets: the fold order, ids across streams, convergence")
struct LogSetFoldTests {
    /// The bytes of `events` as a stream: seqs 1… in order.
    static func stream(_ events: [Event]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, event) in events.enumerated() {
            bytes += EventLineEncoder.encode(RecordedEvent(seq: index + 1, event: event))
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    static func goal(_ id: String, target: String, at: String, source: EventSource = .phone) throws -> Event {
        Event(
            id: id, at: try Instant(rfc3339: at), timeZone: "Europe/Berlin", source: source,
            payload: .goalSet(GoalSet(
                currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: target),
                days: 3, firstNight: try LocalDate(iso: "2026-12-01"), sleepNeedMinutes: nil)))
    }

    /// The fold of a log set holding `streams` (name → bytes).
    static func fold(_ streams: [String: [UInt8]]) throws -> LogSetFold.Folded<LogState> {
        let folder = try TemporaryFolder()
        for (name, bytes) in streams { _ = try folder.write(name + ".jsonl", bytes) }
        return try LogSetFold.fold(LogSetDirectory(path: folder.url.path), tornTail: nil)
    }

    @Test func eventsOfOneMillisecondGoByStreamName() throws {
        // Two goals at the same instant from two devices: the later in fold order replaces
        // the earlier, and that is the stream whose name sorts last.
        let at = "2026-11-30T20:00:00+01:00"
        let phone = Self.stream([try Self.goal("g-phone", target: "22:00", at: at)])
        let watch = Self.stream([try Self.goal("g-watch", target: "23:00", at: at, source: .watch)])
        for (names, winner) in [(("phone-1", "watch-1"), "23:00"), (("watch-1", "phone-1"), "22:00")] {
            let folded = try Self.fold([names.0: phone, names.1: watch])
            // The goal's last night (its ramp of 3 nights ends at the target).
            let plan = folded.runner.state.nightPlans.plan(for: try LocalDate(iso: "2026-12-03"))
            #expect(plan?.bedtime.text == winner, "\(names)")
        }
    }

    @Test func anIdInTwoStreamsCountsOnceAndOtherContentIsWarnedAbout() throws {
        let first = try Self.goal("shared", target: "22:00", at: "2026-11-30T20:00:00+01:00")
        // The same content re-appended by another device, later and from another source.
        var copy = first
        copy.at = try Instant(rfc3339: "2026-11-30T20:05:00+01:00")
        copy.source = .watch
        let same = try Self.fold(["phone-1": Self.stream([first]), "watch-1": Self.stream([copy])])
        #expect(same.runner.warnings.isEmpty, "\(same.runner.warnings.all)")
        #expect(same.runner.state.statistics.eventCount == 1)
        // Other content under the same id: skipped, naming both streams.
        let other = try Self.goal("shared", target: "23:30", at: "2026-11-30T20:05:00+01:00", source: .watch)
        let differs = try Self.fold(["phone-1": Self.stream([first]), "watch-1": Self.stream([other])])
        #expect(differs.runner.warnings.all.map(\.description) == [
            "watch-1:1: skipped: id already used by phone-1:1 with other content; the first in fold order counts",
        ])
        #expect(differs.runner.state.nightPlans.plan(for: try LocalDate(iso: "2026-12-03"))?.bedtime.text == "22:00")
    }

    @Test func aWarningNamesItsStreamAndATornTailItsFile() throws {
        // An override of a night that has no plan: skipped by the plans' rule.
        let override = Event(
            id: "o1", at: try Instant(rfc3339: "2026-11-30T20:00:00+01:00"), timeZone: "Europe/Berlin", source: .watch,
            payload: .bedtimeOverridden(BedtimeOverridden(night: .date(try LocalDate(iso: "2026-11-30")), bedtime: try TimeOfDay(text: "23:00"))))
        let torn = Array("{\"seq\":2,\"id\":\"cut".utf8)
        let folder = try TemporaryFolder()
        _ = try folder.write("watch-1.jsonl", Self.stream([override]) + torn)
        let folded = try LogSetFold.fold(LogSetDirectory(path: folder.url.path), tornTail: TornTailNotice(.none, .repairRemovesIt(tool: "replay-tool")))
        let descriptions = folded.runner.warnings.all.map(\.description)
        #expect(descriptions.first?.hasPrefix("watch-1:1: skipped:") == true, "\(descriptions)")
        #expect(descriptions.last?.hasPrefix("watch-1.jsonl: ") == true, "\(descriptions)")
        #expect(folded.tornTails.map { $0.stream?.text } == ["watch-1"])
    }

    @Test func untilSeqIsRefusedForALogSet() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: EventLogFileError.self) {
            try LogSetFold.fold(LogSetDirectory(path: folder.url.path), position: ReplayPosition(untilSeq: 3), tornTail: nil)
        }
        #expect(error?.code == .invalidArgument)
        let run = ToolRun.run(["show", folder.url.path, "--until-seq", "3"])
        #expect(run.code == .usage)
    }

    /// A log set's fold equals the fold of one log made by merging its streams in fold order
    /// (renumbered 1…): the same `show --json` bytes but for the warnings, whose seqs count
    /// per stream in the one and through the merged file in the other (they are as many).
    @Test(arguments: [UInt64(3), 17])
    func aLogSetFoldsAsItsStreamsMergedInFoldOrder(seed: UInt64) throws {
        var streams: [String: [Event]] = [:]
        for (offset, name) in ["phone-1", "watch-1", "ipad-1"].enumerated() {
            let log = try SimulatedLog(SimulationConfiguration(nights: 12, seed: seed &+ UInt64(offset)))
            // Distinct ids per stream: each is another person's history, mixed into one.
            streams[name] = log.events.map { recorded in
                var event = recorded.event
                event.id = name + "-" + event.id
                return event
            }
        }
        let views = try LogSetViews(streams)
        #expect(views.set == views.merged)
        #expect(views.setWarnings.components(separatedBy: "\n").count == views.mergedWarnings.components(separatedBy: "\n").count)
        #expect(views.set.contains("\"plans\""))
    }
}
