import Commands
import Store
import EventLogFile

/// `replay-tool checkpoint LOG|DIR [--checkpoints DIR]`.
enum CheckpointCommand {
    static let specification = CommandSpecification(
        name: "checkpoint",
        abstract: "Write or refresh the checkpoints of a log, so that reading it starts near its end.",
        discussion: """
            A checkpoint is the folded state of the log's first lines, saved in a folder \
            (LOG.checkpoints beside the log unless --checkpoints names another) with the \
            position it covers and a digest of those bytes. Reading commands (show, why, \
            scores, report) then fold only the lines after the newest valid one, and say so \
            on standard error; their output is byte-identical either way. This command folds \
            the log (from its newest valid checkpoint, if any), writes a checkpoint of the \
            whole log, and, when it folds from the first line, checkpoints before each of the \
            last 3 nights and about 7, 15, 31, 63 and 127 nights back, so that a late event \
            rewinds only to a night near it. Older checkpoints beyond those are removed. A \
            checkpoint that is stale (another fold version), corrupt, of another log or of a \
            prefix that was cut or edited is never used: it is named on standard error and \
            replaced. Deleting the folder is always safe: it holds nothing the log does not \
            (keep it out of version control: this repository's .gitignore has \
            *.checkpoints/ and *.checkpoint). A log set's checkpoints (in \
            DIR/checkpoints unless --checkpoints names another) cover a prefix of each \
            stream; one is used only while every stream it covers still starts with those \
            bytes and no line synced in since belongs before it.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value(
                "checkpoints", valueName: "dir", help: "Write the checkpoints into this folder (created when missing).",
                defaultDescription: "LOG.checkpoints beside a log file; DIR/checkpoints in a log set"
            ),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        try LogSetAnnouncement.announce(path, console: console)
        guard let folderPath = CheckpointChoice(arguments).folder(forLogAt: path) else { return .success }
        let folder = CheckpointFolder(path: folderPath)
        let report = { (problem: CheckpointProblem) in
            console.error("\(ReplayTool.name): \(problem.warning(replaced: true))\n")
        }
        let written = LogSetDirectory.isDirectory(path)
            ? try CheckpointedFold.writeCheckpoints(.logSet(LogSetDirectory(path: path)), into: folder, report: report)
            : try CheckpointedFold.writeCheckpoints(.file(path: path), into: folder, report: report)
        switch written.outcome {
        case .emptyLog:
            console.output("\(path): no events; no checkpoint written\n")
        case .upToDate(let entry):
            let position = entry.header.isLogSet ? "" : " (seq \(entry.header.lastSeq))"
            console.output("\(path): checkpoint \(entry.fileName) already covers every line\(position); nothing written\n")
        case .written(let entries):
            for entry in entries {
                let events = entry.header.eventCount == 1 ? "1 event" : "\(entry.header.eventCount) events"
                let position = entry.header.isLogSet ? "" : "seq \(entry.header.lastSeq), "
                console.output("\(path): wrote \(folderPath)/\(entry.fileName): \(position)\(events), \(entry.header.payloadLength) bytes of state\n")
            }
        }
        console.output("\(path): \(written.kept.count) checkpoint\(written.kept.count == 1 ? "" : "s") kept in \(folderPath)\n")
        return .success
    }
}
