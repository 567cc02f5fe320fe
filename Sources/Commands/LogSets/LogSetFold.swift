import EventLogFile
import Events
import Projections

/// Folding a log set (a directory of streams, docs/sync.md): every stream's lines in the
/// order (`at`, stream name, `seq`), an id that reaches two streams counted once, the first
/// in that order.
///
/// A later copy of an id in another stream is left out before the fold sees it: silently
/// when its content (type, `v`, `data`) is the first copy's (the phone re-appending what
/// the watch sent, both devices ingesting one HealthKit sample with a derived id), with a
/// warning naming both streams when it differs. Within one stream, a repeated id is the
/// runner's, as in a single file. A stream's torn tail becomes a warning naming the stream.
///
/// The state is a function of the stream prefixes present: the streams are read in name
/// order and the events sorted by a total order, so neither the order in which lines
/// arrived nor the device that folds them changes a byte of it.
///
/// This version holds every stream's events in memory while it sorts them (a single file is
/// streamed, `LogFold`); checkpoints and the store do not cover log sets yet.
package enum LogSetFold {
    /// A log set's events, read: in fold order, later copies of an id in another stream left
    /// out.
    package struct Read: Sendable {
        /// The events to fold, in (`at`, stream, `seq`) order.
        package var events: [RecordedEvent]
        /// The copies left out because their content differs from the first copy's: each with
        /// its warning (a copy with the same content is left out silently).
        package var conflicting: [(event: RecordedEvent, warning: ProjectionWarnings.Warning)]
        /// How many later copies of an id in another stream were left out, either way.
        package var copiesLeftOut: Int
        /// The largest `at` among the lines read (opaque events too): the default instant of
        /// queries.
        package var latestLineAt: Instant?
        /// Each stream's torn tail.
        package var tornTails: [(stream: StreamName, tornTail: TornTail)]
        /// The streams read, in name order, each with what its read found.
        package var streams: [Stream]
    }

    /// One stream of a log set, as read.
    package struct Stream: Sendable {
        /// Its name.
        package var name: StreamName
        /// Its lines (a torn tail's included), events and last seq.
        package var lineCount: Int
        package var eventCount: Int
        package var lastSeq: Int
    }

    /// What a fold of a log set found besides the state.
    package struct Folded<State: Projection>: Sendable {
        /// The state and the warnings.
        package var runner: ProjectionRunner<State>
        /// The largest `at` among the lines read (opaque events too): the default instant of
        /// queries.
        package var latestLineAt: Instant?
        /// Each stream's torn tail.
        package var tornTails: [(stream: StreamName, tornTail: TornTail)]
        /// The streams folded, in name order, each with what its read found.
        package var streams: [Stream]
        /// How many later copies of an id in another stream were left out.
        package var copiesLeftOut: Int
    }

    /// Reads every stream of `logSet` (see the type's notes).
    ///
    /// - Throws: `EventLogFileError`: what listing the directory or reading a stream throws
    ///   (a stream's corrupt line stops the read, naming the stream's file and line).
    package static func read(_ logSet: LogSetDirectory) throws(EventLogFileError) -> Read {
        let streams = try logSet.list().streams
        var events: [RecordedEvent] = []
        var tornTails: [(stream: StreamName, tornTail: TornTail)] = []
        var read: [Stream] = []
        var latest: Instant?
        for stream in streams {
            let summary = try EventLogReader.forEachEvent(path: logSet.path(of: stream)) { scanned in
                let event = scanned.event.inStream(stream.text)
                if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
                events.append(event)
            }
            if let torn = summary.tornTail { tornTails.append((stream, torn)) }
            read.append(Stream(name: stream, lineCount: summary.lineCount, eventCount: summary.eventCount, lastSeq: summary.lastSeq))
        }
        events.sort(by: EventOrdering.precedes)
        var kept: [RecordedEvent] = []
        kept.reserveCapacity(events.count)
        var conflicting: [(event: RecordedEvent, warning: ProjectionWarnings.Warning)] = []
        var firstCopies: [String: RecordedEvent] = [:]
        firstCopies.reserveCapacity(events.count)
        for event in events {
            if let original = firstCopies[event.id] {
                if original.stream != event.stream {
                    if !sameContent(original, event) {
                        conflicting.append((event, .init(
                            seq: event.seq, rule: .event,
                            message: "skipped: id already used by \(original.place) with other content; the first in fold order counts",
                            stream: event.stream)))
                    }
                    continue
                }
            } else {
                firstCopies[event.id] = event
            }
            kept.append(event)
        }
        return Read(
            events: kept, conflicting: conflicting, copiesLeftOut: events.count - kept.count,
            latestLineAt: latest, tornTails: tornTails, streams: read)
    }

    /// Folds the log set `logSet` as of `position` (whose `untilSeq` must be `nil`: a seq
    /// names a line of one stream). `notice` words a stream's torn tail as a warning.
    ///
    /// - Throws: `EventLogFileError`: what ``read(_:)`` throws, or `.invalidArgument` for a
    ///   position with `untilSeq`.
    package static func fold(
        _ logSet: LogSetDirectory, position: ReplayPosition = .end, tornTail notice: TornTailNotice?
    ) throws(EventLogFileError) -> Folded<LogState> {
        try fold(logSet, position: position, tornTail: notice, as: LogState.self)
    }

    /// ``fold(_:position:tornTail:)`` into any projection (`stats` folds `LogStatistics`).
    package static func fold<State: Projection>(
        _ logSet: LogSetDirectory, position: ReplayPosition = .end, tornTail notice: TornTailNotice?, as state: State.Type
    ) throws(EventLogFileError) -> Folded<State> {
        guard position.untilSeq == nil else {
            throw EventLogFileError(code: .invalidArgument, message: "--until-seq names a line of one file; a log set has a seq per stream", path: logSet.path)
        }
        let read = try read(logSet)
        var runner = ProjectionRunner<State>(position: position)
        var conflicts = read.conflicting[...]
        for event in read.events {
            // A left-out copy's warning goes where its event would have been folded.
            while let next = conflicts.first, EventOrdering.precedes(next.event, event) {
                if position.includes(next.event) { runner.warn(next.warning) }
                conflicts = conflicts.dropFirst()
            }
            runner.apply(event)
        }
        for (event, warning) in conflicts where position.includes(event) { runner.warn(warning) }
        if let notice {
            for (stream, torn) in read.tornTails {
                runner.warn(.init(seq: nil, message: "\(stream.fileName): " + notice.text(torn)))
            }
        }
        return Folded(runner: runner, latestLineAt: read.latestLineAt, tornTails: read.tornTails, streams: read.streams, copiesLeftOut: read.copiesLeftOut)
    }

    /// Whether two copies of an id carry the same content: the same type, `v` and `data`
    /// (their `at`, `tz`, `source` and `causedBy` may differ).
    static func sameContent(_ left: RecordedEvent, _ right: RecordedEvent) -> Bool {
        left.typeName == right.typeName && left.event.version == right.event.version && left.payload == right.payload
    }
}
