@_spi(LogTools) import EventLogFile
import Events
import Projections
import StrictJSON

/// `replay-tool verify LOG`.
enum VerifyCommand {
    static let specification = CommandSpecification(
        name: "verify",
        abstract: "Check that an event log is sound.",
        discussion: """
            Reads every line of LOG and reports each problem as FILE:LINE: message on \
            standard error: invalid JSON, missing or mistyped keys, seq gaps, repeats or \
            decreases, duplicate ids, short batches, and a torn tail (a crash mid-append; \
            see 'replay-tool repair'). At most 20 problems are listed, then the rest are \
            counted. A file that is not a log at all is named for what it is: UTF-16 or \
            UTF-32 text, a byte-order mark, or lines that are not MoreSleep events. A log \
            set is checked stream by stream (an id in two streams is not a problem there: \
            it counts once), and a .jsonl file that is not a stream is named. Then the \
            log's checkpoints are checked whole: each must still match every byte of the \
            log it covers; one that does not is named on standard error (it is a cache: \
            the tools and the store pass it over, and it changes no exit code). Exits 0 \
            when the log (every stream) is sound, 65 when it is not.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value(
                "checkpoints", valueName: "dir", help: "Check the checkpoints in this folder.",
                defaultDescription: "LOG.checkpoints beside a log file; DIR/checkpoints in a log set"
            ),
            .flag("no-checkpoint", help: "Check the log only, not its checkpoints."),
        ]
    )

    /// The most problems listed one by one; the rest are counted.
    static let listedProblemLimit = 20

    /// How many first lines decide whether a file looks like a log at all.
    static let sniffedLineCount = 10

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let checkpoints = CheckpointChoice(arguments)
        guard let listing = try LogSetAnnouncement.announce(path, console: console) else {
            let exit = try verify(path: path, console: console)
            verifyCheckpoints(of: .file(path: path), streams: [nil], in: checkpoints.folder(forLogAt: path), console: console)
            return exit
        }
        let logSet = LogSetDirectory(path: path)
        var exit = ExitCode.success
        for stream in listing.streams where try verify(path: logSet.path(of: stream), console: console) != .success {
            exit = .dataError
        }
        verifyCheckpoints(of: .logSet(logSet), streams: listing.streams, in: checkpoints.folder(forLogAt: path), console: console)
        return exit
    }

    /// Checks every checkpoint in `folderPath` against every byte of `log` it covers (the
    /// full check, which an open leaves to later), naming each that fails on standard error,
    /// and says how many hold; nothing when the folder holds none.
    static func verifyCheckpoints(of log: LogSource, streams: [StreamName?], in folderPath: String?, console: ToolConsole) {
        guard let folderPath else { return }
        let folder = CheckpointFolder(path: folderPath)
        let listed = folder.entries()
        let total = listed.entries.count + listed.problems.count
        guard total > 0 else { return }
        let checked = folder.validate(listed.entries, log: log, streams: streams, foldVersion: FoldVersion.current, check: .full)
        for problem in listed.problems + checked.problems {
            console.error("\(ReplayTool.name): \(problem.warning)\n")
        }
        let holding = checked.valid.count == total ? (total == 1 ? "it holds" : "all hold") : "\(checked.valid.count) hold"
        console.output("\(folderPath): \(total) \(total == 1 ? "checkpoint" : "checkpoints"), checked against every byte they cover: \(holding)\n")
    }

    /// Verifies the one file at `path`.
    static func verify(path: String, console: ToolConsole) throws -> ExitCode {
        let encoding = try LogTextEncoding.foreign(path: path)
        if let encoding, encoding.family != .utf8 {
            // Every line would be "a NUL byte at byte 1": name the encoding instead.
            console.error("\(path):1: \(encoding.problem)\n")
            return .dataError
        }
        let report = try FileEventLog.verify(path: path)
        if report.isSound {
            console.output("\(path): sound: \(report.eventCount) events, last seq \(report.lastSeq)\n")
            return .success
        }
        if let encoding {
            console.error("\(path):1: \(encoding.problem)\n")
        } else if report.eventCount == 0, report.tornTail == nil, let lines = try linesWithoutEnvelope(path: path) {
            let which = lines == 1 ? "its only line is not" : "none of its first \(lines) lines are"
            console.error("\(path): this does not look like a MoreSleep event log: \(which) a JSON object with the envelope keys seq, type and at\n")
        }
        for issue in report.issues.prefix(listedProblemLimit) {
            console.error("\(path):\(issue.line): \(issue.message)\n")
        }
        if report.issues.count > listedProblemLimit {
            let rest = report.issues.count - listedProblemLimit
            console.error("\(path): … and \(rest) more \(rest == 1 ? "problem" : "problems") not listed\n")
        }
        let problems = report.issues.count == 1 ? "1 problem" : "\(report.issues.count) problems"
        console.error("\(path): \(problems) in \(report.lineCount) lines\n")
        if report.tornTail != nil {
            if report.issues.allSatisfy({ $0.kind == .tornTail }) {
                console.error("\(path): the torn tail is what a crash mid-append leaves; run '\(ReplayTool.name) repair \(path)' to remove it\n")
            } else {
                console.error("\(path): '\(ReplayTool.name) repair' removes only a torn tail, and only from a log without other problems\n")
            }
        }
        return .dataError
    }

    /// The number of first lines looked at (up to `sniffedLineCount`) when none of them is a
    /// JSON object with the envelope keys `seq`, `type` and `at`; `nil` when one is (or the
    /// file is empty).
    static func linesWithoutEnvelope(path: String) throws(EventLogFileError) -> Int? {
        var reader = try LineReader(path: path)
        var count = 0
        while count < sniffedLineCount {
            let line: LineReader.Line?
            do {
                line = try reader.nextLine()
            } catch where error.code == .lineTooLong {
                break
            }
            guard let line else { break }
            count += 1
            if case .object(let object) = try? JSONParser.parse(line.bytes),
               ["seq", "type", "at"].allSatisfy(object.contains(key:)) {
                return nil
            }
        }
        return count == 0 ? nil : count
    }
}
