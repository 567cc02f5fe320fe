import Events

/// Folds events into a projection (usually `LogState`, which holds every projection, so
/// one pass feeds them all), keeping the warnings of the fold.
///
/// Feed it events in (`at`, `seq`) order (`EventOrdering` in this module sorts an array;
/// `EventLogReader` streams a file that way). It:
/// - leaves out events beyond `position`;
/// - applies the first occurrence of a repeated id and warns about the others;
/// - counts opaque events (unknown types, newer versions) in warnings and skips them;
/// - skips, with one warning naming the zone, an event whose envelope `tz` or whose sleep
///   sample's own `tz` this platform's time-zone data does not know (docs/rules.md §8.2: a newer
///   device's tzdata named a new zone). Such an event is not applied, but its `at` still
///   counts for ``latestInstant``, as any line counts for the default instant.
public struct ProjectionRunner<State: Projection>: Sendable {
    /// The folded state.
    public private(set) var state: State
    /// Warnings so far.
    public private(set) var warnings: ProjectionWarnings
    /// Which events are folded.
    public let position: ReplayPosition
    /// How many events were applied.
    public private(set) var appliedCount = 0
    /// The largest `at` (by moment) of the events applied so far and of those skipped for a
    /// zone this platform does not know, the default "now" of queries.
    public private(set) var latestInstant: Instant?
    /// The zone of the applied event with the largest `at`: always a zone this platform
    /// knows, as it is used to show instants. An event skipped for an unknown zone moves
    /// ``latestInstant`` but not this, so the two may come from different events.
    public private(set) var latestTimeZone: String?
    /// The ids applied: `IdentifierSet`'s digests, in a table that does not hash them again.
    private var seenIdentifiers = IdentifierDigestTable()
    /// The zones asked about, each looked up in the platform's data once.
    private var knownZones = KnownZones()

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
        if let stream = event.stream {
            // In a log set a seq counts within its stream: the warnings name it.
            let start = warnings.all.count
            defer { warnings.attach(stream: stream, toWarningsFrom: start, seq: event.seq) }
            fold(event)
        } else {
            fold(event)
        }
    }

    /// Folds `event`, which the position includes.
    private mutating func fold(_ event: RecordedEvent) {
        guard seenIdentifiers.insert(event.idDigest) else {
            warnings.skipped(seq: event.seq, rule: .event, because: "id already used by an earlier event; the first occurrence counts")
            return
        }
        if case .opaque(let opaque) = event.payload {
            warnings.append(.init(seq: event.seq, message: opaque.warning))
            return
        }
        let isLatest = latestInstant.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true
        if let zone = unknownZone(of: event) {
            warnings.skipped(seq: event.seq, rule: .event, because: Self.unknownZoneReason(zone))
            if isLatest { latestInstant = event.at }
            return
        }
        if isLatest {
            latestInstant = event.at
            latestTimeZone = event.event.timeZone
        }
        state.apply(event, warnings: &warnings)
        appliedCount += 1
    }

    /// The first zone name of `event` (its envelope `tz`, then a sleep sample's, caffeine sample's or workout's own `tz`)
    /// that this platform's time-zone data does not know, or `nil` when it knows them all.
    private mutating func unknownZone(of event: RecordedEvent) -> String? {
        let zone = event.event.timeZone
        if !knownZones.contains(zone) { return zone }
        let sampleZone: String?
        switch event.payload {
        case .sleepSampleIngested(let sample): sampleZone = sample.timeZone
        case .caffeineIngested(let sample): sampleZone = sample.timeZone
        case .workoutIngested(let sample): sampleZone = sample.timeZone
        default: sampleZone = nil
        }
        if let sampleZone, !knownZones.contains(sampleZone) { return sampleZone }
        return nil
    }

    /// Why an event in `zone` is skipped (after "skipped: ").
    static func unknownZoneReason(_ zone: String) -> String {
        "time zone \(zone.debugDescription) is not known to this platform's time-zone data"
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

// MARK: Checkpoint

extension ProjectionRunner where State == LogState {
    // For `LogState` itself, not any `StateCodable` state: the whole description is then
    // specialized for each backend within this module (a generic entry point would leave
    // every field of the state to a call through its witness table).

    /// The runner as checkpoint bytes: `CheckpointLayout.version` (4 bytes), then the
    /// bookkeeping (applied count, latest instant and zone), the ids applied, the warnings
    /// and the state (``describeCheckpoint(_:)``). The position is not in it (the runner
    /// read back is given one), nor the cache of zones looked up.
    package func checkpointPayload() -> [UInt8] {
        // Room for a long history's state at once (about 52 bytes an event on a simulated
        // one); room never written is never faulted in.
        var writer = CheckpointWriter(capacity: (1 << 16) + 64 * appliedCount)
        writer.uint32(CheckpointLayout.version)
        var runner = self
        runner.describeCheckpoint(&writer)
        return writer.bytes
    }

    /// The runner `checkpointPayload()` wrote, folding from there on at `position`. It
    /// keeps nothing of `payload`.
    ///
    /// - Throws: `CheckpointDecodingError` when the bytes are of another layout version,
    ///   cut short, left over, or make no sense; never traps.
    package init(checkpointPayload payload: UnsafeRawBufferPointer, position: ReplayPosition) throws(CheckpointDecodingError) {
        var reader = CheckpointReader(payload)
        let version = try reader.uint32("the layout version")
        guard version == CheckpointLayout.version else {
            throw reader.failure("the layout version", at: 0, "\(version), this build reads \(CheckpointLayout.version)")
        }
        self.init(position: position)
        try describeCheckpoint(&reader)
        try reader.finish()
    }

    /// The runner `checkpointPayload()` wrote (see ``init(checkpointPayload:position:)``).
    package init(checkpointPayload payload: [UInt8], position: ReplayPosition) throws(CheckpointDecodingError) {
        let read = payload.withUnsafeBytes { bytes in
            Result { () throws(CheckpointDecodingError) in try Self(checkpointPayload: bytes, position: position) }
        }
        self = try read.get()
    }

    /// What a checkpoint holds of the runner, after the layout version.
    private mutating func describeCheckpoint<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("the applied count", &appliedCount)
        try coder.field("the latest instant", &latestInstant)
        try coder.field("the latest zone", &latestTimeZone)
        try coder.field("the ids", &seenIdentifiers)
        try coder.field("the warnings", &warnings)
        try coder.field("the state", &state)
    }
}

extension ProjectionRunner {
    /// Whether an event whose id has the digest `digest` was folded (applied, or skipped
    /// for its type or its zone; an event beyond the position is not): a later event with
    /// that id would be skipped as a repeat.
    package func containsIdentifier(_ digest: IdentifierDigest) -> Bool {
        seenIdentifiers.contains(digest)
    }

    /// The number of distinct ids folded: equal to the events folded exactly when no id repeats.
    package var identifierCount: Int {
        seenIdentifiers.count
    }
}
