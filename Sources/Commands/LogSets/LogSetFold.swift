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
    /// What a fold of a log set found besides the state.
    package struct Folded: Sendable {
        /// The state and the warnings.
        package var runner: ProjectionRunner<LogState>
        /// The largest `at` among the lines read (opaque events too): the default instant of
        /// queries.
        package var latestLineAt: Instant?
        /// Each stream's torn tail.
        package var tornTails: [(stream: StreamName, tornTail: TornTail)]
        /// The streams folded, in name order.
        package var streams: [StreamName]
    }

    /// Folds the log set `logSet` as of `position` (whose `untilSeq` must be `nil`: a seq
    /// names a line of one stream). `notice` words a stream's torn tail as a warning.
    ///
    /// - Throws: `EventLogFileError`: what listing the directory or reading a stream throws
    ///   (a stream's corrupt line stops the fold, naming the stream's file and line), or
    ///   `.invalidArgument` for a position with `untilSeq`.
    package static func fold(
        _ logSet: LogSetDirectory, position: ReplayPosition = .end, tornTail notice: TornTailNotice?
    ) throws(EventLogFileError) -> Folded {
        guard position.untilSeq == nil else {
            throw EventLogFileError(code: .invalidArgument, message: "--until-seq names a line of one file; a log set has a seq per stream", path: logSet.path)
        }
        let streams = try logSet.list().streams
        var events: [RecordedEvent] = []
        var tornTails: [(stream: StreamName, tornTail: TornTail)] = []
        var latest: Instant?
        for stream in streams {
            let summary = try EventLogReader.forEachEvent(path: logSet.path(of: stream)) { scanned in
                let event = scanned.event.inStream(stream.text)
                if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
                events.append(event)
            }
            if let torn = summary.tornTail { tornTails.append((stream, torn)) }
        }
        events.sort(by: EventOrdering.precedes)
        var runner = ProjectionRunner<LogState>(position: position)
        var firstCopies: [String: Int] = [:]
        firstCopies.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            if let first = firstCopies[event.id] {
                let original = events[first]
                if original.stream != event.stream {
                    if !sameContent(original, event), position.includes(event) {
                        runner.warn(.init(
                            seq: event.seq, rule: .event,
                            message: "skipped: id already used by \(original.place) with other content; the first in fold order counts",
                            stream: event.stream))
                    }
                    continue
                }
            } else {
                firstCopies[event.id] = index
            }
            runner.apply(event)
        }
        if let notice {
            for (stream, torn) in tornTails {
                runner.warn(.init(seq: nil, message: "\(stream.fileName): " + notice.text(torn)))
            }
        }
        return Folded(runner: runner, latestLineAt: latest, tornTails: tornTails, streams: streams)
    }

    /// Whether two copies of an id carry the same content: the same type, `v` and `data`
    /// (their `at`, `tz`, `source` and `causedBy` may differ).
    static func sameContent(_ left: RecordedEvent, _ right: RecordedEvent) -> Bool {
        left.typeName == right.typeName && left.event.version == right.event.version && left.payload == right.payload
    }
}
