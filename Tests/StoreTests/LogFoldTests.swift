import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// `LogFold`: the one fold of a whole log (store, replay-tool, replay-bench), and
/// `TornTailNotice`, the one wording of a torn tail that was not read.
struct LogFoldTests {
    /// A copy of the sample week (it holds an event queued offline, so the reader restarts)
    /// in a fresh folder, with `tail` appended; the folder is removed by `body`'s caller.
    static func sampleWeekCopy(appending tail: String = "") throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("log-fold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("log.jsonl").path
        var bytes = try Data(contentsOf: Golden.fixture("SampleWeek/sample-week.jsonl"))
        bytes.append(Data(tail.utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test("a file is folded in (at, seq) order, starting again when the reader does")
    func aFileIsFoldedInTimeOrderAcrossARestart() throws {
        let (directory, path) = try Self.sampleWeekCopy()
        defer { try? FileManager.default.removeItem(at: directory) }
        var seen: [Int] = []
        var restarts = 0
        let (runner, summary): (ProjectionRunner<LogState>, _) = try LogFold.fold(
            path: path, tornTail: TornTailNotice(.none, .repairRemovesIt(tool: "replay-tool")),
            restart: { restarts += 1; seen = [] },
            beforeEach: { event, _ in seen.append(event.seq) }
        )
        let all = try EventLogReader.forEachEventInTimeOrder(path: path, restart: {}, { _ in })
        #expect(summary.lateEventCount > 0)
        #expect(restarts == 1)
        let sorted = EventOrdering.sorted(try FileEventLog(path: path, createIfMissing: false).readAll())
        #expect(seen == sorted.map(\.seq))
        var expected = ProjectionRunner<LogState>()
        expected.apply(contentsOf: sorted)
        #expect(runner.state == expected.state)
        #expect(runner.warnings == expected.warnings)
        #expect(runner.appliedCount == expected.appliedCount)
        #expect(summary == all)
    }

    @Test("a fold of a position leaves out the events beyond it")
    func aPositionIsKept() throws {
        let (directory, path) = try Self.sampleWeekCopy()
        defer { try? FileManager.default.removeItem(at: directory) }
        let position = ReplayPosition(instant: nil, untilSeq: 40)
        let (runner, _): (ProjectionRunner<LogStatistics>, _) = try LogFold.fold(path: path, position: position, tornTail: nil)
        #expect(runner.position == position)
        #expect(runner.appliedCount == 40)
    }

    @Test("a torn tail becomes the one warning its notice words, or none without a notice")
    func aTornTailBecomesTheNoticesWarning() throws {
        let (directory, path) = try Self.sampleWeekCopy(appending: #"{"seq":163,"id":"torn"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notice = TornTailNotice(.line, .appendsRefusedUntilRepaired)
        let (warned, summary): (ProjectionRunner<LogState>, _) = try LogFold.fold(path: path, tornTail: notice)
        let torn = try #require(summary.tornTail)
        #expect(torn.firstLine == 163)
        #expect(warned.warnings.all.last == ProjectionWarnings.Warning(seq: nil, message: notice.text(torn)))
        let (silent, _): (ProjectionRunner<LogState>, _) = try LogFold.fold(path: path, tornTail: nil)
        #expect(silent.warnings.all.count == warned.warnings.all.count - 1)
        #expect(silent.state == warned.state)

        // The same log through the storage protocol (the store's way) folds the same.
        let (stored, storedTorn): (ProjectionRunner<LogState>, _) = try LogFold.fold(log: try FileEventLog(path: path, createIfMissing: false), tornTail: notice)
        #expect(storedTorn == torn)
        #expect(stored.state == warned.state)
        #expect(stored.warnings == warned.warnings)
    }

    @Test("a log in memory is folded in (at, seq) order")
    func aLogInMemoryIsFoldedInTimeOrder() throws {
        let late = try EventFactory.event("late", .appTierAssigned(AppTierAssigned(app: "Mail", tier: .blockFirst)), at: "2026-11-30T20:00:00+01:00")
        let early = try EventFactory.event("first", .appTierAssigned(AppTierAssigned(app: "Reddit", tier: .block30Min)), at: "2026-11-30T21:00:00+01:00")
        let log = try InMemoryEventLog([early, late])
        var seen: [String] = []
        let (runner, torn): (ProjectionRunner<LogState>, _) = try LogFold.fold(log: log, tornTail: nil, beforeEach: { event, _ in seen.append(event.id) })
        #expect(seen == ["late", "first"])
        #expect(torn == nil)
        #expect(runner.appliedCount == 2)
    }

    /// What each reader says of a torn tail; these are the texts of the store's warning,
    /// `replay-tool stats`' warning, the tool's fold warning and its notice on standard
    /// error (goldens and tests elsewhere pin them too).
    @Test("a torn tail's notice: where it is, what it is, not read, and the remedy", arguments: [
        (TornTailNotice(.line, .appendsRefusedUntilRepaired),
         "line 7: torn tail: no newline (line 7, 12 bytes from byte 300) — not read, and appends are refused until it is repaired"),
        (TornTailNotice(.line, .repairRemovesIt(tool: "replay-tool")),
         "line 7: torn tail: no newline (line 7, 12 bytes from byte 300) — not read; 'replay-tool repair' removes it"),
        (TornTailNotice(.none, .repairRemovesIt(tool: "replay-tool")),
         "torn tail: no newline (line 7, 12 bytes from byte 300) — not read; 'replay-tool repair' removes it"),
        (TornTailNotice(.file(path: "a/log.jsonl"), .runRepair(tool: "replay-tool", path: "a/log.jsonl")),
         "a/log.jsonl:7: torn tail: no newline (line 7, 12 bytes from byte 300) — not read; run 'replay-tool repair a/log.jsonl' to remove it"),
    ])
    func noticeText(notice: TornTailNotice, expected: String) {
        let torn = TornTail(firstLine: 7, lineCount: 1, byteOffset: 300, byteCount: 12, reason: "no newline")
        #expect(notice.text(torn) == expected)
    }
}
