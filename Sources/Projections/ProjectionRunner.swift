import Events

/// Folds events into a projection (usually `LogState`, which holds every projection, so
/// one pass feeds them all), keeping the warnings of the fold.
///
/// Feed it events in (`at`, `seq`) order (`EventOrdering` in this module sorts an array;
/// `EventLogReader` streams a file that way). It:
/// - leaves out events beyond `position`;
/// - applies the first occurrence of a repeated id and warns about the others;
/// - counts opaque events (unknown types, newer versions) in warnings and skips them.
public struct ProjectionRunner<State: Projection>: Sendable {
    /// The folded state.
    public private(set) var state: State
    /// Warnings so far.
    public private(set) var warnings: ProjectionWarnings
    /// Which events are folded.
    public let position: ReplayPosition
    /// How many events were applied.
    public private(set) var appliedCount = 0
    /// The largest `at` applied so far (by moment), the default "now" of queries.
    public private(set) var latestInstant: Instant?
    /// The zone of the event with the largest `at` applied so far.
    public private(set) var latestTimeZone: String?
    /// The ids applied: `IdentifierSet`'s digests, in a table that does not hash them again.
    private var seenIdentifiers = IdentifierDigestTable()

    /// Starts from the empty state.
    public init(position: ReplayPosition = .end) {
        self.state = State()
        self.warnings = ProjectionWarnings()
        self.position = position
    }

    /// Starts from a state already folded (e.g. a snapshot) with its warnings.
    public init(state: State, warnings: ProjectionWarnings, position: ReplayPosition = .end) {
        self.state = state
        self.warnings = warnings
        self.position = position
    }

    /// Folds one event (or leaves it out, saying why when that is not its position).
    public mutating func apply(_ event: RecordedEvent) {
        guard position.includes(event) else { return }
        guard seenIdentifiers.insert(event.id) else {
            warnings.skipped(seq: event.seq, because: "id already used by an earlier event; the first occurrence counts")
            return
        }
        if case .opaque(let opaque) = event.payload {
            warnings.append(.init(seq: event.seq, message: opaque.warning))
            return
        }
        if latestInstant.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
            latestInstant = event.at
            latestTimeZone = event.event.timeZone
        }
        state.apply(event, warnings: &warnings)
        appliedCount += 1
    }

    /// Folds events in the order given.
    public mutating func apply<Events: Sequence<RecordedEvent>>(contentsOf events: Events) {
        for event in events { apply(event) }
    }

    /// Adds a warning that arose outside the fold (e.g. a torn tail reported by the reader).
    public mutating func warn(_ warning: ProjectionWarnings.Warning) {
        warnings.append(warning)
    }
}
