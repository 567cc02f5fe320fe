@_spi(LogTools) import EventLogFile
import Events
import Foundation
import ReplayToolKit
import TestSupport
import Testing

/// Whole hostile files (Tests/Fixtures/Hostile, see its README): each must give a clear
/// error naming the file and the line, through `FileEventLog.verify`,
/// `EventLogReader.forEachEvent` and `replay-tool verify`, and never crash, hang or skip a
/// line silently (every line is either read as an event or reported). The single bad
/// lines of LogVerificationTests are not repeated here; these are files.
///
/// Decided: an empty file is a sound log of 0 events (a log that was created and never
/// appended to), not an error.
enum HostileCorpus {
    /// `Tests/Fixtures/Hostile`, found from this file.
    static let directory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Hostile").standardizedFileURL.path

    static func path(_ name: String) -> String { directory + "/" + name }

    /// Every `.jsonl` file of the corpus (fuzz crashes included), sorted.
    static let fileNames: [String] = {
        let manager = FileManager.default
        var names = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".jsonl") }
        let crashes = directory + "/fuzz-crashes"
        names += ((try? manager.contentsOfDirectory(atPath: crashes)) ?? []).filter { $0.hasSuffix(".jsonl") }.map { "fuzz-crashes/" + $0 }
        return names.sorted()
    }()
}

/// What one hostile file must produce.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The line of the first problem, and text its message must hold (the key, or what is wrong).
    var firstLine: Int
    var substring: String
    /// The lines `verify` must report, when it is more than the first.
    var reportedLines: [Int]? = nil
    /// `true` when the only damage is a torn tail (the reader then reads what comes before it).
    var tornTail = false

    var testDescription: String { name }
}

private let hostileCases: [HostileCase] = [
    // Truncation.
    .init(name: "truncated-line.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "torn-tail.jsonl", firstLine: 3, substring: "torn tail", tornTail: true),
    .init(name: "unterminated-string.jsonl", firstLine: 2, substring: "invalid JSON"),
    // Encoding.
    .init(name: "invalid-utf8.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "invalid-utf8-outside-string.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "overlong-utf8.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "lone-surrogate-escape.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "raw-control-character.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "nul-byte.jsonl", firstLine: 2, substring: "NUL"),
    .init(name: "nul-line.jsonl", firstLine: 2, substring: "NUL"),
    .init(name: "bom.jsonl", firstLine: 1, substring: "byte-order mark"),
    .init(name: "bom-mid-file.jsonl", firstLine: 2, substring: "byte-order mark"),
    .init(name: "utf16.jsonl", firstLine: 1, substring: "NUL", reportedLines: [1, 2, 3]),
    .init(name: "crlf.jsonl", firstLine: 1, substring: "carriage return", reportedLines: [1, 2, 3]),
    .init(name: "crlf-one-line.jsonl", firstLine: 2, substring: "carriage return"),
    .init(name: "cr-only.jsonl", firstLine: 1, substring: "carriage return"),
    // Structure.
    .init(name: "deeply-nested-payload.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "deeply-nested-objects.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "unclosed-nesting.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "trailing-comma-envelope.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "trailing-comma-data.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "trailing-comma-batch.jsonl", firstLine: 2, substring: "invalid JSON", reportedLines: [2, 3]),
    .init(name: "blank-line.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "whitespace-line.jsonl", firstLine: 2, substring: "invalid JSON"),
    .init(name: "not-an-object.jsonl", firstLine: 2, substring: "expected a JSON object", reportedLines: [2, 3, 4]),
    .init(name: "two-objects-on-a-line.jsonl", firstLine: 2, substring: "invalid JSON", reportedLines: [2, 3]),
    .init(name: "garbage.jsonl", firstLine: 2, substring: "invalid JSON"),
    // Not logs at all: their end is not a torn tail (repair leaves them; RepairOfNonLogsTests).
    .init(name: "not-a-log-json-array.jsonl", firstLine: 1, substring: "not a MoreSleep event line"),
    .init(name: "not-a-log-one-json-line.jsonl", firstLine: 1, substring: "not a MoreSleep event line"),
    .init(name: "not-a-log-json-lines.jsonl", firstLine: 1, substring: "key 'seq'", reportedLines: [1, 2]),
    .init(name: "not-a-log-csv.jsonl", firstLine: 1, substring: "invalid JSON", reportedLines: [1, 2]),
    .init(name: "not-a-log-binary.jsonl", firstLine: 1, substring: "carriage return", reportedLines: [1, 2, 3]),
    .init(name: "not-a-log-zeros.jsonl", firstLine: 1, substring: "NUL", reportedLines: [1, 2]),
    // Keys and types.
    .init(name: "duplicate-envelope-key.jsonl", firstLine: 2, substring: "key 'seq'"),
    .init(name: "duplicate-data-key.jsonl", firstLine: 2, substring: "data.night"),
    .init(name: "wrong-types.jsonl", firstLine: 2, substring: "key 'seq'", reportedLines: Array(2...10)),
    .init(name: "missing-keys.jsonl", firstLine: 2, substring: "key 'seq'", reportedLines: [2, 3]),
    .init(name: "huge-seq.jsonl", firstLine: 2, substring: "key 'seq'"),
    .init(name: "huge-exponent-seq.jsonl", firstLine: 2, substring: "key 'seq'"),
    .init(name: "huge-payload-number.jsonl", firstLine: 2, substring: "key 'data.days'"),
    .init(name: "huge-exponent-payload-number.jsonl", firstLine: 2, substring: "key 'data.days'"),
    .init(name: "negative-zero-seq.jsonl", firstLine: 2, substring: "key 'seq'"),
    .init(name: "seq-overflow.jsonl", firstLine: 2, substring: "key 'seq'", reportedLines: [2, 3]),
]

/// Files that crash the process today (library bugs, see the report): checked in a child
/// process, as known issues, so the suite survives them and notices when they are fixed.
private let crashingCaseNames: Set<String> = []

/// The sound files of the corpus and their event counts.
private let soundCases: [(String, Int)] = [("sound-empty.jsonl", 0), ("sound-unknown-fields.jsonl", 2)]

/// Checks one hostile file through all three readers; records issues, never throws.
private func checkHostile(_ testCase: HostileCase, path: String) {
    // verify: lists every problem.
    do {
        let report = try FileEventLog.verify(path: path)
        #expect(!report.isSound, "\(testCase.name): verify found nothing wrong")
        let first = report.issues.first
        #expect(first?.line == testCase.firstLine, "\(testCase.name): first issue \(String(describing: first))")
        #expect(first?.message.contains(testCase.substring) == true, "\(testCase.name): \(String(describing: first))")
        if let lines = testCase.reportedLines {
            #expect(Array(Set(report.issues.map(\.line))).sorted() == lines, "\(testCase.name): \(report.issues)")
        }
        expectNoSilentSkip(report, name: testCase.name)
    } catch {
        Issue.record("\(testCase.name): verify threw \(error)")
    }

    // The reader: stops at the first problem, naming the file and line (a torn tail is not an error).
    var eventsRead = 0
    do {
        let summary = try EventLogReader.forEachEvent(path: path) { _ in eventsRead += 1 }
        if testCase.tornTail {
            #expect(summary.tornTail?.firstLine == testCase.firstLine, "\(testCase.name): \(String(describing: summary.tornTail))")
            #expect(eventsRead == testCase.firstLine - 1)
        } else {
            Issue.record("\(testCase.name): the reader read \(eventsRead) events and reported nothing")
        }
    } catch {
        #expect(!testCase.tornTail, "\(testCase.name): a torn tail must not stop the reader: \(error)")
        #expect(error.path == path, "\(testCase.name): \(error)")
        #expect(error.line == testCase.firstLine, "\(testCase.name): \(error)")
        #expect(error.description.hasPrefix("\(path):\(testCase.firstLine): "), "\(testCase.name): \(error)")
        #expect(error.code == .corrupt || error.code == .lineTooLong, "\(testCase.name): \(error.code)")
        #expect(eventsRead <= testCase.firstLine - 1, "\(testCase.name): events after the bad line were handed out")
    }

    // replay-tool verify: exit 65, FILE:LINE: message on standard error.
    let run = ToolRun(["verify", path])
    #expect(run.code == .dataError, "\(testCase.name): exit \(run.code), \(run.error)")
    #expect(run.error.contains("\(path):\(testCase.firstLine): "), "\(testCase.name): \(run.error)")
    #expect(run.output.isEmpty, "\(testCase.name): \(run.output)")
}

/// Every line is either read as an event or named by an issue (or stands in a torn tail).
private func expectNoSilentSkip(_ report: FileEventLog.VerificationReport, name: String) {
    var covered = Set(report.issues.map(\.line))
    if let torn = report.tornTail { covered.formUnion(torn.firstLine..<(torn.firstLine + torn.lineCount)) }
    #expect(report.issues.allSatisfy { (1...max(report.lineCount, 1)).contains($0.line) }, "\(name): \(report.issues)")
    #expect(
        report.eventCount + covered.count >= report.lineCount,
        "\(name): \(report.lineCount) lines, \(report.eventCount) events, \(covered.count) lines reported"
    )
}

@Suite("Hostile input: whole malformed log files", .timeLimit(.minutes(2)))
struct HostileInputTests {
    @Test("every corpus file is in the table (no fixture goes unchecked)")
    func everyFixtureIsChecked() {
        let known = Set(hostileCases.map(\.name) + soundCases.map(\.0))
        #expect(HostileCorpus.fileNames.count >= hostileCases.count + soundCases.count, "corpus not found at \(HostileCorpus.directory)")
        let fuzzCrashes = HostileCorpus.fileNames.filter { $0.hasPrefix("fuzz-crashes/") }
        #expect(Set(HostileCorpus.fileNames).subtracting(known).subtracting(fuzzCrashes).isEmpty)
        #expect(known.subtracting(HostileCorpus.fileNames).isEmpty)
    }

    @Test("a hostile file gives a clear error naming file and line", arguments: hostileCases.filter { !crashingCaseNames.contains($0.name) })
    func hostileFile(_ testCase: HostileCase) {
        checkHostile(testCase, path: HostileCorpus.path(testCase.name))
    }

    /// A `seq` of Int.max (which would have no successor) is refused as a bad seq, and the
    /// scanner never overflows: once a crash (`nextSeq = seq + 1`), now a reported line.
    @Test("a seq of Int.max is reported, not a crash")
    func seqOfIntMax() throws {
        let report = try FileEventLog.verify(path: HostileCorpus.path("seq-overflow.jsonl"))
        #expect(report.issues.map(\.line) == [2, 3])
        #expect(report.issues.allSatisfy { $0.message.contains("key 'seq'") })
    }

    /// Inputs the fuzzer found to crash (Tests/Fixtures/Hostile/fuzz-crashes): reading them
    /// must not crash (checked in a child process, which reads them all).
    @Test("fuzz crash inputs do not crash verify or the reader")
    func fuzzCrashes() async {
        await #expect(processExitsWith: .success) {
            for name in HostileCorpus.fileNames where name.hasPrefix("fuzz-crashes/") {
                _ = try? FileEventLog.verify(path: HostileCorpus.path(name))
                _ = try? EventLogReader.forEachEvent(path: HostileCorpus.path(name)) { _ in }
            }
        }
    }

    @Test("an odd but sound file is read in full", arguments: soundCases.map(\.0))
    func soundFile(_ name: String) throws {
        let expected = try #require(soundCases.first { $0.0 == name }?.1)
        let path = HostileCorpus.path(name)
        let report = try FileEventLog.verify(path: path)
        #expect(report.isSound, "\(report.issues)")
        #expect(report.eventCount == expected)
        var events: [RecordedEvent] = []
        let summary = try EventLogReader.forEachEvent(path: path) { events.append($0.event) }
        #expect(events.count == expected)
        #expect(summary.tornTail == nil)
        let run = ToolRun(["verify", path])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("sound: \(expected) events"))
    }

    @Test("unknown fields, huge numbers and deep nesting within the limit are kept")
    func unknownFieldsAreKept() throws {
        var events: [RecordedEvent] = []
        try EventLogReader.forEachEvent(path: HostileCorpus.path("sound-unknown-fields.jsonl")) { events.append($0.event) }
        #expect(events.count == 2)
        #expect(events.first?.event.additionalEnvelopeFields["future"] != nil)
        #expect(events.last?.event.additionalPayloadFields["big"] != nil)
        #expect(events.last?.event.additionalPayloadFields["x"] != nil)
    }

    @Test("an empty file is a sound log of 0 events")
    func emptyFile() throws {
        let report = try FileEventLog.verify(path: HostileCorpus.path("sound-empty.jsonl"))
        #expect(report.isSound && report.eventCount == 0 && report.lineCount == 0 && report.lastSeq == 0)
    }

    @Test("a line of megabytes is reported by line, and the reading stops there", arguments: [2 * 1024 * 1024, 1024 * 1024 + 1, 8 * 1024 * 1024])
    func lineOfMegabytes(_ length: Int) throws {
        try TemporaryFolder.with("HostileInputTests") { directory in
            let filler = ",\"x\":\"" + String(repeating: "a", count: length) + "\""
            let long = RawLine.valid(2).replacingFirst("\"source\":\"phone\"", with: "\"source\":\"phone\"" + filler)
            let path = try directory.write(RawLine.valid(1) + "\n" + long + "\n" + RawLine.valid(3) + "\n")
            let testCase = HostileCase(name: "line of \(length) bytes", firstLine: 2, substring: "longer than the maximum")
            checkHostile(testCase, path: path)
            let report = try FileEventLog.verify(path: path)
            #expect(report.issues.first?.message.contains("not checked") == true, "the lines after it must be said to be unchecked")
        }
    }

    @Test("a line of megabytes without its newline (torn, but too long) is reported")
    func tornLineOfMegabytes() throws {
        try TemporaryFolder.with("HostileInputTests") { directory in
            let path = try directory.write(RawLine.valid(1) + "\n" + String(repeating: "[", count: 3 * 1024 * 1024))
            let report = try FileEventLog.verify(path: path)
            #expect(!report.isSound)
            #expect(report.issues.first?.line == 2)
            #expect(throws: EventLogFileError.self) { try EventLogReader.forEachEvent(path: path) { _ in } }
            #expect(ToolRun(["verify", path]).code == .dataError)
        }
    }

    @Test("a line just under the limit is read")
    func lineJustUnderTheLimit() throws {
        try TemporaryFolder.with("HostileInputTests") { directory in
            let base = RawLine.valid(1)
            let padding = LineReader.defaultMaximumLineLength - base.utf8.count - ",\"x\":\"\"".utf8.count
            let line = base.replacingFirst("\"source\":\"phone\"", with: "\"source\":\"phone\",\"x\":\"" + String(repeating: "a", count: padding) + "\"")
            #expect(line.utf8.count == LineReader.defaultMaximumLineLength)
            let path = try directory.write(line + "\n" + RawLine.valid(2) + "\n")
            let report = try FileEventLog.verify(path: path)
            #expect(report.isSound, "\(report.issues)")
            #expect(report.eventCount == 2)
        }
    }

    @Test("a directory instead of a log: isDirectory for the library; the tool reads it as a log set")
    func directory() throws {
        try TemporaryFolder.with("HostileInputTests") { directory in
            let path = directory.path("log.jsonl")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            expectUnreadable(path, code: .isDirectory)
        }
    }

    @Test("a dangling symbolic link: notFound, exit 66")
    func danglingLink() throws {
        try TemporaryFolder.with("HostileInputTests") { directory in
            let path = directory.path("log.jsonl")
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory.path("gone.jsonl"))
            expectUnreadable(path, code: .notFound)
        }
    }

    @Test("a link loop: an error, not a hang")
    func linkLoop() throws {
        try TemporaryFolder.with("HostileInputTests") { directory in
            let path = directory.path("log.jsonl")
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
            #expect(throws: EventLogFileError.self) { try FileEventLog.verify(path: path) }
            let run = ToolRun(["verify", path])
            #expect(run.code != .success)
            #expect(run.error.contains(path), "\(run.error)")
        }
    }

    private func expectUnreadable(_ path: String, code: EventLogFileError.Code) {
        do {
            _ = try FileEventLog.verify(path: path)
            Issue.record("verify read \(path)")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.path == path && error.description.hasPrefix(path + ": "), "\(error)")
        }
        do {
            try EventLogReader.forEachEvent(path: path) { _ in }
            Issue.record("the reader read \(path)")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.path == path, "\(error)")
        }
        let run = ToolRun(["verify", path])
        if code == .isDirectory {
            // The tool reads a directory as a log set (docs/sync.md); one with no stream is not.
            #expect(run.code == .noInput, "exit \(run.code): \(run.error)")
            #expect(run.error.hasPrefix("no streams in \(path)"), "\(run.error)")
        } else {
            #expect(run.code == .noInput, "exit \(run.code): \(run.error)")
            #expect(run.error.hasPrefix(path + ": "), "\(run.error)")
        }
    }
}
