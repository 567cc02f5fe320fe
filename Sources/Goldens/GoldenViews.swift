import EventLogFile
import Events
import Foundation
import Projections
import Store
import Views

/// A recorded log pinned to its golden JSON views (docs/json-view.md) at chosen instants: for
/// the people who embed the library, over their own recorded nights (`replay-tool golden`,
/// and `MoreSleepTesting`'s assertion).
///
/// Beside `NAME.jsonl` lie `NAME.instants` (one RFC 3339 instant a line; blank lines and
/// lines starting with `#` are passed over) and the folder `NAME.golden/`, one file per
/// instant, `YYYY-MM-DDTHH-MM-SS±HH-MM.json` (the instant with `-` for `:`), holding what
/// `replay-tool show NAME.jsonl --json --at INSTANT` prints.
public enum GoldenViews {
    /// What one instant's check found.
    public enum Outcome: Sendable, Hashable {
        /// The view is the golden's, byte for byte.
        case matches
        /// The fields that differ (a view that differs only in layout has none listed).
        case differs([JSONDifference])
        /// There is no golden for this instant (record one).
        case missing
        /// The golden was written (recording).
        case recorded
    }

    /// One instant of one log, and what its check found.
    public struct Result: Sendable, Hashable {
        public var log: String
        public var instant: Instant
        public var golden: String
        public var outcome: Outcome

        /// Whether the view agreed with its golden (or was recorded).
        public var agrees: Bool {
            switch outcome {
            case .matches, .recorded: true
            case .differs, .missing: false
            }
        }
    }

    /// The instants listed in the companion file at `path`.
    ///
    /// - Throws: `EventLogFileError`: `.notFound` when it is missing, `.invalidLine` naming a
    ///   line that is not an RFC 3339 instant.
    public static func instants(inFileAt path: String) throws(EventLogFileError) -> [Instant] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EventLogFileError(code: .notFound, message: "the list of instants is missing (one RFC 3339 instant a line); nothing was checked", path: path)
        }
        var instants: [Instant] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            guard let instant = try? Instant(rfc3339: text) else {
                throw EventLogFileError(
                    code: .invalidLine, message: "'\(text)' is not an RFC 3339 instant (2026-11-30T21:00:00+01:00); nothing was checked",
                    path: path, line: index + 1)
            }
            instants.append(instant)
        }
        return instants
    }

    /// A torn tail's warning in a view: the words of every fold of `replay-tool` (`show`,
    /// `why`, `trace`, `report`, `scores` take this value), so a golden and `show --json` agree.
    package static let tornTailNotice = TornTailNotice(.none, .repairRemovesIt(tool: "replay-tool"))

    /// The golden file of `instant` in `folder`.
    public static func goldenPath(in folder: String, at instant: Instant) -> String {
        folder + "/" + instant.rfc3339.replacingOccurrences(of: ":", with: "-") + ".json"
    }

    /// The JSON view of the log at `path` as of `instant` (its events up to then), as
    /// `replay-tool show --json --at` prints it.
    ///
    /// - Throws: `EventLogFileError`: what reading the log throws.
    public static func view(ofLogAt path: String, at instant: Instant) throws(EventLogFileError) -> String {
        let fold = try CheckpointedFold.fold(.file(path: path), checkpoints: nil, position: ReplayPosition(instant: instant))
        return JSONView.text(state: fold.runner.state, warnings: fold.warnedRunner(tornTailNotice).warnings, asOf: instant)
    }

    /// Checks the log at `path` against its goldens in `folder` at each of `instants`, or, with
    /// `record`, writes them (the folder is created).
    ///
    /// - Throws: `EventLogFileError`: what reading the log or a golden, or writing one, throws.
    public static func check(logAt path: String, instants: [Instant], goldens folder: String, record: Bool) throws(EventLogFileError) -> [Result] {
        var results: [Result] = []
        for instant in instants {
            let view = try view(ofLogAt: path, at: instant)
            let golden = goldenPath(in: folder, at: instant)
            let outcome: Outcome
            if record {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw EventLogFileError(code: .ioError, message: "could not create the goldens' folder: \(error.localizedDescription)", path: folder)
                }
                try AtomicFile.write(Array(view.utf8), to: golden, temporary: golden + ".partial", what: "a golden view")
                outcome = .recorded
            } else if let data = FileManager.default.contents(atPath: golden) {
                let expected = String(decoding: data, as: UTF8.self)
                outcome = expected == view ? .matches : .differs(JSONDifference.between(expected: expected, actual: view))
            } else {
                outcome = .missing
            }
            results.append(Result(log: path, instant: instant, golden: golden, outcome: outcome))
        }
        return results
    }
}
