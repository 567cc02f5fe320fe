@_spi(LogTools) @testable import EventLogFile
import TestSupport
import Events
import Foundation
import Testing

/// One file `verify` must find exactly one problem in.
struct VerificationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var content: [UInt8]
    /// The line the problem is reported at.
    var line: Int
    /// Text the message must contain: the key, or what is wrong with the line.
    var substring: String
    var kind: LogIssue.Kind
    /// The sound events `verify` counts, when it is clear which those are.
    var eventCount: Int?

    var testDescription: String { name }

    /// Lines 1…`total`, valid, except line `bad`, which `transform` changes.
    static func replacing(
        _ name: String, line bad: Int = 2, of total: Int = 3, expecting substring: String,
        _ transform: (String) -> String
    ) -> VerificationCase {
        let text = (1...total).map { seq in
            (seq == bad ? transform(RawLine.valid(seq)) : RawLine.valid(seq)) + "\n"
        }.joined()
        return VerificationCase(
            name: name, content: Array(text.utf8), line: bad, substring: substring, kind: .invalidLine,
            eventCount: total - 1
        )
    }

    /// A file of `text`.
    static func file(
        _ name: String, _ text: String, line: Int, expecting substring: String, kind: LogIssue.Kind, eventCount: Int? = nil
    ) -> VerificationCase {
        VerificationCase(name: name, content: Array(text.utf8), line: line, substring: substring, kind: kind, eventCount: eventCount)
    }
}

extension String {
    /// `self` with the first occurrence of `target` replaced (the test fails loudly
    /// elsewhere if it is not there: the line would stay valid).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// A `goalSet` line at `seq` with the given `data` members.
private func goalSetLine(_ seq: Int, data: String) -> String {
    "{\"seq\":\(seq),\"id\":\"id-\(seq)\",\"type\":\"goalSet\",\"v\":1,\"at\":\"2026-11-29T20:05:11+01:00\","
        + "\"tz\":\"Europe/Berlin\",\"source\":\"phone\",\"data\":{\(data)}}"
}

private let goalData = "\"currentBedtime\":\"00:00\",\"targetBedtime\":\"22:30\",\"days\":7,\"firstNight\":\"2026-11-30\""

private let verificationCases: [VerificationCase] = [
    // The line as a whole.
    .replacing("invalid JSON (trailing comma)", expecting: "invalid JSON") { $0.replacingFirst("}}", with: "},}") },
    .replacing("invalid JSON (cut short, with its newline)", expecting: "invalid JSON") { String($0.prefix(50)) },
    .replacing("a blank line", expecting: "invalid JSON") { _ in "" },
    .replacing("not an object (an array)", expecting: "expected a JSON object, found an array") { _ in "[2,\"id-2\"]" },
    .replacing("not an object (a string)", expecting: "expected a JSON object, found a string") { _ in "\"seq\"" },
    .replacing("a \\r before the \\n", expecting: "carriage return") { $0 + "\r" },
    .replacing("a NUL byte", expecting: "NUL") { $0.replacingFirst("phone", with: "ph\u{0}one") },
    .file(
        "a byte-order mark at the start of the file", "\u{FEFF}" + RawLine.validLines(1...3),
        line: 1, expecting: "byte-order mark", kind: .invalidLine, eventCount: 2
    ),
    // Missing envelope keys.
    .replacing("missing seq", expecting: "key 'seq'") { $0.replacingFirst("\"seq\":2,", with: "") },
    .replacing("missing id", expecting: "key 'id'") { $0.replacingFirst("\"id\":\"id-2\",", with: "") },
    .replacing("missing type", expecting: "key 'type'") { $0.replacingFirst("\"type\":\"exitRequested\",", with: "") },
    .replacing("missing v", expecting: "key 'v'") { $0.replacingFirst("\"v\":1,", with: "") },
    .replacing("missing at", expecting: "key 'at'") { $0.replacingFirst("\"at\":\"2026-11-30T21:40:00+01:00\",", with: "") },
    .replacing("missing tz", expecting: "key 'tz'") { $0.replacingFirst("\"tz\":\"Europe/Berlin\",", with: "") },
    .replacing("missing data", expecting: "key 'data'") { $0.replacingFirst(",\"data\":{\"night\":\"2026-11-30\"}", with: "") },
    // Mistyped envelope keys.
    .replacing("seq 1.0 on the first line", line: 1, expecting: "key 'seq'") { $0.replacingFirst("\"seq\":1,", with: "\"seq\":1.0,") },
    .replacing("seq 2.0", expecting: "key 'seq'") { $0.replacingFirst("\"seq\":2,", with: "\"seq\":2.0,") },
    .replacing("seq 2e0", expecting: "key 'seq'") { $0.replacingFirst("\"seq\":2,", with: "\"seq\":2e0,") },
    .replacing("seq as a string", expecting: "key 'seq'") { $0.replacingFirst("\"seq\":2,", with: "\"seq\":\"2\",") },
    .replacing("seq 0 on the first line", line: 1, expecting: "key 'seq'") { $0.replacingFirst("\"seq\":1,", with: "\"seq\":0,") },
    .replacing("seq -2", expecting: "key 'seq'") { $0.replacingFirst("\"seq\":2,", with: "\"seq\":-2,") },
    .replacing("v 1.0", expecting: "key 'v'") { $0.replacingFirst("\"v\":1,", with: "\"v\":1.0,") },
    .replacing("v 0", expecting: "key 'v'") { $0.replacingFirst("\"v\":1,", with: "\"v\":0,") },
    .replacing("an id of 0 bytes", expecting: "key 'id'") { $0.replacingFirst("\"id\":\"id-2\"", with: "\"id\":\"\"") },
    .replacing("an id of 129 bytes", expecting: "key 'id'") {
        $0.replacingFirst("\"id\":\"id-2\"", with: "\"id\":\"\(String(repeating: "a", count: 129))\"")
    },
    .replacing("an id that is a number", expecting: "key 'id'") { $0.replacingFirst("\"id\":\"id-2\"", with: "\"id\":2") },
    .replacing("at without an offset", expecting: "key 'at'") {
        $0.replacingFirst("2026-11-30T21:40:00+01:00", with: "2026-11-30T21:40:00")
    },
    .replacing("at on February 30", expecting: "key 'at'") {
        $0.replacingFirst("2026-11-30T21:40:00+01:00", with: "2026-02-30T21:40:00+01:00")
    },
    .replacing("a tz that is not a zone name (a space)", expecting: "key 'tz'") { $0.replacingFirst("Europe/Berlin", with: "Mars/Olympus Mons") },
    .replacing("a tz that is not a zone name (non-ASCII)", expecting: "key 'tz'") { $0.replacingFirst("Europe/Berlin", with: "Asia/\u{212A}arachi") },
    .replacing("a tz of 65 bytes", expecting: "key 'tz'") { $0.replacingFirst("Europe/Berlin", with: String(repeating: "z", count: 65)) },
    .replacing("an empty tz", expecting: "key 'tz'") { $0.replacingFirst("Europe/Berlin", with: "") },
    .replacing("data that is not an object", expecting: "key 'data'") {
        $0.replacingFirst("{\"night\":\"2026-11-30\"}", with: "[\"2026-11-30\"]")
    },
    .replacing("a batch marker that is not [index, count]", expecting: "key 'batch'") {
        $0.replacingFirst(",\"data\"", with: ",\"batch\":[3,2],\"data\"")
    },
    .replacing("a duplicate envelope key", expecting: "key 'type'") {
        $0.replacingFirst("\"type\":\"exitRequested\",", with: "\"type\":\"exitRequested\",\"type\":\"wentToBed\",")
    },
    .replacing("a duplicate envelope key with the same value", expecting: "key 'id'") {
        $0.replacingFirst("\"id\":\"id-2\",", with: "\"id\":\"id-2\",\"id\":\"id-2\",")
    },
    // Payloads.
    .replacing("goalSet without days", expecting: "key 'data.days'") { _ in
        goalSetLine(2, data: goalData.replacingFirst(",\"days\":7", with: ""))
    },
    .replacing("goalSet with days as a string", expecting: "key 'data.days'") { _ in
        goalSetLine(2, data: goalData.replacingFirst("\"days\":7", with: "\"days\":\"7\""))
    },
    .replacing("goalSet with days 7.5", expecting: "key 'data.days'") { _ in
        goalSetLine(2, data: goalData.replacingFirst("\"days\":7", with: "\"days\":7.5"))
    },
    .replacing("goalSet with a bedtime of 24:00", expecting: "key 'data.targetBedtime'") { _ in
        goalSetLine(2, data: goalData.replacingFirst("22:30", with: "24:00"))
    },
    .replacing("a payload key twice", expecting: "data.night") {
        $0.replacingFirst("{\"night\":\"2026-11-30\"}", with: "{\"night\":\"2026-11-30\",\"night\":\"2026-12-01\"}")
    },
    .replacing("an unknown tier", expecting: "key 'data.tier'") {
        $0.replacingFirst("\"type\":\"exitRequested\"", with: "\"type\":\"appTierAssigned\"")
            .replacingFirst("{\"night\":\"2026-11-30\"}", with: "{\"app\":\"Reddit\",\"tier\":\"sometimes\"}")
    },
    .replacing("a night that is not a date", expecting: "key 'data.night'") { $0.replacingFirst("\"night\":\"2026-11-30\"", with: "\"night\":\"tonight\"") },
    // Sequence.
    .file("a seq gap", RawLine.valid(1) + "\n" + RawLine.validLines(3...4), line: 2, expecting: "gap", kind: .sequence),
    .file(
        "a repeated seq", RawLine.validLines(1...2) + RawLine.valid(2, id: "id-2b") + "\n" + RawLine.valid(3, id: "id-3b") + "\n",
        line: 3, expecting: "repeats", kind: .sequence
    ),
    .file(
        "a decreasing seq", RawLine.validLines(1...3) + RawLine.valid(1, id: "id-1b") + "\n",
        line: 4, expecting: "goes back", kind: .sequence
    ),
    .file("a blank line at the end", RawLine.validLines(1...3) + "\n", line: 4, expecting: "invalid JSON", kind: .invalidLine, eventCount: 3),
    .file(
        "a duplicate id", RawLine.validLines(1...2) + RawLine.valid(3, id: "id-1") + "\n" + RawLine.valid(4) + "\n",
        line: 3, expecting: "line 1", kind: .duplicateIdentifier, eventCount: 3
    ),
    // Batches.
    .file(
        "a short batch in the middle",
        RawLine.valid(1) + "\n" + RawLine.valid(2, batch: (1, 3)) + "\n" + RawLine.valid(3, batch: (2, 3)) + "\n" + RawLine.valid(4) + "\n",
        line: 2, expecting: "cut short", kind: .batch, eventCount: 2
    ),
    .file(
        "a short batch followed by another batch",
        RawLine.valid(1) + "\n" + RawLine.valid(2, batch: (1, 3)) + "\n"
            + RawLine.valid(3, batch: (1, 2)) + "\n" + RawLine.valid(4, batch: (2, 2)) + "\n",
        line: 2, expecting: "cut short", kind: .batch, eventCount: 3
    ),
    .file(
        "a batch line without the lines before it",
        RawLine.valid(1) + "\n" + RawLine.valid(2, batch: (2, 2)) + "\n" + RawLine.valid(3) + "\n",
        line: 2, expecting: "without the lines before it", kind: .batch, eventCount: 2
    ),
    // Torn tails: reported, and the events before them still count.
    .file(
        "a torn tail: a last line cut short", RawLine.validLines(1...2) + String(RawLine.valid(3).prefix(30)),
        line: 3, expecting: "torn tail", kind: .tornTail, eventCount: 2
    ),
    .file(
        "a torn tail: a complete last line without its newline", RawLine.validLines(1...2) + RawLine.valid(3),
        line: 3, expecting: "torn tail", kind: .tornTail, eventCount: 2
    ),
    .file(
        "a torn tail: two lines of a three-line batch",
        RawLine.validLines(1...2) + RawLine.valid(3, batch: (1, 3)) + "\n" + RawLine.valid(4, batch: (2, 3)) + "\n",
        line: 3, expecting: "torn tail", kind: .tornTail, eventCount: 2
    ),
    .file(
        "a torn tail: a batch line, then part of the next",
        RawLine.validLines(1...2) + RawLine.valid(3, batch: (1, 2)) + "\n" + String(RawLine.valid(4, batch: (2, 2)).prefix(20)),
        line: 3, expecting: "torn tail", kind: .tornTail, eventCount: 2
    ),
    .file(
        "a torn tail: zero bytes a crash left after the last line", RawLine.validLines(1...2) + "\u{0}\u{0}\u{0}\u{0}",
        line: 3, expecting: "torn tail", kind: .tornTail, eventCount: 2
    ),
    .file(
        "a torn tail: only part of a first line", "{\"seq\":1,\"id\"",
        line: 1, expecting: "torn tail", kind: .tornTail, eventCount: 0
    ),
]

/// Files with nothing wrong: an opaque event is not a problem.
private let soundFiles: [(name: String, text: String, events: Int)] = [
    ("an empty file", "", 0),
    ("valid lines", RawLine.validLines(1...3), 3),
    ("a whole batch", RawLine.valid(1) + "\n" + RawLine.valid(2, batch: (1, 2)) + "\n" + RawLine.valid(3, batch: (2, 2)) + "\n", 3),
    (
        "an unknown event type",
        RawLine.valid(1) + "\n"
            + "{\"seq\":2,\"id\":\"id-2\",\"type\":\"lightsDimmed\",\"v\":1,\"at\":\"2026-11-30T21:40:00+01:00\",\"tz\":\"Europe/Berlin\",\"data\":{\"level\":0.3,\"rooms\":[\"bedroom\"]}}\n"
            + RawLine.valid(3) + "\n",
        3
    ),
    (
        "a known type at v2 with another shape",
        RawLine.valid(1) + "\n"
            + "{\"seq\":2,\"id\":\"id-2\",\"type\":\"goalSet\",\"v\":2,\"at\":\"2026-11-30T21:40:00+01:00\",\"tz\":\"Europe/Berlin\",\"data\":{\"plan\":{\"steps\":[1,2]}}}\n"
            + RawLine.valid(3) + "\n",
        3
    ),
    (
        "unknown envelope and payload keys, keys in another order, Z offset",
        "{\"data\":{\"night\":\"2026-11-30\",\"mood\":\"calm\"},\"device\":\"watch\",\"tz\":\"UTC\",\"at\":\"2026-11-30T20:40:00.123456789Z\",\"v\":1,\"type\":\"exitRequested\",\"id\":\"x\",\"seq\":1}\n",
        1
    ),
    // docs/rules.md §8.2: a zone this platform does not know never makes a log unsound.
    (
        "an envelope zone this platform does not know",
        RawLine.valid(1) + "\n" + RawLine.valid(2).replacingFirst("Europe/Berlin", with: "Mars/Olympus_Mons") + "\n" + RawLine.valid(3) + "\n",
        3
    ),
    (
        "a sample's own zone this platform does not know",
        RawLine.valid(1) + "\n"
            + "{\"seq\":2,\"id\":\"id-2\",\"type\":\"sleepSampleIngested\",\"v\":1,\"at\":\"2026-12-01T07:31:02+01:00\",\"tz\":\"Europe/Berlin\",\"data\":{\"sampleId\":\"A41F\",\"stage\":\"deep\",\"start\":\"2026-12-01T00:12:30+01:00\",\"end\":\"2026-12-01T00:41:00+01:00\",\"tz\":\"Mars/Olympus_Mons\",\"sourceName\":\"Apple Watch\"}}\n",
        2
    ),
]

@Suite("FileEventLog.verify")
struct LogVerificationTests {
    @Test("verify reports the problem at its line, naming the key or what is wrong", arguments: verificationCases)
    func reportsProblem(_ testCase: VerificationCase) throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(testCase.content)
            let report = try FileEventLog.verify(path: path)
            #expect(!report.isSound)
            #expect(report.issues.count == 1, "\(report.issues)")
            let issue = try #require(report.issues.first)
            #expect(issue.line == testCase.line)
            #expect(issue.kind == testCase.kind)
            #expect(issue.message.contains(testCase.substring), "\(issue.message)")
            #expect(issue.description == "line \(issue.line): \(issue.message)")
            if let eventCount = testCase.eventCount {
                #expect(report.eventCount == eventCount)
            }
            let lineCount = testCase.content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                - (testCase.content.last == UInt8(ascii: "\n") ? 1 : 0)
            #expect(report.lineCount == lineCount)
            if testCase.kind == .tornTail {
                let torn = try #require(report.tornTail)
                #expect(torn.firstLine == testCase.line)
                #expect(torn.byteOffset + torn.byteCount == Int64(testCase.content.count))
            } else {
                #expect(report.tornTail == nil)
            }
        }
    }

    @Test("the problem's line number is right however far into the file it is", arguments: [1, 2, 50, 1000])
    func lineNumberFarIntoFile(badLine: Int) throws {
        try TemporaryFolder.with { directory in
            let total = max(badLine + 1, 3)
            let text = (1...total).map { seq in
                (seq == badLine ? RawLine.valid(seq).replacingFirst("\"v\":1,", with: "\"v\":\"1\",") : RawLine.valid(seq)) + "\n"
            }.joined()
            let report = try FileEventLog.verify(path: try directory.write(text))
            #expect(report.issues.map(\.line) == [badLine])
            #expect(report.issues.first?.message.contains("key 'v'") == true)
            #expect(report.eventCount == total - 1)
            #expect(report.lineCount == total)
        }
    }

    @Test("a line longer than the reader's maximum is reported at its line, not thrown")
    func overlongLine() throws {
        try TemporaryFolder.with { directory in
            let long = RawLine.valid(2).replacingFirst("\"phone\"", with: "\"" + String(repeating: "p", count: LineReader.defaultMaximumLineLength) + "\"")
            let path = try directory.write(RawLine.valid(1) + "\n" + long + "\n" + RawLine.valid(3) + "\n")
            let report = try FileEventLog.verify(path: path)
            #expect(report.issues.map(\.line) == [2])
            #expect(report.issues.map(\.kind) == [.invalidLine])
            #expect(report.issues.first?.message.contains("longer than") == true)
            #expect(report.eventCount == 1)
            let error = #expect(throws: EventLogFileError.self) { try FileEventLog.repair(path: path) }
            #expect(error?.code == .corrupt)
            #expect(error?.line == 2)
        }
    }

    @Test("every problem is listed, in line order")
    func listsEveryProblem() throws {
        try TemporaryFolder.with { directory in
            let text = RawLine.valid(1) + "\n"
                + "not json\n"
                + RawLine.valid(3).replacingFirst("Europe/Berlin", with: "Nowhere/Atlan tis") + "\n"
                + RawLine.valid(4, id: "id-1") + "\n"
                + RawLine.valid(6) + "\n"
                + String(RawLine.valid(7).prefix(10))
            let report = try FileEventLog.verify(path: try directory.write(text))
            #expect(report.issues.map(\.line) == [2, 3, 4, 5, 6])
            #expect(report.issues.map(\.kind) == [.invalidLine, .invalidLine, .duplicateIdentifier, .sequence, .tornTail])
            #expect(report.tornTail?.firstLine == 6)
            #expect(report.lineCount == 6)
        }
    }

    @Test("opaque events and unknown keys are not problems", arguments: soundFiles.indices)
    func soundFile(index: Int) throws {
        let file = soundFiles[index]
        try TemporaryFolder.with { directory in
            let report = try FileEventLog.verify(path: try directory.write(file.text))
            #expect(report.isSound, "\(file.name): \(report.issues)")
            #expect(report.tornTail == nil)
            #expect(report.eventCount == file.events, "\(file.name)")
            #expect(report.lastSeq == file.events, "\(file.name)")
        }
    }

    @Test("the sample week is sound")
    func sampleWeekIsSound() throws {
        let report = try FileEventLog.verify(path: TestEvents.sampleWeekPath)
        #expect(report.isSound, "\(report.issues)")
        #expect(report.eventCount == 162)
        #expect(report.lineCount == 162)
        #expect(report.lastSeq == 162)
    }

    @Test("verify of a missing file or a directory fails with its code")
    func unreadablePaths() throws {
        try TemporaryFolder.with { directory in
            let missing = #expect(throws: EventLogFileError.self) { try FileEventLog.verify(path: directory.path("missing.jsonl")) }
            #expect(missing?.code == .notFound)
            let folder = #expect(throws: EventLogFileError.self) { try FileEventLog.verify(path: directory.path) }
            #expect(folder?.code == .isDirectory)
        }
    }

    // MARK: Health content stays out of messages

    static let secret = "SECRET-WATCH"

    /// Bad lines that each carry the secret somewhere; one problem per line.
    static func secretLines() -> [String] {
        let sample = "{\"seq\":SEQ,\"id\":\"ID\",\"type\":\"sleepSampleIngested\",\"v\":1,\"at\":\"2026-12-01T07:31:02+01:00\","
            + "\"tz\":\"Europe/Berlin\",\"source\":\"health\",\"data\":{\"sampleId\":\"S-\(secret)\",\"stage\":\"deep\","
            + "\"start\":\"2026-12-01T00:12:30+01:00\",\"end\":\"2026-12-01T00:41:00+01:00\",\"sourceName\":\"\(secret)\"}}"
        func line(_ seq: Int, id: String? = nil) -> String {
            sample.replacingFirst("SEQ", with: "\(seq)").replacingFirst("\"ID\"", with: "\"\(id ?? "\(secret)-\(seq)")\"")
        }
        return [
            line(1),
            line(2).replacingFirst("\"deep\"", with: "\"\(secret)\""),  // unknown stage
            line(3).replacingFirst(",\"start\":\"2026-12-01T00:12:30+01:00\"", with: ""),  // missing start
            line(4).replacingFirst("\"\(secret)\"}}", with: "\"\(secret)\",}}"),  // trailing comma
            line(5).replacingFirst("\"tz\":\"Europe/Berlin\"", with: "\"tz\":\"Europe/\(secret) X\""),  // not a zone name
            line(6).replacingFirst("\"at\":\"2026-12-01T07:31:02+01:00\"", with: "\"at\":\"\(secret)\""),  // bad instant
            line(7).replacingFirst("\"start\":\"2026-12-01T00:12:30+01:00\"", with: "\"start\":\"2026-12-01T00:12:30+01:00 \(secret)\""),
            line(8, id: "\(secret)-1"),  // duplicate id
            line(9).replacingFirst("\"seq\":9", with: "\"seq\":\"\(secret)\""),  // seq as a string
            line(10).replacingFirst("\"sourceName\":\"\(secret)\"", with: "\"sourceName\":[\"\(secret)\"]"),  // mistyped
            line(11).replacingFirst("\"v\":1", with: "\"v\":\"\(secret)\""),
            line(12).replacingFirst("\"data\":{", with: "\"data\":\"\(secret)\",\"x\":{"),  // data not an object
            line(13).replacingFirst("\"stage\":\"deep\"", with: "\"stage\":\"deep\",\"stage\":\"\(secret)\""),  // key twice
            line(14).replacingFirst("\"\(secret)\"}}", with: "\"\(secret)\u{1}\"}}"),  // control character
            line(15).replacingFirst("\"\(secret)\"}}", with: "\"\(secret)\"}}\r"),
            line(17),  // a gap
            line(18, id: "\(secret)-0") + "\n" + line(19, id: "\(secret)-00").replacingFirst(",\"data\"", with: ",\"batch\":[1,3],\"data\""),
            line(20, id: "\(secret)-000").replacingFirst(",\"data\"", with: ",\"batch\":[2,3],\"data\""),  // short batch
            String(line(21).prefix(200)),  // torn tail
        ]
    }

    @Test("no message quotes the health content of a line")
    func messagesNeverQuoteContent() throws {
        try TemporaryFolder.with { directory in
            let lines = Self.secretLines()
            let text = lines.dropLast().map { $0 + "\n" }.joined() + (lines.last ?? "")
            let path = try directory.write(text)
            let report = try FileEventLog.verify(path: path)
            // Lines 2–15 are each wrong, 16 leaves a seq gap, and the batch from line 18 is torn.
            #expect(report.issues.map(\.line) == Array(2...16) + [18], "\(report.issues)")
            #expect(report.tornTail?.firstLine == 18)
            for issue in report.issues {
                #expect(!issue.message.contains("SECRET"), "line \(issue.line): \(issue.message)")
                #expect(!issue.message.contains("WATCH"), "line \(issue.line): \(issue.message)")
            }
            // Reading and appending name the first problem without its content either.
            let readError = #expect(throws: EventLogFileError.self) { try EventLogReader.forEachEvent(path: path) { _ in } }
            #expect(readError?.description.contains("SECRET") == false)
            let appendError = #expect(throws: EventLogFileError.self) {
                try FileEventLog(path: path).append([try TestEvents.event("new")], expectedLastSeq: nil)
            }
            #expect(appendError?.description.contains("SECRET") == false)
            // Each bad line alone, after the good first line.
            for (index, bad) in lines.enumerated().dropFirst() {
                let single = try directory.write(lines[0] + "\n" + bad + "\n", to: "single-\(index).jsonl")
                let issues = try FileEventLog.verify(path: single).issues
                #expect(!issues.isEmpty, "bad line \(index + 1) is not reported")
                for issue in issues {
                    #expect(!issue.message.contains("SECRET"), "bad line \(index + 1): \(issue.message)")
                }
            }
        }
    }
}
