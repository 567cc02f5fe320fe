import EventLogFile
import Events
import Projections
import Store

/// A log folded once from its first line in fold order, step by step (``StepAssembler``),
/// keeping what the chosen steps changed (``StepChange``): what `diff LOG --seq N` and
/// `inspect` show. Only the chosen steps build views; every other step is only folded, so a
/// week of a long log costs one fold and the week's views.
struct StepHistory {
    /// Which steps to keep.
    enum Choice {
        /// The step holding the event at this place (`seq`, and its stream in a log set).
        case holding(ReplayPosition.Place)
        /// The steps whose first event's `at` falls in one of these nights (noon to noon, on
        /// the clock of that event's own offset).
        case nights(ClosedRange<LocalDate>)

        func keeps(_ events: [RecordedEvent]) -> Bool {
            switch self {
            case .holding(let place):
                return events.contains { $0.seq == place.seq && $0.stream == place.stream }
            case .nights(let range):
                return range.contains(events[0].at.nightDate)
            }
        }
    }

    /// An event as a cause chain names it (its place is worded only when shown).
    struct Brief {
        var seq: Int
        var stream: String?
        var type: String
        var at: Instant
        var causedBy: String?

        var place: String { EventPlace.name(seq: seq, stream: stream) }
    }

    /// What the chosen steps changed, in fold order.
    var changes: [StepChange] = []
    /// The events the chosen steps' cause chains name, by id (the first event with that id),
    /// read after the walk (``resolveCauses(path:invalidLines:)``), so the walk keeps
    /// nothing per event.
    var briefs: [String: Brief] = [:]
    /// Events read, and the largest `at` among them.
    var eventCount = 0
    var latestAt: Instant?
    /// The skipped lines' warnings (`--skip-invalid`) and each torn tail's words.
    var notices: [String] = []

    /// Walks the log (a file or a log set) at `path`, keeping the steps `choice` keeps.
    static func walk(path: String, choice: Choice, invalidLines: EventLogReader.InvalidLines = .stop) throws(EventLogFileError) -> StepHistory {
        var walker = Walker(choice: choice)
        if LogSetDirectory.isDirectory(path) {
            let read = try LogSetFold.read(.logSet(LogSetDirectory(path: path)), invalidLines: invalidLines)
            for event in read.events { walker.add(event) }
            walker.history.notices = read.skippedLines.map { $0.issue.leftOutWarning(file: $0.stream?.fileName) }
                + read.tornTails.map { $0.stream.warningPrefix + LogStateFold.foldWarning.text($0.tornTail) }
        } else {
            let summary = try EventLogReader.forEachEventInTimeOrder(path: path, invalidLines: invalidLines, restart: {
                walker = Walker(choice: choice)
            }, { walker.add($0) })
            walker.history.notices = summary.skippedLines.map { $0.leftOutWarning() }
                + (summary.tornTail.map { [LogStateFold.foldWarning.text($0)] } ?? [])
        }
        walker.finish()
        var history = walker.history
        try history.resolveCauses(path: path, invalidLines: invalidLines)
        return history
    }

    /// Reads the events the chosen steps name as `causedBy`, and those they name in turn,
    /// each a read of the log without folding (none when no chosen event names a cause;
    /// a chain is rarely more than one or two deep).
    private mutating func resolveCauses(path: String, invalidLines: EventLogReader.InvalidLines) throws(EventLogFileError) {
        var wanted = Set(changes.flatMap(\.step.events).compactMap(\.event.causedBy))
        var looked: Set<String> = []
        while !wanted.isEmpty {
            looked.formUnion(wanted)
            var found: [String: Brief] = [:]
            func note(_ event: RecordedEvent) {
                guard wanted.contains(event.event.id), found[event.event.id] == nil else { return }
                found[event.event.id] = Brief(seq: event.seq, stream: event.stream, type: event.typeName, at: event.at, causedBy: event.event.causedBy)
            }
            if LogSetDirectory.isDirectory(path) {
                for event in try LogSetFold.read(.logSet(LogSetDirectory(path: path)), invalidLines: invalidLines).events { note(event) }
            } else {
                _ = try EventLogReader.forEachEvent(path: path, invalidLines: invalidLines) { note($0.event) }
            }
            briefs.merge(found) { first, _ in first }
            wanted = Set(found.values.compactMap(\.causedBy)).subtracting(looked)
        }
    }

    /// The nights the log's events fall in, first to last (each event's night: noon to noon
    /// on the clock of its own offset), read without folding; `nil` for a log of no event.
    static func nights(path: String, invalidLines: EventLogReader.InvalidLines = .stop) throws(EventLogFileError) -> ClosedRange<LocalDate>? {
        var first: LocalDate?, last: LocalDate?
        func note(_ event: RecordedEvent) {
            let night = event.at.nightDate
            if first.map({ night < $0 }) ?? true { first = night }
            if last.map({ night > $0 }) ?? true { last = night }
        }
        if LogSetDirectory.isDirectory(path) {
            for event in try LogSetFold.read(.logSet(LogSetDirectory(path: path)), invalidLines: invalidLines).all { note(event) }
        } else {
            _ = try EventLogReader.forEachEvent(path: path, invalidLines: invalidLines) { note($0.event) }
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// The events that led to `event`, nearest first, by `causedBy` (a loop or an id not in
    /// the log ends the chain, the missing id named).
    func causes(of event: RecordedEvent) -> [CauseLink] {
        var links: [CauseLink] = []
        var seen: Set<String> = [event.event.id]
        var next = event.event.causedBy
        while let id = next {
            guard !seen.contains(id) else { break }
            seen.insert(id)
            guard let brief = briefs[id] else {
                links.append(CauseLink(id: id, brief: nil))
                break
            }
            links.append(CauseLink(id: id, brief: brief))
            next = brief.causedBy
        }
        return links
    }

    /// One link of a cause chain: an id, and the event it names when the log holds it.
    struct CauseLink {
        var id: String
        var brief: Brief?

        var text: String {
            guard let brief else { return "id \(id) (not in the log)" }
            return "\(brief.place): \(brief.type) at \(brief.at.rfc3339)"
        }
    }

    /// The fold, a step at a time.
    private struct Walker {
        let choice: Choice
        var runner = ProjectionRunner<LogState>()
        var assembler = StepAssembler()
        var history = StepHistory()

        init(choice: Choice) {
            self.choice = choice
        }

        mutating func add(_ event: RecordedEvent) {
            history.eventCount += 1
            if history.latestAt.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
                history.latestAt = event.at
            }
            if let step = assembler.add(event) { fold(step) }
        }

        mutating func finish() {
            if let step = assembler.finish() { fold(step) }
        }

        private mutating func fold(_ events: [RecordedEvent]) {
            guard choice.keeps(events) else {
                for event in events { runner.apply(event) }
                return
            }
            history.changes.append(StepChange.fold(events, into: &runner))
        }
    }
}
