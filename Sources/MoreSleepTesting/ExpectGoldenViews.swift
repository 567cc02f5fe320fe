import Events
@_exported import Goldens
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pins the recorded log at `logPath` to its golden JSON views at `instants` (see
/// `GoldenViews`: by default the instants are listed in `NAME.instants` beside it and the
/// goldens kept in `NAME.golden/`). Every field that differs becomes an issue of the running
/// test, one line each ("plans[3].bedtime: \"23:15\" → \"23:30\""); a missing golden too.
/// With `record` (by default when the environment sets `RECORD_GOLDENS`), the goldens are
/// written instead, and the test records that it did so, so that a recording run never
/// passes unread.
///
/// ```swift
/// @Test func lastWeek() throws {
///     try expectGoldenViews(logAt: Bundle.module.path(forResource: "last-week", ofType: "jsonl")!)
/// }
/// ```
///
/// - Throws: `EventLogFileError` when the log, the instants or a golden cannot be read, or a
///   golden cannot be written.
public func expectGoldenViews(
    logAt logPath: String, instants: [Instant]? = nil, goldens: String? = nil,
    record: Bool = GoldenRecording.isRequested, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let base = logPath.hasSuffix(".jsonl") ? String(logPath.dropLast(".jsonl".count)) : logPath
    let chosen = try instants ?? GoldenViews.instants(inFileAt: base + ".instants")
    let results = try GoldenViews.check(logAt: logPath, instants: chosen, goldens: goldens ?? base + ".golden", record: record)
    for result in results {
        switch result.outcome {
        case .matches:
            continue
        case .recorded:
            Issue.record(Comment(rawValue: "recorded \(result.golden): read its diff, then run again without RECORD_GOLDENS"), sourceLocation: sourceLocation)
        case .missing:
            Issue.record(Comment(rawValue: "no golden at \(result.golden) for \(result.instant.rfc3339): run with RECORD_GOLDENS=1 to record it"), sourceLocation: sourceLocation)
        case .differs(let differences):
            let lines = differences.isEmpty ? ["(the same fields, laid out otherwise)"] : differences.map(\.description)
            let message = "\(result.golden) (\(result.instant.rfc3339)) differs:\n" + lines.joined(separator: "\n")
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}

/// Whether the environment asks to record goldens (`RECORD_GOLDENS` set and not `0`).
public enum GoldenRecording {
    public static var isRequested: Bool {
        guard let value = getenv("RECORD_GOLDENS") else { return false }
        return String(cString: value) != "0"
    }
}
