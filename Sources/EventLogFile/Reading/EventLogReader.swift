import Events

/// Reads a log file as a stream, in memory that does not grow with the file.
///
/// A line that breaks the format stops the read with an error naming the file and line
/// (run `replay-tool verify` to list every problem). A torn tail is not an error: it is
/// reported in the summary and the events before it are all read.
public enum EventLogReader {
    /// What a read does with a line that breaks the format (a torn tail is never one).
    public enum InvalidLines: Sendable, Hashable {
        /// Stop at the first, with an error naming its file and line and what to do: the
        /// default, so that nothing is ever shown from a log read in part without a word.
        case stop
        /// Read on: hand out the sound lines' events, and list each problem in the
        /// summary's ``Summary/skippedLines`` (`--skip-invalid` of the reading commands).
        case skip
    }

    /// What a read found besides the events.
    public struct Summary: Sendable, Hashable {
        /// The number of lines read (the torn tail's included).
        public var lineCount = 0
        /// The number of events handed out.
        public var eventCount = 0
        /// The largest seq handed out (0 for none).
        public var lastSeq = 0
        /// The torn tail, if the file ends with one.
        public var tornTail: TornTail?
        /// The problems of the lines left out by a read that skips invalid lines (in line
        /// order; the lines' events were not handed out); always empty for one that stops.
        public var skippedLines: [LogIssue] = []
        /// The number of bytes read.
        public var byteCount: Int64 = 0
        /// How many events arrived after events with a later `at` (offline queues), and so
        /// needed a second pass to be folded in (`at`, `seq`) order.
        public var lateEventCount = 0
        /// Where a later read can go on: just after the last whole batch or single event
        /// (before a torn tail), and the last seq before it.
        package var committedPoint = LogResumePoint.start

        public init() {}
    }

    /// Calls `body` with each event in file (seq) order.
    ///
    /// - Throws: `EventLogFileError` for a missing or unreadable file (`.notFound`,
    ///   `.isDirectory`, …) or the first corrupt line (`.corrupt`, with path and line; a
    ///   file in UTF-16 or UTF-32 is named for what it is, see `LogTextEncoding`).
    @discardableResult
    package static func forEachEvent(
        path: String,
        decoder: any EventLineDecoding = FastEventLineDecoder(),
        invalidLines: InvalidLines = .stop,
        _ body: (ScannedEvent) -> Void
    ) throws(EventLogFileError) -> Summary {
        try forEachEvent(path: path, from: .start, decoder: decoder, invalidLines: invalidLines, body)
    }

    /// Calls `body` with each event after `point`, in file (seq) order, without reading the
    /// bytes before it (a checkpoint's prefix digest vouches for them).
    ///
    /// The lines from `point` on get the same checks as in a read from the start: the first
    /// must carry `point.lastSeq + 1` and each the next seq, batches must be whole, a torn
    /// tail is reported in the summary and anything else stops the read with `.corrupt`
    /// naming the line. A `point` inside a batch therefore reads as corruption.
    ///
    /// The summary counts from the start of the file where it can: `lineCount` is the
    /// number of the last line read (`point`'s line − 1 when none), `byteCount` where the
    /// read ended (at least `point`'s offset), `lastSeq` the last seq (`point.lastSeq` when no
    /// event follows); `eventCount` counts only the events handed out.
    ///
    /// - Throws: as ``forEachEvent(path:decoder:_:)``; `.invalidArgument` for a point that
    ///   cannot be a line's start (a negative offset, a line number below 1).
    @discardableResult
    package static func forEachEvent(
        path: String,
        from point: LogResumePoint,
        decoder: any EventLineDecoding = FastEventLineDecoder(),
        invalidLines: InvalidLines = .stop,
        _ body: (ScannedEvent) -> Void
    ) throws(EventLogFileError) -> Summary {
        try forEachRelease(path: path, from: point, decoder: decoder, invalidLines: invalidLines, gathering: 1) { released in
            for index in released.indices { body(released[index]) }
            released.removeAll(keepingCapacity: true)
        }
    }

    /// ``forEachEvent(path:from:decoder:invalidLines:_:)``'s read, handing `take` the events
    /// released so far once there are `gathering` of them or more (and the rest at the end, or
    /// before an error): `take` empties the array, by handing out its events or by taking the
    /// array itself, which moves them rather than copying each.
    static func forEachRelease(
        path: String,
        from point: LogResumePoint,
        decoder: any EventLineDecoding,
        invalidLines: InvalidLines,
        gathering: Int,
        _ take: (inout [ScannedEvent]) -> Void
    ) throws(EventLogFileError) -> Summary {
        var reader = try LineReader(path: path, startingAt: point.position)
        var scanner = LogScanner(resumingAt: point, tracking: .none, decoder: decoder)
        var summary = Summary()
        summary.lineCount = point.position.lineNumber - 1
        summary.byteCount = point.position.byteOffset
        summary.lastSeq = point.lastSeq
        var released: [ScannedEvent] = []
        var issues: [LogIssue] = []
        // The events released before a line that stops the read are still handed out; the
        // line's own (a batch it completes) are not.
        func stop(_ error: EventLogFileError, keeping count: Int) -> EventLogFileError {
            released.removeSubrange(count...)
            if !released.isEmpty { take(&released) }
            return error
        }
        while let line = try reader.nextLine() {
            summary.lineCount = line.lineNumber
            summary.byteCount = line.endByteOffset
            let before = released.count
            scanner.consume(line, released: &released, issues: &issues)
            if let issue = issues.first(where: { $0.kind != .tornTail }) {
                if issue.line == 1, let encoding = LogTextEncoding.foreign(prefix: line.bytes), encoding.family != .utf8 {
                    // Not "a NUL byte at byte 1": the whole file is in another encoding.
                    throw stop(EventLogFileError(code: .corrupt, message: "\(encoding.problem); nothing was read", path: path, line: 1), keeping: before)
                }
                guard invalidLines == .skip else {
                    throw stop(EventLogFileError(code: .corrupt, message: stopMessage(issue), path: path, line: issue.line), keeping: before)
                }
                summary.skippedLines += issues.filter { $0.kind != .tornTail }
            }
            issues.removeAll(keepingCapacity: true)
            if released.count > before {
                summary.eventCount += released.count - before
                summary.lastSeq = released[released.count - 1].event.seq
                if released.count >= gathering { take(&released) }
            }
        }
        if !released.isEmpty { take(&released) }
        issues.removeAll(keepingCapacity: true)
        scanner.finish(fileLength: summary.byteCount, issues: &issues)
        if let issue = issues.first(where: { $0.kind != .tornTail }) {
            guard invalidLines == .skip else {
                throw EventLogFileError(code: .corrupt, message: stopMessage(issue), path: path, line: issue.line)
            }
            summary.skippedLines += issues.filter { $0.kind != .tornTail }
        }
        summary.tornTail = scanner.tornTail
        summary.committedPoint = scanner.committedPoint
        return summary
    }

    /// What a read that stops at `issue` says: the problem, that nothing after it was read,
    /// and the ways on.
    static func stopMessage(_ issue: LogIssue) -> String {
        "\(issue.message); nothing after it was read. Fix or remove line \(issue.line), or restore a copy of the log "
            + "('replay-tool verify' lists every problem; the reading commands' --skip-invalid reads the sound lines, "
            + "listing the ones left out)"
    }

    /// Calls `body` with each event in (`at`, `seq`) order, the order projections fold in
    /// (docs/rules.md §8.1).
    ///
    /// A log whose `at` never goes back is read once. When events arrived late (queued
    /// offline), the late ones (only those) are kept in memory, `restart` is called, and
    /// the file is read again, merging them in at their place. On two cores or more the
    /// reading and decoding run a few batches ahead on a thread of their own
    /// (``forEachEventReadingAhead(path:decoder:invalidLines:_:)``); `body` runs on this one.
    @discardableResult
    public static func forEachEventInTimeOrder(
        path: String,
        decoder: any EventLineDecoding = FastEventLineDecoder(),
        invalidLines: InvalidLines = .stop,
        restart: () -> Void,
        _ body: (RecordedEvent) -> Void
    ) throws(EventLogFileError) -> Summary {
        var latestMoment = Int64.min
        var late: [RecordedEvent] = []
        var summary = try forEachEventReadingAhead(path: path, decoder: decoder, invalidLines: invalidLines) { event in
            let moment = event.at.millisecondsSince1970
            if moment < latestMoment {
                late.append(event)
            } else {
                latestMoment = moment
                if late.isEmpty { body(event) }
            }
        }
        guard !late.isEmpty else { return summary }
        summary.lateEventCount = late.count
        restart()
        late.sort(by: EventOrdering.precedes)
        var lateSeqs = Set(late.map(\.seq))
        var nextLate = 0
        latestMoment = Int64.min
        try forEachEventReadingAhead(path: path, decoder: decoder, invalidLines: invalidLines) { event in
            if lateSeqs.remove(event.seq) != nil { return }
            while nextLate < late.count, EventOrdering.precedes(late[nextLate], event) {
                body(late[nextLate])
                nextLate += 1
            }
            body(event)
        }
        while nextLate < late.count {
            body(late[nextLate])
            nextLate += 1
        }
        return summary
    }
}
