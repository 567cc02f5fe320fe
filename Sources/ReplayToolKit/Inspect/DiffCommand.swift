import EventLogFile
import Foundation
import Goldens
import StrictJSON

/// `replay-tool diff A.json B.json`.
enum DiffCommand {
    static let specification = CommandSpecification(
        name: "diff",
        abstract: "Compare two JSON views field by field.",
        discussion: """
            Reads two JSON views (what 'show --json' prints: of two logs, or of one log under \
            two versions of the library) and prints each field that differs on a line of its \
            own, by its path from the root, with its value in A then in B \
            ('plans[3].bedtime: "23:15" → "23:30"'; (absent) where one lacks it). Exits 1 \
            when they differ, 0 when every field agrees (keys in another order agree).
            """,
        arguments: [
            ArgumentSpecification(name: "a", help: "The first JSON view (a file)."),
            ArgumentSpecification(name: "b", help: "The second JSON view (a file)."),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let first = try arguments.positional("a"), second = try arguments.positional("b")
        let left = try read(first), right = try read(second)
        let differences = JSONDifference.between(expected: left, actual: right)
        for difference in differences { console.output("\(difference)\n") }
        console.output(differences.isEmpty ? "the views agree\n" : "\(differences.count) field\(differences.count == 1 ? "" : "s") differ\n")
        return differences.isEmpty ? .success : .checkFailed
    }

    /// The text of the JSON file at `path`.
    ///
    /// - Throws: `EventLogFileError`: `.notFound` when it cannot be read, `.invalidLine` (a
    ///   data error) when it is not JSON, naming where.
    private static func read(_ path: String) throws(EventLogFileError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw EventLogFileError(code: .notFound, message: "no such JSON file; nothing was compared", path: path)
        }
        let text = String(decoding: data, as: UTF8.self)
        do {
            _ = try JSONParser.parse(text)
        } catch {
            throw EventLogFileError(code: .invalidLine, message: "not a JSON view: \(error); nothing was compared", path: path)
        }
        return text
    }
}
