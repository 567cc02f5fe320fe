import EventLogFile
import Foundation
import Goldens

/// `replay-tool golden DIR [--record]`.
enum GoldenCommand {
    static let specification = CommandSpecification(
        name: "golden",
        abstract: "Check recorded logs against their golden JSON views.",
        discussion: """
            For every NAME.jsonl in DIR (in name order), folds the log as of each instant \
            listed in NAME.instants (one RFC 3339 instant a line; blank lines and lines \
            starting with # are passed over) and compares the JSON view (what 'show --json \
            --at INSTANT' prints) with its golden in NAME.golden/, one file per instant, \
            named by the instant with - for :. Each view that differs is printed with the \
            fields that differ, one line each ('plans[3].bedtime: "23:15" → "23:30"'). Exits \
            1 when any view differs or has no golden, 0 when all agree. With --record it \
            writes every golden instead (read their diff before committing them).
            """,
        arguments: [ArgumentSpecification(name: "directory", help: "The folder of recorded logs (NAME.jsonl, NAME.instants, NAME.golden/).")],
        options: [.flag("record", help: "Write the goldens instead of checking them.")]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let directory = try arguments.positional("directory")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw EventLogFileError(code: .notFound, message: "no such folder of recorded logs; nothing was checked", path: directory)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        guard !names.isEmpty else {
            throw EventLogFileError(code: .notFound, message: "the folder holds no recorded log (NAME.jsonl); nothing was checked", path: directory)
        }
        let record = arguments.flag("record")
        var disagreeing = 0
        var checked = 0
        for name in names {
            let log = directory + "/" + name
            let base = String(log.dropLast(".jsonl".count))
            let instants = try GoldenViews.instants(inFileAt: base + ".instants")
            for result in try GoldenViews.check(logAt: log, instants: instants, goldens: base + ".golden", record: record) {
                checked += 1
                switch result.outcome {
                case .matches:
                    console.output("ok \(name) at \(result.instant.rfc3339)\n")
                case .recorded:
                    console.output("recorded \(result.golden)\n")
                case .missing:
                    disagreeing += 1
                    console.output("MISSING \(name) at \(result.instant.rfc3339): no golden \(result.golden) (record it with --record)\n")
                case .differs(let differences):
                    disagreeing += 1
                    console.output("DIFFERS \(name) at \(result.instant.rfc3339) (\(result.golden)):\n")
                    for difference in differences { console.output("  \(difference)\n") }
                    if differences.isEmpty { console.output("  (the same fields, laid out otherwise)\n") }
                }
            }
        }
        if record {
            console.output("recorded \(checked) golden view\(checked == 1 ? "" : "s") of \(names.count) log\(names.count == 1 ? "" : "s")\n")
            return .success
        }
        console.output("\(checked - disagreeing) of \(checked) view\(checked == 1 ? "" : "s") agree\n")
        return disagreeing == 0 ? .success : .checkFailed
    }
}
