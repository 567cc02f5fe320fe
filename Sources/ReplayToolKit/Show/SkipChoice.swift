import EventLogFile
import Events
import Projections

/// The `--skip SEQ[,SEQ…]` option of `show`, `why`, `trace` and `report`: what if these
/// events had not happened. The fold leaves them out wherever they stand, as if their lines
/// were not in the log (`ReplayPosition.skipped`), and the output is otherwise as usual:
///
/// - The default instant (without `--at`) is still the largest `at` among the lines read,
///   the skipped ones included, so that views with and without `--skip` are as of the same
///   instant and differ only by the events' effect.
/// - No checkpoint is used: a checkpoint's state already holds the events, so every line is
///   folded (standard error says so).
/// - Events that depend on a skipped one get the fold's usual warning (an exit confirmed
///   whose request is skipped is itself skipped, with its warning). The fold does not follow
///   `causedBy`: an event naming a skipped one as its cause is still folded, and standard
///   error says so and how to leave it out too.
/// - Standard error names each skipped event: its place, type and `at`.
///
/// A value is a seq (`12`) in a log file; in a log set `STREAM:SEQ` (`watch-1:12`), or a
/// plain seq when exactly one stream has it. A malformed value, a place the log does not
/// have, or an ambiguous seq is a usage error (exit 64, nothing on standard output): the log
/// is sound, the command line names what is not in it.
struct SkipChoice: Equatable {
    /// A place as typed: a seq, and the stream when one was named.
    struct Request: Hashable {
        var stream: String?
        var seq: Int

        var text: String { stream.map { "\($0):\(seq)" } ?? "\(seq)" }
    }

    /// The places asked for, each once, in the order first given.
    var requests: [Request]

    /// The option, for every command that answers "what if".
    static let option = OptionSpecification.value(
        "skip", valueName: "seqs",
        help: "Fold as if these events had not happened: seqs, comma-separated (12,40); in a log set STREAM:SEQ "
            + "(watch-1:12), or a plain seq only one stream has. Events that depend on them get the fold's usual "
            + "warnings; the default instant is still the log's largest 'at'; no checkpoint is used; standard error "
            + "names each event left out. May be given more than once.",
        isRepeatable: true
    )

    /// The choice of `--skip`, or `nil` when it was not given; a usage error naming the value
    /// and what is wrong with it when one is malformed.
    init?(_ arguments: ParsedArguments) throws(UsageError) {
        let values = arguments.values("skip")
        guard !values.isEmpty else { return nil }
        var requests: [Request] = []
        for value in values {
            let items = value.split(separator: ",", omittingEmptySubsequences: false)
            for (index, item) in items.enumerated() {
                let request = try Self.request(String(item), position: index + 1, in: value, arguments: arguments)
                if !requests.contains(request) { requests.append(request) }
            }
        }
        self.requests = requests
    }

    /// One item of a value: `SEQ` or `STREAM:SEQ`, SEQ a whole number from 1.
    private static func request(_ item: String, position: Int, in value: String, arguments: ParsedArguments) throws(UsageError) -> Request {
        func invalid(_ problem: String) -> UsageError {
            UsageError(
                message: "The value '\(value)' is invalid for '--skip': \(problem); give seqs separated by commas, such as 12,40 (STREAM:SEQ in a log set)",
                commandPath: arguments.commandPath)
        }
        switch EventPlaceArgument.parse(item) {
        case .success(let place): return Request(stream: place.stream, seq: place.seq)
        case .failure(.empty): throw invalid("item \(position) is empty")
        case .failure(let problem): throw invalid("item \(position) '\(item)' \(problem.phrase)")
        }
    }

    /// The events asked for, as found in a log: where each stands, and the events that name
    /// one of them as their cause but are not skipped.
    struct Resolved {
        /// The skipped events, by place.
        var events: [RecordedEvent]
        /// Events whose `causedBy` is a skipped event's id, still folded, with that event.
        var causedBySkipped: [(event: RecordedEvent, cause: RecordedEvent)]

        var places: Set<ReplayPosition.Place> { Set(events.map(ReplayPosition.Place.init)) }

        /// Says on standard error what the fold leaves out, the events still folded that name
        /// one of them as their cause, and, when the command uses checkpoints
        /// (`usesCheckpoints`), that none is used.
        func announce(console: ToolConsole, usesCheckpoints: Bool) {
            for event in events {
                console.error("--skip: folding without \(event.place) (\(event.typeName) at \(event.at.rfc3339)); the output is as if it had not happened\n")
            }
            for (event, cause) in causedBySkipped {
                console.error("--skip: \(event.place) (\(event.typeName)) names \(cause.place) as its cause and is still folded (the fold does not follow causedBy); add it to --skip to leave it out too\n")
            }
            if usesCheckpoints {
                console.error("--skip: every line folded, no checkpoint used (a checkpoint's state already holds the events skipped)\n")
            }
        }
    }

    /// Finds the events asked for in the log at `path` (a file or a log set), read once from
    /// its first lines as `invalidLines` says; a usage error naming each place the log does not
    /// have, with the places it has, or a plain seq that several streams have, with the choices.
    func resolve(forLogAt path: String, invalidLines: EventLogReader.InvalidLines, arguments: ParsedArguments) throws -> Resolved {
        let source = LogSource(path: path)
        let streams = try source.streams()
        var lastSeqs: [(stream: StreamName?, lastSeq: Int)] = []
        var found: [ReplayPosition.Place: RecordedEvent] = [:]
        var byId: [String: ReplayPosition.Place] = [:]
        var caused: [(event: RecordedEvent, causeId: String)] = []
        // Every line is read: the places asked for are checked once the log's seqs are known.
        var wanted = Set<ReplayPosition.Place>()
        var plainSeqs = Set<Int>()
        for request in requests {
            if let stream = request.stream { wanted.insert(.init(stream: stream, seq: request.seq)) } else { plainSeqs.insert(request.seq) }
        }
        var all: [ReplayPosition.Place: RecordedEvent] = [:]
        for stream in streams {
            var events: [RecordedEvent] = []
            let summary = try EventLogReader.forEachEvent(path: source.path(of: stream), invalidLines: invalidLines) { line in
                let event = stream.map { line.event.inStream($0.text) } ?? line.event
                let place = ReplayPosition.Place(event)
                if wanted.contains(place) || plainSeqs.contains(event.seq) { events.append(event) }
                if let cause = event.event.causedBy { caused.append((event, cause)) }
            }
            lastSeqs.append((stream, summary.lastSeq))
            for event in events { all[ReplayPosition.Place(event)] = event }
        }
        var missing: [String] = []
        for request in requests {
            if let stream = request.stream {
                guard source.isLogSet else {
                    throw UsageError(
                        message: "--skip \(request.text): '\(path)' is a log file, whose events are named by seq alone (--skip \(request.seq))",
                        commandPath: arguments.commandPath)
                }
                let place = ReplayPosition.Place(stream: stream, seq: request.seq)
                if let event = all[place] { found[place] = event } else { missing.append(request.text) }
            } else {
                let matches = all.keys.filter { $0.seq == request.seq }.sorted()
                if matches.count == 1, let place = matches.first {
                    found[place] = all[place]
                } else if matches.isEmpty {
                    missing.append(request.text)
                } else {
                    throw UsageError(
                        message: "--skip \(request.seq): several streams of the log set have seq \(request.seq); name one: "
                            + matches.map(\.name).joined(separator: ", "),
                        commandPath: arguments.commandPath)
                }
            }
        }
        if !missing.isEmpty {
            let has = lastSeqs.map { stream, lastSeq in
                let seqs = lastSeq == 0 ? "no events" : lastSeq == 1 ? "seq 1" : "seqs 1–\(lastSeq)"
                return stream.map { "\($0.text) has \(seqs)" } ?? "the log has \(seqs)"
            }
            let what = source.isLogSet ? has.joined(separator: ", ") : has.joined()
            throw UsageError(
                message: "--skip \(missing.joined(separator: ",")): no such event in '\(path)' (\(what))",
                commandPath: arguments.commandPath)
        }
        let events = found.keys.sorted().compactMap { found[$0] }
        for event in events { byId[event.id] = ReplayPosition.Place(event) }
        let causedBySkipped = caused.compactMap { event, causeId -> (event: RecordedEvent, cause: RecordedEvent)? in
            guard let place = byId[causeId], found[ReplayPosition.Place(event)] == nil, let cause = found[place] else { return nil }
            return (event, cause)
        }
        return Resolved(events: events, causedBySkipped: causedBySkipped)
    }
}
