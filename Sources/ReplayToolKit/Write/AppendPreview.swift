import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store

/// What projections will make of events about to be appended: the log is folded with them
/// merged in at their place (in (`at`, `seq`) order, after the log's own events of the same
/// instant), and the fold's warnings about them are kept. An unknown type, a newer `v`, an
/// exit confirmed without a request, a night without a plan: each is kept in the log (the
/// format is forward-compatible) but skipped by projections, and `append` says so per line.
enum AppendPreview {
    /// One warning about one input line.
    struct Note: Sendable, Hashable {
        /// The input's 0-based index (its line is `index + 1`).
        var index: Int
        /// What projections will do with it, and why.
        var message: String
    }

    /// The seq the fold gives the first new event; far above any real seq, so the new
    /// events sort after the log's own events of the same instant, as they will.
    static let provisionalBase = Int.max / 2

    /// The warnings the fold of the log at `path` plus `events` gives about `events` (an
    /// event whose id the log already holds is left out: appending it writes nothing).
    /// `nil` when the log cannot be read (the append then says why); a missing log folds
    /// as an empty one.
    static func notes(path: String, events: [Event]) -> [Note]? {
        let incoming = events.enumerated().map { index, event in
            RecordedEvent(seq: provisionalBase + index, event: event)
        }
        let ordered = EventOrdering.sorted(incoming)
        let incomingIndex = Dictionary(events.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var runner = ProjectionRunner<LogState>()
        var next = 0
        var present: Set<Int> = []
        if FileManager.default.fileExists(atPath: path) {
            do {
                // A torn tail is not about the new events: no warning for it.
                (runner, _) = try LogFold.fold(path: path, tornTail: nil, restart: {
                    next = 0
                    present = []
                }, beforeEach: { event, runner in
                    while next < ordered.count, EventOrdering.precedes(ordered[next], event) {
                        runner.apply(ordered[next])
                        next += 1
                    }
                    if let index = incomingIndex[event.id] { present.insert(index) }
                })
            } catch {
                return nil
            }
        }
        runner.apply(contentsOf: ordered[next...])
        return runner.warnings.all.compactMap { warning -> Note? in
            guard let seq = warning.seq, seq >= provisionalBase else { return nil }
            let index = seq - provisionalBase
            guard !present.contains(index) else { return nil }
            var message = warning.message
            if message.hasPrefix("skipped: ") { message.removeFirst("skipped: ".count) }
            if case .opaque(let opaque) = events[index].payload, opaque.reason == .unknownType,
               let suggestion = closestType(to: opaque.typeName) {
                message += "; did you mean '\(suggestion)'?"
            }
            return Note(index: index, message: message)
        }
    }

    /// The catalogue type `name` most likely meant, if any (ignoring case): the nearest by
    /// edit distance when it is at most 2 (`goalset` → `goalSet`, `exitConfirm` →
    /// `exitConfirmed`), else the one sharing the longest beginning with it, of at least 4
    /// letters (`bedtimeMoved` → `bedtimeOverridden`), the first in the catalogue on a tie.
    static func closestType(to name: String) -> String? {
        let typed = Array(name.lowercased())
        var nearest: (name: String, distance: Int)?
        var longestPrefix: (name: String, length: Int)?
        for type in EventType.allCases {
            let candidate = Array(type.rawValue.lowercased())
            let distance = editDistance(typed, candidate)
            if distance <= 2, distance < (nearest?.distance ?? .max) { nearest = (type.rawValue, distance) }
            let shared = zip(typed, candidate).prefix { $0 == $1 }.count
            if shared >= 4, shared > (longestPrefix?.length ?? 0) { longestPrefix = (type.rawValue, shared) }
        }
        return nearest?.name ?? longestPrefix?.name
    }

    /// The Levenshtein distance between two strings of characters.
    static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previous = Array(0...target.count)
        var current = Array(repeating: 0, count: target.count + 1)
        for (row, left) in source.enumerated() {
            current[0] = row + 1
            for (column, right) in target.enumerated() {
                current[column + 1] = min(previous[column + 1] + 1, current[column] + 1, previous[column] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
