import Foundation
import Testing
import TestSupport

/// `--skip SEQ[,SEQ…]` on `show`, `why`, `trace` and `report`: what if these events had not
/// happened. The fold leaves them out as if their lines were not in the log, standard error
/// names each, and the output is otherwise as usual.
@Suite struct SkipOptionTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    /// The sample week without the lines of `skipped`, seqs renumbered so that it is a sound
    /// log: what `--skip` must be the same as. Also the original seq of each line kept.
    static func copy(without skipped: Set<Int>, in folder: TemporaryFolder) throws -> (path: String, originalSeqs: [Int]) {
        let text = try String(contentsOfFile: sampleWeek, encoding: .utf8)
        var kept: [String] = []
        var originalSeqs: [Int] = []
        for line in text.split(separator: "\n") {
            let prefix = #"{"seq":"#
            let digits = line.dropFirst(prefix.count).prefix { $0.isNumber }
            let seq = try #require(Int(digits))
            guard !skipped.contains(seq) else { continue }
            kept.append(prefix + "\(kept.count + 1)" + line.dropFirst(prefix.count + digits.count))
            originalSeqs.append(seq)
        }
        let path = folder.path("without.jsonl")
        try (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, originalSeqs)
    }

    /// `text` of the copy with each `seq N` (or run `seq N–M`) named by the seqs its lines
    /// have in the whole log.
    static func originalSeqs(_ text: String, _ originalSeqs: [Int]) -> String {
        text.replacing(/seq (\d+)(?:–(\d+))?/) { match in
            "seq \(originalSeqs[Int(match.1)! - 1])" + (match.2.map { "–\(originalSeqs[Int($0)! - 1])" } ?? "")
        }
    }

    /// The key property: `show --json --skip` is the same bytes as `show --json` of the log
    /// without those lines (the last line kept, so the default instant is the same). Where
    /// events after them get the fold's warnings ([1]: no goal, so no plan; [30]: an exit
    /// confirmed with no request), the copy's warnings name its renumbered seqs: they are
    /// named back before comparing.
    @Test(arguments: [[12, 33], [60, 61], [1], [30], [60, 61, 100]])
    func showJSONIsTheViewOfTheLogWithoutThoseLines(skipped: [Int]) throws {
        let folder = try TemporaryFolder()
        let (without, seqs) = try Self.copy(without: Set(skipped), in: folder)
        let list = skipped.map(String.init).joined(separator: ",")
        let run = ToolRun.run(["show", Self.sampleWeek, "--json", "--skip", list])
        let expected = ToolRun.run(["show", without, "--json"])
        #expect(run.code == .success, "\(run.error)")
        #expect(expected.code == .success, "\(expected.error)")
        if expected.output.contains("seq ") {
            #expect(run.output == Self.originalSeqs(expected.output, seqs))
        } else {
            #expect(run.output == expected.output)
        }
        #expect(run.output != ToolRun.run(["show", Self.sampleWeek, "--json"]).output, "skipping them changes the view")
        for seq in skipped {
            #expect(run.error.contains("--skip: folding without seq \(seq) ("), "\(run.error)")
        }
    }

    @Test func standardErrorNamesTheEventItsTypeAndItsInstant() {
        let run = ToolRun.run(["show", Self.sampleWeek, "--skip", "12"])
        #expect(run.code == .success)
        #expect(run.error.contains(
            "--skip: folding without seq 12 (sleepSampleIngested at 2026-12-01T08:07:01+01:00); the output is as if it had not happened\n"),
            "\(run.error)")
        #expect(run.error.contains("no checkpoint used"), "\(run.error)")
    }

    /// The default instant is the log's largest `at`, the skipped lines' included: a view with
    /// and without `--skip` are as of the same instant.
    @Test func theDefaultInstantCountsTheSkippedLastLine() throws {
        let last = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").count
        let whole = ToolRun.run(["show", Self.sampleWeek])
        let skipped = ToolRun.run(["show", Self.sampleWeek, "--skip", "\(last)"])
        #expect(skipped.code == .success, "\(skipped.error)")
        let firstLine = { (run: ToolRun) in run.output.split(separator: "\n").first.map(String.init) }
        #expect(firstLine(skipped) == firstLine(whole))
    }

    @Test(arguments: [
        ["why", "--night", "2026-12-01"], ["trace", "--figure", "sleep"], ["trace", "--figure", "debt"], ["report"], ["show"],
    ])
    func everyWhatIfCommandTakesIt(command: [String]) throws {
        let folder = try TemporaryFolder()
        let (without, seqs) = try Self.copy(without: [12, 13], in: folder)
        let run = ToolRun.run([command[0], Self.sampleWeek] + command.dropFirst() + ["--skip", "12,13"])
        let expected = ToolRun.run([command[0], without] + command.dropFirst())
        #expect(run.code == expected.code, "\(run.error)")
        #expect(run.error.contains("--skip: folding without seq 12 (sleepSampleIngested"), "\(run.error)")
        #expect(run.error.contains("--skip: folding without seq 13 (sleepSampleIngested"), "\(run.error)")
        // The copy's seqs named back (a trace step's run of seqs spans the skipped ones, and
        // counts only the events folded).
        #expect(run.output == Self.originalSeqs(expected.output, seqs))
    }

    @Test func reportWritesItsPageWithSkippedEvents() throws {
        let folder = try TemporaryFolder()
        let without = try Self.copy(without: [12], in: folder).path
        let page = folder.path("skip.html")
        let expectedPage = folder.path("without.html")
        let run = ToolRun.run(["report", Self.sampleWeek, "--skip", "12", "--html", page])
        #expect(run.code == .success, "\(run.error)")
        #expect(ToolRun.run(["report", without, "--html", expectedPage]).code == .success)
        #expect(try Data(contentsOf: URL(fileURLWithPath: page)) == Data(contentsOf: URL(fileURLWithPath: expectedPage)))
    }

    /// An exit confirmed whose request is skipped is itself skipped by the fold, with its
    /// usual warning: the honest what-if.
    @Test func eventsThatDependOnASkippedOneGetTheFoldsUsualWarning() {
        let run = ToolRun.run(["show", Self.sampleWeek, "--skip", "30"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("seq 31: skipped: exitConfirmed for night 2026-12-01: no exit is waiting"), "\(run.output.suffix(500))")
        #expect(!ToolRun.run(["show", Self.sampleWeek]).output.contains("seq 31: skipped"))
    }

    /// The fold does not follow `causedBy`; standard error names an event that names a
    /// skipped one as its cause, still folded, and how to leave it out too.
    @Test func anEventCausedByASkippedOneIsNamed() {
        let run = ToolRun.run(["show", Self.sampleWeek, "--skip", "5"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.error.contains(
            "--skip: seq 6 (checklistItemCompleted) names seq 5 as its cause and is still folded (the fold does not follow causedBy); add it to --skip to leave it out too"),
            "\(run.error)")
        let both = ToolRun.run(["show", Self.sampleWeek, "--skip", "5,6"])
        #expect(!both.error.contains("names seq 5 as its cause"), "\(both.error)")
    }

    @Test func noCheckpointIsUsedAndTheOutputIsTheSameAsWithout() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("week.jsonl")
        try FileManager.default.copyItem(atPath: Self.sampleWeek, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(ToolRun.run(["checkpoint", path]).code == .success)
        let run = ToolRun.run(["show", path, "--json", "--skip", "12"])
        #expect(run.code == .success)
        #expect(!run.error.contains("started from checkpoint"), "\(run.error)")
        #expect(run.error.contains("--skip: every line folded, no checkpoint used (a checkpoint's state already holds the events skipped)"))
        #expect(run.output == ToolRun.run(["show", Self.sampleWeek, "--json", "--skip", "12"]).output)
        // Without --skip the checkpoint is used again.
        #expect(ToolRun.run(["show", path]).error.contains("started from checkpoint"))
    }

    @Test func repeatedOptionsAndDuplicatesAreOneList() {
        let once = ToolRun.run(["show", Self.sampleWeek, "--json", "--skip", "12,33"])
        let twice = ToolRun.run(["show", Self.sampleWeek, "--json", "--skip", "33", "--skip", "12,12"])
        #expect(twice.code == .success, "\(twice.error)")
        #expect(twice.output == once.output)
        #expect(twice.error.components(separatedBy: "folding without seq 12").count == 2, "named once: \(twice.error)")
    }

    @Test(arguments: [
        ("abc", "item 1 'abc' is not a seq"), ("0", "item 1 '0' is not a seq: seqs start at 1"), ("3,", "item 2 is empty"),
        (",3", "item 1 is empty"), ("", "item 1 is empty"), ("-2", "item 1 '-2' is not a seq"), ("4,x7", "item 2 'x7' is not a seq"),
        ("a:b:3", "item 1 'a:b:3' has more than one ':'"), (":3", "item 1 ':3' names no stream"),
    ])
    func aMalformedValueIsAUsageError(value: String, problem: String) {
        for command in [["show"], ["why", "--night", "2026-12-01"], ["trace", "--figure", "debt"], ["report"]] {
            let run = ToolRun.run([command[0], Self.sampleWeek] + command.dropFirst() + ["--skip", value])
            #expect(run.code == .usage, "\(command) \(value)")
            #expect(run.output.isEmpty)
            #expect(run.error.contains("Error: The value '\(value)' is invalid for '--skip': \(problem)"), "\(run.error)")
        }
    }

    @Test func aSeqNotInTheLogIsAUsageErrorNamingTheSeqsItHas() {
        for command in [["show", "--json"], ["why", "--night", "2026-12-01"], ["trace", "--figure", "debt"], ["report"]] {
            let run = ToolRun.run([command[0], Self.sampleWeek] + command.dropFirst() + ["--skip", "12,999,1000"])
            #expect(run.code == .usage, "\(command)")
            #expect(run.output.isEmpty, "\(command)")
            #expect(run.error.hasPrefix("Error: --skip 999,1000: no such event in '\(Self.sampleWeek)' (the log has seqs 1–162)\n"), "\(run.error)")
        }
        let named = ToolRun.run(["show", Self.sampleWeek, "--skip", "phone:3"])
        #expect(named.code == .usage)
        #expect(named.error.contains("is a log file, whose events are named by seq alone (--skip 3)"), "\(named.error)")
    }

    /// In a log set an event is `STREAM:SEQ`; a plain seq only when one stream has it.
    @Test func aLogSetNamesEventsByStreamAndSeq() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(ToolRun.run(["simulate", "--nights", "7", "--seed", "2", "--devices", "phone,watch", "--out", set]).code == .success)
        let watchLines = try String(contentsOfFile: set + "/watch.jsonl", encoding: .utf8).split(separator: "\n").count
        let phoneLines = try String(contentsOfFile: set + "/phone.jsonl", encoding: .utf8).split(separator: "\n").count
        #expect(phoneLines > watchLines)

        let named = ToolRun.run(["show", set, "--json", "--skip", "watch:3"])
        #expect(named.code == .success, "\(named.error)")
        #expect(named.error.contains("--skip: folding without watch:3 ("), "\(named.error)")

        let ambiguous = ToolRun.run(["show", set, "--skip", "3"])
        #expect(ambiguous.code == .usage)
        #expect(ambiguous.output.isEmpty)
        #expect(ambiguous.error.contains("--skip 3: several streams of the log set have seq 3; name one: phone:3, watch:3"), "\(ambiguous.error)")

        let onlyPhone = ToolRun.run(["show", set, "--json", "--skip", "\(phoneLines)"])
        #expect(onlyPhone.code == .success, "\(onlyPhone.error)")
        #expect(onlyPhone.error.contains("--skip: folding without phone:\(phoneLines) ("), "\(onlyPhone.error)")
        #expect(onlyPhone.output == ToolRun.run(["show", set, "--json", "--skip", "phone:\(phoneLines)"]).output)

        let missing = ToolRun.run(["show", set, "--skip", "tablet:3,watch:\(watchLines + 1)"])
        #expect(missing.code == .usage)
        #expect(missing.error.contains(
            "--skip tablet:3,watch:\(watchLines + 1): no such event in '\(set)' (phone has seqs 1–\(phoneLines), watch has seqs 1–\(watchLines))"),
            "\(missing.error)")

        for command in [["why", "--night", "2026-10-20"], ["trace", "--figure", "streak"], ["report"]] {
            let run = ToolRun.run([command[0], set] + command.dropFirst() + ["--skip", "phone:5"])
            #expect(run.code != .usage && run.code != .dataError, "\(command): \(run.error)")
            #expect(run.error.contains("--skip: folding without phone:5 ("), "\(run.error)")
        }

        // The same as the set with that line gone (the watch stream renumbered); its first
        // line, in no batch, so that the copy is sound.
        let first = ToolRun.run(["show", set, "--json", "--skip", "watch:1"])
        #expect(first.code == .success, "\(first.error)")
        let watch = set + "/watch.jsonl"
        let lines = try String(contentsOfFile: watch, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!lines[0].contains(#""batch""#))
        var kept: [String] = []
        for line in lines.dropFirst() {
            let prefix = #"{"seq":"#
            let digits = line.dropFirst(prefix.count).prefix { $0.isNumber }
            kept.append(prefix + "\(kept.count + 1)" + line.dropFirst(prefix.count + digits.count))
        }
        try (kept.joined(separator: "\n") + "\n").write(toFile: watch, atomically: true, encoding: .utf8)
        let copy = ToolRun.run(["show", set, "--json"])
        #expect(copy.code == .success, "\(copy.error)")
        #expect(first.output == copy.output)
    }

    /// In a log set a skipped event is left out before the copies are sorted out: a copy of
    /// its id in another stream then counts, as it would with the line gone.
    @Test func aCopyInAnotherStreamCountsWhenTheFirstIsSkipped() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: false)
        let week = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8)
        try week.write(toFile: set + "/phone.jsonl", atomically: true, encoding: .utf8)
        // The exit request of seq 30, copied to the watch's stream as its first line.
        let request = try #require(week.split(separator: "\n").first { $0.hasPrefix(#"{"seq":30,"#) })
        try (#"{"seq":1,"# + request.dropFirst(#"{"seq":30,"#.count) + "\n").write(toFile: set + "/watch.jsonl", atomically: true, encoding: .utf8)
        let whole = ToolRun.run(["show", set, "--json"])
        #expect(whole.code == .success, "\(whole.error)")
        let first = ToolRun.run(["show", set, "--json", "--skip", "phone:30"])
        #expect(first.code == .success, "\(first.error)")
        #expect(first.output == whole.output, "the watch's copy is the request now")
        let both = ToolRun.run(["show", set, "--json", "--skip", "phone:30,watch:1"])
        #expect(both.output.contains("phone:31: skipped: exitConfirmed for night 2026-12-01: no exit is waiting"), "\(both.output.suffix(600))")
        // A plain seq only the phone's stream has is that event.
        #expect(ToolRun.run(["show", set, "--json", "--skip", "30,watch:1"]).output == both.output)
    }
}
