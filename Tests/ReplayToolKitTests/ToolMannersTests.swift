import EventLogFile
import Events
import Foundation
@testable import ReplayToolKit
import Testing
import TestSupport

/// Issue 14, item 4: one manner across the tool. The same mistake gets the same exit code
/// and message in every command; every command that writes a log follows one permission
/// rule; a torn tail is named (with the repair) by every command that reads around it; and
/// what a command prints is true.
struct ToolMannersTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    // MARK: Ranges

    @Test(arguments: [
        ["show"], ["trace", "--figure", "debt"], ["report"], ["scores"],
    ])
    func aReversedRangeIsTheSameUsageErrorEverywhere(command: [String]) {
        let run = ToolRun.run([command[0], Self.sampleWeek] + command.dropFirst() + ["--from", "2026-12-05", "--to", "2026-12-01"])
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("Error: '--to 2026-12-01' is before '--from 2026-12-05'\n"), "\(run.error)")
        #expect(run.error.contains("Usage: replay-tool \(command[0])"))
    }

    @Test func aReportOfNightsBeforeTheLogSaysTheyAreNotInIt() {
        let run = ToolRun.run(["report", Self.sampleWeek, "--to", "2020-01-01"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output == "The night 2020-01-01 is not in the log (the log's nights run from 2026-11-30 to 2026-12-06): nothing to report.\n")
    }

    @Test func aReportFromANightAfterTheLogSaysItIsNotInItAndWritesNoPage() throws {
        let folder = try TemporaryFolder()
        let page = folder.path("report.html")
        let run = ToolRun.run(["report", Self.sampleWeek, "--from", "2027-01-01", "--html", page])
        #expect(run.code == .success)
        #expect(run.output == "The night 2027-01-01 is not in the log (the log's nights run from 2026-11-30 to 2026-12-06): nothing to report (no HTML page written).\n")
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    @Test func aReportOfARangeThatOverlapsTheLogIsMade() {
        let run = ToolRun.run(["report", Self.sampleWeek, "--from", "2026-12-05", "--to", "2026-12-20"])
        #expect(run.code == .success)
        #expect(run.output.contains("nights 2026-12-05 to 2026-12-20"))
    }

    // MARK: The page's destination

    @Test(arguments: [
        ("", "name a file"),
        ("-", "the page is not written to standard output"),
    ])
    func anEmptyOrDashPageIsAUsageError(name: String, message: String) {
        let run = ToolRun.run(["report", Self.sampleWeek, "--html", name])
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("The value '\(name)' is invalid for '--html': \(message)"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test func aPageThatCannotBeWrittenIsSaidBeforeAnyOutput() throws {
        let run = ToolRun.run(["report", Self.sampleWeek, "--html", "/nonexistent/x.html"])
        #expect(run.code == .ioError)
        #expect(run.output.isEmpty, "the text report is not printed first")
        #expect(run.error == "replay-tool: cannot write the report to /nonexistent/x.html: the folder /nonexistent does not exist; nothing was written\n")

        let folder = try TemporaryFolder()
        let intoAFolder = ToolRun.run(["report", Self.sampleWeek, "--html", folder.url.path])
        #expect(intoAFolder.code == .ioError)
        #expect(intoAFolder.output.isEmpty)
        #expect(intoAFolder.error.contains("it is a folder"))
    }

    @Test func aPageInAFolderThatCannotBeWrittenIsSaidBeforeAnyOutput() throws {
        guard getuid() != 0 else { return }  // root may write any folder
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("locked"), withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path("locked"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path("locked")) }
        let run = ToolRun.run(["report", Self.sampleWeek, "--html", folder.path("locked/x.html")])
        #expect(run.code == .ioError)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("cannot be written to"))
    }

    // MARK: Torn tails

    /// The sample week's first `count` lines, the last one cut short (a torn tail).
    static func tornLog(in folder: TemporaryFolder, lines count: Int = 40) throws -> String {
        let lines = try String(contentsOfFile: sampleWeek, encoding: .utf8).split(separator: "\n").prefix(count).map(String.init)
        return try folder.write("torn.jsonl", lines.dropLast().joined(separator: "\n") + "\n" + lines[count - 1].prefix(30))
    }

    @Test(arguments: [["scores"], ["report"]])
    func aTornTailIsNamedWithTheRepair(command: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Self.tornLog(in: folder)
        let run = ToolRun.run(command + [path])
        #expect(run.code == .success)
        #expect(run.error == "\(path):40: torn tail: the last line has no \\n: an append was cut short (line 40, 30 bytes from byte \(try Self.byteOffsetOfLine40(path))) — not read; run 'replay-tool repair \(path)' to remove it\n")
        #expect(!run.output.contains("skipped with a warning"), "a torn tail is not a skipped event")
    }

    static func byteOffsetOfLine40(_ path: String) throws -> Int {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return bytes.count - 30
    }

    // MARK: What verify says about files that are not logs

    @Test func verifyOfATornTailSaysHowToRepairIt() throws {
        let folder = try TemporaryFolder()
        let path = try Self.tornLog(in: folder)
        let run = ToolRun.run(["verify", path])
        #expect(run.code == .dataError)
        #expect(run.error.hasSuffix("\(path): the torn tail is what a crash mid-append leaves; run 'replay-tool repair \(path)' to remove it\n"))
    }

    @Test func verifyOfAnotherAppsJSONListsTwentyProblemsAndCountsTheRest() throws {
        let folder = try TemporaryFolder()
        let lines = (1...100_000).map { #"{"name":"row \#($0)","value":\#($0)}"# }
        let path = try folder.write("other.jsonl", lines.joined(separator: "\n") + "\n")
        let run = ToolRun.run(["verify", path])
        #expect(run.code == .dataError)
        #expect(run.output.isEmpty)
        let printed = run.error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(printed.count == 23, "\(printed.prefix(3))")
        #expect(printed.first == "\(path): this does not look like a MoreSleep event log: none of its first 10 lines are a JSON object with the envelope keys seq, type and at")
        #expect(printed[21] == "\(path): … and 99980 more problems not listed")
        #expect(printed[22] == "\(path): 100000 problems in 100000 lines")
    }

    @Test(arguments: [
        (String.Encoding.utf16LittleEndian, [UInt8](), "this file is UTF-16 (little-endian); a log is UTF-8: convert it (iconv -f UTF-16LE -t UTF-8)"),
        (.utf16BigEndian, [], "this file is UTF-16 (big-endian); a log is UTF-8: convert it (iconv -f UTF-16BE -t UTF-8)"),
        (.utf16LittleEndian, [0xFF, 0xFE], "this file is UTF-16 (little-endian, with a byte-order mark); a log is UTF-8: convert it (iconv -f UTF-16 -t UTF-8)"),
        (.utf16BigEndian, [0xFE, 0xFF], "this file is UTF-16 (big-endian, with a byte-order mark); a log is UTF-8: convert it (iconv -f UTF-16 -t UTF-8)"),
        (.utf32LittleEndian, [], "this file is UTF-32 (little-endian); a log is UTF-8: convert it (iconv -f UTF-32LE -t UTF-8)"),
        (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF], "this file is UTF-32 (big-endian, with a byte-order mark); a log is UTF-8: convert it (iconv -f UTF-32 -t UTF-8)"),
        (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00], "this file is UTF-32 (little-endian, with a byte-order mark); a log is UTF-8: convert it (iconv -f UTF-32 -t UTF-8)"),
    ] as [(String.Encoding, [UInt8], String)])
    func verifyNamesAnEncodingThatIsNotUTF8(encoding: String.Encoding, mark: [UInt8], message: String) throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        let path = folder.path("wide.jsonl")
        try Data(mark + Array(try #require(text.data(using: encoding)))).write(to: URL(fileURLWithPath: path))
        let run = ToolRun.run(["verify", path])
        #expect(run.code == .dataError)
        #expect(run.error == "\(path):1: \(message)\n")
    }

    @Test(arguments: [["show"], ["stats"], ["report"], ["scores"]])
    func everyReaderNamesAUTF16File(command: [String]) throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        let path = folder.path("wide.jsonl")
        try Data(try #require(text.data(using: .utf16LittleEndian))).write(to: URL(fileURLWithPath: path))
        let run = ToolRun.run(command + [path])
        #expect(run.code == .dataError)
        #expect(run.output.isEmpty)
        #expect(run.error == "\(path):1: this file is UTF-16 (little-endian); a log is UTF-8: convert it (iconv -f UTF-16LE -t UTF-8); nothing was read\n")
    }

    @Test func appendToAUTF16LogNamesItsEncoding() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        let path = folder.path("wide.jsonl")
        try Data(try #require(text.data(using: .utf16LittleEndian))).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let line = #"{"id":"u16-1","type":"wokeUp","v":1,"at":"2026-12-07T07:00:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-12-06"}}"#
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let run = ToolRun.run(["append", path], input: line + "\n")
        #expect(run.code == .dataError)
        #expect(run.error.contains("this file is UTF-16 (little-endian); a log is UTF-8: convert it (iconv -f UTF-16LE -t UTF-8)"), "\(run.error)")
        #expect(!run.error.contains("NUL byte"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing was written")
    }

    @Test func verifyNamesAUTF8ByteOrderMark() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        let path = folder.path("bom.jsonl")
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        let run = ToolRun.run(["verify", path])
        #expect(run.code == .dataError)
        #expect(run.error.hasPrefix("\(path):1: this file starts with a UTF-8 byte-order mark; a log is UTF-8 without one: remove its first 3 bytes\n\(path):1: "))
    }

    @Test func plainUTF8IsNotForeign() {
        #expect(LogTextEncoding.foreign(prefix: Array(#"{"seq":1}"#.utf8)) == nil)
        #expect(LogTextEncoding.foreign(prefix: [UInt8]()) == nil)
        #expect(LogTextEncoding.foreign(prefix: Array("{\n".utf8)) == nil)
    }

    // MARK: Writing: one permission rule, true messages

    @Test func repairRefusesALogOthersCanWriteAsAppendDoes() throws {
        let folder = try TemporaryFolder()
        let path = try Self.tornLog(in: folder, lines: 5)
        try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let repair = ToolRun.run(["repair", path])
        #expect(repair.code == .noInput)
        #expect(repair.output.isEmpty)
        #expect(repair.error == "\(path): the log is writable by its group (mode 0664); it holds health data — chmod 600 \(path), then repair again; nothing was changed\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let append = ToolRun.run(["append", path], input: ReplayToolTests.inputLine(id: "x"))
        #expect(append.code == .noInput)
        #expect(append.error.contains("the log is writable by its group (mode 0664)"))
    }

    @Test func repairOfAMissingLogSaysItCouldNotOpenTheLogToRepair() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("nonexist.jsonl")
        let run = ToolRun.run(["repair", path])
        #expect(run.code == .noInput)
        #expect(run.error.hasPrefix("\(path): could not open the log to repair: no such file"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    // MARK: Append: what projections will skip, and sources

    static let goal = #"{"id":"goal","type":"goalSet","v":1,"at":"2026-11-29T20:05:00+01:00","tz":"Europe/Berlin","source":"phone","data":{"currentBedtime":"00:00","targetBedtime":"22:30","days":7,"firstNight":"2026-11-30"}}"# + "\n"

    static func line(id: String, type: String, source: String = "phone", night: String = "2026-11-30") -> String {
        #"{"id":"\#(id)","type":"\#(type)","v":1,"at":"2026-11-30T21:00:00+01:00","tz":"Europe/Berlin","source":"\#(source)","data":{"night":"\#(night)"}}"# + "\n"
    }

    @Test func allowSkippedKeepsWhatProjectionsWillSkipAndSaysWhyPerLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("log.jsonl")
        #expect(ToolRun.run(["append", path], input: Self.goal).code == .success)
        let input = Self.line(id: "a", type: "wentToBed") + Self.line(id: "b", type: "fooBar")
            + Self.line(id: "c", type: "exitConfirmed") + Self.line(id: "d", type: "wokeup")
        let run = ToolRun.run(["append", path, "--allow-skipped"], input: input)
        #expect(run.code == .success)
        #expect(run.output == "2\n3\n4\n5\n")
        let warnings = run.error.split(separator: "\n").map(String.init)
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings[0] == "<stdin>:2: warning: seq 3 was appended, but projections skip it: unknown event type 'fooBar' (v1) kept but skipped")
        #expect(warnings[1].hasPrefix("<stdin>:3: warning: seq 4 was appended, but projections skip it: exitConfirmed for night 2026-11-30: "))
        #expect(warnings[2] == "<stdin>:4: warning: seq 5 was appended, but projections skip it: unknown event type 'wokeup' (v1) kept but skipped; did you mean 'wokeUp'?")
        #expect(ToolRun.run(["verify", path]).code == .success)
    }

    @Test func aRetriedAppendIsNotWarnedAboutAsARepeatedId() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("log.jsonl")
        #expect(ToolRun.run(["append", path], input: Self.goal).code == .success)
        let again = ToolRun.run(["append", path], input: Self.goal)
        #expect(again.code == .success)
        #expect(again.output == "already at seq 1\n")
        #expect(again.error.isEmpty)
        let mixed = ToolRun.run(["append", path], input: Self.goal + Self.line(id: "a", type: "wentToBed"))
        #expect(mixed.output == "already at seq 1\n2\n")
    }

    /// A typo must not become permanent: by default, input with an event projections would
    /// skip is refused whole, with the reason and the type meant; `--strict` (the old
    /// switch) says the same.
    @Test(arguments: [[], ["--strict"]])
    func theWholeInputIsRefusedWhenProjectionsWouldSkipAnEvent(_ extra: [String]) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("log.jsonl")
        #expect(ToolRun.run(["append", path], input: Self.goal).code == .success)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let run = ToolRun.run(["append", path] + extra, input: Self.line(id: "a", type: "wentToBed") + Self.line(id: "b", type: "goalset"))
        #expect(run.code == .dataError)
        #expect(run.output.isEmpty)
        #expect(run.error == """
            <stdin>:2: projections would skip this event: unknown event type 'goalset' (v1) kept but skipped; did you mean 'goalSet'?
            <stdin>: 1 event would be skipped by projections; nothing was appended (--allow-skipped appends such events all the same)

            """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let clean = ToolRun.run(["append", path] + extra, input: Self.line(id: "a", type: "wentToBed"))
        #expect(clean.code == .success, "\(clean.error)")
        #expect(clean.output == "2\n")
    }

    /// The issue's two cases: a type that is not in the catalogue, and an exit confirmed
    /// with no request.
    @Test func aMistypedTypeAndAConfirmWithoutARequestAreRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("log.jsonl")
        #expect(ToolRun.run(["append", path], input: Self.goal).code == .success)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let moved = ToolRun.run(["append", path], input: Self.line(id: "m", type: "bedtimeMoved"))
        #expect(moved.code == .dataError)
        #expect(moved.error.contains("<stdin>:1: projections would skip this event: unknown event type 'bedtimeMoved' (v1) kept but skipped; did you mean 'bedtimeOverridden'?"), "\(moved.error)")
        let confirm = ToolRun.run(["append", path], input: Self.line(id: "c", type: "exitConfirmed"))
        #expect(confirm.code == .dataError)
        #expect(confirm.error.hasPrefix("<stdin>:1: projections would skip this event: exitConfirmed for night 2026-11-30: "), "\(confirm.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(ToolRun.run(["append", path, "--allow-skipped", "--strict"], input: Self.line(id: "c", type: "exitConfirmed")).code == .usage)
    }

    @Test func aSourceOutsideTheFormatsListIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("log.jsonl")
        let run = ToolRun.run(["append", path], input: Self.goal + Self.line(id: "a", type: "wentToBed", source: "toaster"))
        #expect(run.code == .dataError)
        #expect(run.error == "<stdin>:2: key 'source': 'toaster' is not a source of the log format; expected one of phone, watch, siri, widget, health, import, system, demo, share; nothing was appended\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func bothDecodersStillReadASourceOutsideTheListInALog() throws {
        let line = Array(#"{"seq":1,"id":"a","type":"wentToBed","v":1,"at":"2026-11-30T21:00:00+01:00","tz":"Europe/Berlin","source":"toaster","data":{"night":"2026-11-30"}}"#.utf8)
        var slow = EventLineDecoder()
        var fast = FastEventLineDecoder()
        let fromSlow = try slow.decode(line: line)
        let fromFast = try fast.decode(line: line)
        #expect(fromSlow == fromFast)
        #expect(fromSlow.event.source?.rawValue == "toaster")
        #expect(fromSlow.event.source?.isListed == false)
    }

    @Test(arguments: [
        ("goalset", "goalSet"), ("exitConfirm", "exitConfirmed"), ("WENTTOBED", "wentToBed"), ("fooBar", nil), ("wokeUpp", "wokeUp"),
        ("bedtimeMoved", "bedtimeOverridden"), ("checklistDone", "checklistItemCompleted"), ("sleep", "sleepSampleIngested"), ("zzz", nil),
    ] as [(String, String?)])
    func aNearMissTypeGetsASuggestion(typed: String, suggestion: String?) {
        #expect(AppendPreview.closestType(to: typed) == suggestion)
    }

    // MARK: The tool itself

    @Test func noArgumentsIsAUsageErrorWithTheHelpOnStandardError() {
        let run = ToolRun.run([])
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error == ToolRun.run(["--help"]).output)
    }

    @Test func versionIsPrintedFromOnePlace() {
        let run = ToolRun.run(["--version"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output == "replay-tool \(ReplayTool.version)\n")
        let extra = ToolRun.run(["--version", "verify"])
        #expect(extra.code == .usage)
        #expect(extra.output.isEmpty)
        let typo = ToolRun.run(["--verison"])
        #expect(typo.code == .usage)
        #expect(typo.error.contains("Did you mean '--version'?"))
    }
}
