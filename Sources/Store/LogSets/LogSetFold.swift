import Commands
import EventLogFile
import Events
import Projections

/// Folds a log (`LogSource`: a log file, one unnamed stream, or a log set, docs/sync.md):
/// every stream's lines in (`at`, stream name, `seq`) order, an id that reaches two streams
/// counted once, the first in that order. A later copy is left out silently when its type,
/// `v` and `data` match, with a warning naming both streams when they differ. A set's fold
/// from its first lines holds every event in memory while it sorts them.
package enum LogSetFold {
    /// Where an event's line is in its stream.
    package struct LinePlace: Sendable, Hashable {
        /// The line's 1-based number.
        package var line: Int
        package var byteOffset: Int64
    }

    /// What becomes of a later copy of an id already read from another stream.
    package enum LeftOut: Sendable {
        case sameContent
        case conflicting(ProjectionWarnings.Warning)
    }

    /// A log's events as read, in fold order, with the copies left out of the fold.
    package struct Read: Sendable {
        /// Every event read, in (`at`, stream, `seq`) order, copies included.
        package var all: [RecordedEvent]
        /// Where each of ``all`` is in its stream.
        package var places: [LinePlace]
        /// The copies left out, by index in ``all``.
        package var leftOut: [Int: LeftOut]
        /// The indices in ``all`` of the first copy of each id (not folded before).
        package var firstCopies: [Int] = []
        /// The largest `at` read (opaque events too): queries' default instant.
        package var latestLineAt: Instant?
        package var tornTails: [(stream: StreamName?, tornTail: TornTail)]
        /// The streams read, in name order.
        package var streams: [Stream]
        /// The invalid lines a read that skips them left out, by stream.
        package var skippedLines: [(stream: StreamName?, issue: LogIssue)] = []

        /// The events to fold, in (`at`, stream, `seq`) order.
        package var events: [RecordedEvent] {
            all.indices.filter { leftOut[$0] == nil }.map { all[$0] }
        }

        /// The copies left out for other content, in fold order, with their warnings.
        package var conflicting: [(event: RecordedEvent, warning: ProjectionWarnings.Warning)] {
            leftOut.keys.sorted().compactMap { index in
                guard case .conflicting(let warning) = leftOut[index] else { return nil }
                return (all[index], warning)
            }
        }

        package var copiesLeftOut: Int { leftOut.count }

        /// The key of the last event read in fold order (a copy's included).
        package var lastKey: EventOrdering.Key? { all.last.map(EventOrdering.Key.init) }
    }

    /// One stream of a log, as read.
    package struct Stream: Sendable {
        /// Its name; `nil` for a log file.
        package var name: StreamName?
        /// Its lines (a torn tail's included), events and last seq.
        package var lineCount: Int
        package var eventCount: Int
        package var lastSeq: Int
        /// Where its whole lines end (before a torn tail): where a later read goes on.
        package var end: LogResumePoint
    }

    /// What a fold of a log set found besides the state.
    package struct Folded<State: Projection>: Sendable {
        package var runner: ProjectionRunner<State>
        package var latestLineAt: Instant?
        package var tornTails: [(stream: StreamName?, tornTail: TornTail)]
        package var streams: [Stream]
        package var copiesLeftOut: Int
    }

    /// Reads every stream of `source` from its first line, and sorts out the copies. The
    /// events `skipped` names are left out first, as if their lines were not there (so a later
    /// copy of a skipped event's id counts), though their `at` still counts for
    /// ``Read/latestLineAt``, the default instant.
    package static func read(
        _ source: LogSource, invalidLines: EventLogReader.InvalidLines = .stop, skipping skipped: Set<ReplayPosition.Place> = []
    ) throws(EventLogFileError) -> Read {
        let streams = try source.streams()
        var read = try readTails(of: streams, in: source, from: { _ in .start }, invalidLines: invalidLines)
        if !skipped.isEmpty {
            let kept = read.all.indices.filter { !skipped.contains(ReplayPosition.Place(read.all[$0])) }
            read.all = kept.map { read.all[$0] }
            read.places = kept.map { read.places[$0] }
        }
        // Nothing was folded before: no id can be.
        let copies = sortOutCopies(read.all, earlier: nil) ?? Copies()
        read.leftOut = copies.leftOut
        read.firstCopies = copies.firstCopies
        return read
    }

    /// Reads `streams` from the points `start` gives, in fold order (copies not sorted out yet).
    static func readTails(
        of streams: [StreamName?], in source: LogSource, from start: (StreamName?) -> LogResumePoint,
        invalidLines: EventLogReader.InvalidLines = .stop
    ) throws(EventLogFileError) -> Read {
        var scanned: [(event: RecordedEvent, place: LinePlace)] = []
        var tornTails: [(stream: StreamName?, tornTail: TornTail)] = []
        var skipped: [(stream: StreamName?, issue: LogIssue)] = []
        var read: [Stream] = []
        for stream in streams {
            let summary = try EventLogReader.forEachEvent(path: source.path(of: stream), from: start(stream), invalidLines: invalidLines) { line in
                scanned.append((stream.map { line.event.inStream($0.text) } ?? line.event, LinePlace(line: line.line, byteOffset: line.byteOffset)))
            }
            if let torn = summary.tornTail { tornTails.append((stream, torn)) }
            skipped += summary.skippedLines.map { (stream, $0) }
            read.append(Stream(
                name: stream, lineCount: summary.lineCount, eventCount: summary.eventCount,
                lastSeq: summary.lastSeq, end: summary.committedPoint))
        }
        // Before sorting: the latest instant in read order, as every reader takes it.
        var latest: Instant?
        for (event, _) in scanned where latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
            latest = event.at
        }
        scanned.sort { EventOrdering.precedes($0.event, $1.event) }
        return Read(
            all: scanned.map(\.event), places: scanned.map(\.place), leftOut: [:],
            latestLineAt: latest, tornTails: tornTails, streams: read, skippedLines: skipped)
    }

    /// What a fold already holds of an id, for copies arriving after it.
    package enum EarlierCopy {
        case none
        /// It was, and this was its first copy (`RecentFirstCopies`).
        case known(RecentFirstCopies.Copy)
        /// It was, and where its first copy came from is not known.
        case unknown
    }

    /// Which events are copies left out, and which are first copies.
    package struct Copies: Sendable {
        package var leftOut: [Int: LeftOut] = [:]
        package var firstCopies: [Int] = []
    }

    /// Marks the later copies among `events` (in fold order) of an id first read from another
    /// stream. `earlier` says what was folded before (`nil`: nothing); answers `nil` when an
    /// id's first copy is not known, and the caller must fold from further back.
    static func sortOutCopies(_ events: [RecordedEvent], earlier: ((String) -> EarlierCopy)?) -> Copies? {
        enum Original {
            case index(Int)
            case before(RecentFirstCopies.Copy)
        }
        var copies = Copies()
        var originals: [CompactIdentifier: Original] = [:]
        originals.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            // A log file has one stream: a repeated id is the runner's, never a copy.
            guard event.stream != nil else { continue }
            let original: Original
            if let known = originals[event.event.identifier] {
                original = known
            } else {
                switch earlier?(event.id) ?? .none {
                case .none:
                    originals[event.event.identifier] = .index(index)
                    copies.firstCopies.append(index)
                    continue
                case .unknown:
                    return nil
                case .known(let copy):
                    original = .before(copy)
                    originals[event.event.identifier] = original
                }
            }
            let place: String, sameStream: Bool, same: Bool
            switch original {
            case .index(let firstIndex):
                let first = events[firstIndex]
                (place, sameStream, same) = (first.place, first.stream == event.stream, sameContent(first, event))
            case .before(let copy):
                sameStream = copy.stream == event.stream
                (place, same) = (copy.place, sameStream || RecentFirstCopies.contentDigest(of: event) == copy.content)
            }
            // Within one stream a repeated id is the runner's.
            if sameStream { continue }
            copies.leftOut[index] = same ? .sameContent : .conflicting(.init(
                seq: event.seq, rule: .event,
                message: "skipped: id already used by \(place) with other content; the first in fold order counts",
                stream: event.stream))
        }
        return copies
    }

    /// Folds `read.all[range]` into `runner`; a conflicting copy leaves its warning instead.
    static func apply<State: Projection>(_ read: Read, _ range: Range<Int>, to runner: inout ProjectionRunner<State>, position: ReplayPosition) {
        for index in range {
            switch read.leftOut[index] {
            case nil:
                runner.apply(read.all[index])
            case .sameContent:
                continue
            case .conflicting(let warning):
                if position.includes(read.all[index]) { runner.warn(warning) }
            }
        }
    }

    /// The warnings of the invalid lines a read left out, each naming its stream's file.
    static func warnSkippedLines<State: Projection>(_ read: Read, into runner: inout ProjectionRunner<State>) {
        for (stream, issue) in read.skippedLines {
            runner.warn(.init(seq: nil, message: issue.leftOutWarning(file: stream?.fileName)))
        }
    }

    /// The torn tails' warnings, worded by `notice`, each naming its stream's file.
    static func warnTornTails<State: Projection>(_ tornTails: [(stream: StreamName?, tornTail: TornTail)], notice: TornTailNotice?, into runner: inout ProjectionRunner<State>) {
        guard let notice else { return }
        for (stream, torn) in tornTails {
            runner.warn(.init(seq: nil, message: stream.warningPrefix + notice.text(torn)))
        }
    }

    /// Folds the log set as of `position` (`untilSeq` is refused: a seq names one stream's line).
    package static func fold(
        _ logSet: LogSetDirectory, position: ReplayPosition = .end, tornTail notice: TornTailNotice?
    ) throws(EventLogFileError) -> Folded<LogState> {
        try fold(.logSet(logSet), position: position, tornTail: notice, as: LogState.self)
    }

    /// ``fold(_:position:tornTail:)`` into any projection (`stats` folds `LogStatistics`).
    package static func fold<State: Projection>(
        _ source: LogSource, position: ReplayPosition = .end, tornTail notice: TornTailNotice?, as state: State.Type,
        invalidLines: EventLogReader.InvalidLines = .stop
    ) throws(EventLogFileError) -> Folded<State> {
        try refuseUntilSeq(position, in: source)
        let read = try read(source, invalidLines: invalidLines, skipping: position.skipped)
        var runner = ProjectionRunner<State>(position: position)
        apply(read, read.all.indices, to: &runner, position: position)
        warnSkippedLines(read, into: &runner)
        warnTornTails(read.tornTails, notice: notice, into: &runner)
        return Folded(runner: runner, latestLineAt: read.latestLineAt, tornTails: read.tornTails, streams: read.streams, copiesLeftOut: read.copiesLeftOut)
    }

    static func refuseUntilSeq(_ position: ReplayPosition, in source: LogSource) throws(EventLogFileError) {
        guard position.untilSeq != nil, source.isLogSet else { return }
        throw EventLogFileError(code: .invalidArgument, message: "--until-seq names a line of one file; a log set has a seq per stream", path: source.path)
    }

    /// Whether two copies of an id have the same type, `v` and `data` (their `at`, `tz`,
    /// `source` and `causedBy` may differ).
    static func sameContent(_ left: RecordedEvent, _ right: RecordedEvent) -> Bool {
        left.typeName == right.typeName && left.event.version == right.event.version && left.payload == right.payload
    }
}
