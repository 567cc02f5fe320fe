import Events

/// The mindful exit, night by night (docs/rules.md §3):
/// every request with its attempt, wait, confirm or cancel, free window, and how the
/// window closed. Counting starts afresh each night. Events are judged by their `at` (the
/// fold order), so one queued offline counts as if it had arrived in time, and one that an
/// earlier-dated event made invalid is skipped with a warning.
public struct ExitHistory: Sendable, Hashable {
    private var recordsByNight: [Night: [ExitRecord]] = [:]

    /// No exits.
    public init() {}

    /// The exits of `night`, in request order.
    public func records(for night: Night) -> [ExitRecord] {
        recordsByNight[night] ?? []
    }

    /// Every real night's exits, oldest night first (demo nights never count).
    public var realRecords: [ExitRecord] {
        realRecords(in: .all)
    }

    /// The exits of the real nights `nights` keeps, oldest night first (demo nights never
    /// count).
    public func realRecords(in nights: NightFilter) -> [ExitRecord] {
        recordsByNight.keys.compactMap(\.date).filter(nights.contains).sorted().flatMap { recordsByNight[.date($0)] ?? [] }
    }

    /// How many exits were confirmed on `night`.
    public func confirmedCount(on night: Night) -> Int {
        records(for: night).filter { $0.confirmedAt != nil }.count
    }

    /// A new demo night starts with no exits.
    package mutating func startDemoNight() {
        recordsByNight[.demo] = nil
    }

    /// The night an exit event names, if it is one.
    package static func namedNight(of event: RecordedEvent) -> Night? {
        switch event.payload {
        case .exitRequested(let payload), .exitCancelled(let payload), .exitConfirmed(let payload): return payload.night
        case .freeWindowUsed(let payload): return payload.night
        default: return nil
        }
    }

    /// What an exit event does, whichever night it names.
    package enum Action: Sendable, Hashable {
        /// `exitRequested`: "I need my apps".
        case request
        /// `exitCancelled`: "never mind".
        case cancel
        /// `exitConfirmed`: "continue anyway".
        case confirm
        /// `freeWindowUsed`: the free window closes.
        case closeFreeWindow

        /// The action of an exit event's payload, if it is one.
        package init?(_ payload: EventPayload) {
            switch payload {
            case .exitRequested: self = .request
            case .exitCancelled: self = .cancel
            case .exitConfirmed: self = .confirm
            case .freeWindowUsed: self = .closeFreeWindow
            default: return nil
            }
        }
    }

    /// The rule of exit events, the one both sides ask (decide): whether `action` on `night`
    /// at `at` is accepted given the exits folded so far, or why not. `window` is the named
    /// night's exit window (`nil` when the night has no plan, or is the demo night before any
    /// demo started; `LogState.exitWindow(for:)`). Checked in this order: the night (a real
    /// night within 2 days of `at`, then a plan or a started demo night), then the rule of
    /// the action, judged on the night's latest exit (the only one that can be waiting or
    /// have its free window open).
    package func rejection(of action: Action, on night: Night, window: ExitWindow?, at: Instant) -> ExitRejection? {
        if case .date(let date) = night, let outOfRange = NightRange.check(date, at: at) {
            return .nightOutOfRange(outOfRange)
        }
        guard let window else {
            if case .date(let date) = night { return .nightNotPlanned(date) }
            return .noDemoNight
        }
        let last = recordsByNight[night]?.last
        switch action {
        case .request:
            guard window.contains(at) else { return .outsideExitWindow(window) }
            if let last, last.isWaiting { return .alreadyWaiting(last) }
            if let last, last.isFreeWindowOpen(at: at) { return .freeWindowOpen(last, until: last.freeWindowEnds ?? at) }
        case .cancel:
            guard let last, last.isWaiting else { return .noExitWaiting(latest: last) }
        case .confirm:
            guard let last, last.isWaiting else { return .noExitWaiting(latest: last) }
            let early = last.waitEnds.millisecondsSince1970 - at.millisecondsSince1970
            guard early <= 0 else { return .waitNotOver(last, secondsRemaining: Int((early + 999) / 1000)) }
            guard at.millisecondsSince1970 < window.closes.millisecondsSince1970 else { return .nightOver(window) }
        case .closeFreeWindow:
            guard let last, let confirmedAt = last.confirmedAt, last.closedAt == nil,
                  confirmedAt.millisecondsSince1970 <= at.millisecondsSince1970 else {
                return .noFreeWindowToClose(latest: last)
            }
        }
        return nil
    }

    /// Folds an exit event (evolve): asks `rejection(of:on:window:at:)` and skips, with a
    /// warning, an event it refuses; `window` is the named night's exit window, as there.
    @discardableResult
    package mutating func apply(_ event: RecordedEvent, window: ExitWindow?, warnings: inout ProjectionWarnings) -> FoldOutcome<ExitRejection> {
        guard let night = Self.namedNight(of: event), let action = Action(event.payload) else { return .ignored }
        let at = event.at
        if let rejection = rejection(of: action, on: night, window: window, at: at) {
            warnings.skipped(seq: event.seq, rule: rejection.warningRule, because: "\(event.typeName) for night \(night.text): \(rejection.warningText)")
            return .skipped(rejection)
        }
        // `rejection` answered nil: the night has a window, and the latest record is there
        // for every action but a request.
        var records = recordsByNight[night] ?? []
        switch action {
        case .request:
            let isDemo = window?.isDemo ?? false
            let attempt = 1 + records.filter { $0.confirmedAt != nil }.count
            records.append(ExitRecord(
                night: night, attempt: attempt, requestedAt: at,
                waitSeconds: ExitRules.waitSeconds(attempt: attempt, isDemo: isDemo),
                freeWindowSeconds: ExitRules.freeWindowSeconds(attempt: attempt, isDemo: isDemo),
                cause: EventReference(event)
            ))
        case .cancel:
            records[records.count - 1].cancelledAt = at
            records[records.count - 1].causes.append(EventReference(event))
        case .confirm:
            records[records.count - 1].confirmedAt = at
            records[records.count - 1].causes.append(EventReference(event))
        case .closeFreeWindow:
            records[records.count - 1].closedAt = at
            records[records.count - 1].causes.append(EventReference(event))
        }
        recordsByNight[night] = records
        return .applied
    }
}

// MARK: Checkpoint

extension ExitHistory: CheckpointCodable {
    /// The nights in order, each with its records.
    package func encode(to writer: inout CheckpointWriter) {
        writer.array(recordsByNight.sorted { $0.key < $1.key }) { writer, entry in
            writer.night(entry.key)
            writer.array(entry.value)
        }
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        recordsByNight = try reader.dictionary("ExitHistory", minimumElementSize: 2) { reader throws(CheckpointDecodingError) in
            (try reader.night("ExitHistory.night"), try reader.array("ExitHistory.records", of: ExitRecord.self))
        }
    }
}
