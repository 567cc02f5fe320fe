import Events

/// The mindful exit, night by night (docs/rules.md §3):
/// every request with its attempt, wait, confirm or cancel, free window, and how the
/// window closed. Counting starts afresh each night. Events are judged by their `at` (the
/// fold order), so one queued offline counts as if it had arrived in time, and one that an
/// earlier-dated event made invalid is skipped with a warning.
public struct ExitHistory: Sendable, Hashable {
    /// The real nights' exits in one array (not one per night): nights in order, each
    /// night's exits in request order. A night's exits are found by binary search.
    private var dated: [ExitRecord] = []
    /// The demo night's exits, in request order.
    private var demo: [ExitRecord] = []

    /// No exits.
    public init() {}

    /// The exits of `night`, in request order.
    public func records(for night: Night) -> [ExitRecord] {
        guard case .date = night else { return demo }
        return Array(dated[positions(of: night)])
    }

    /// The positions in `dated` of the exits of real night `night` (empty where they would go).
    private func positions(of night: Night) -> Range<Int> {
        let start = dated.partitioningIndex { $0.night >= night }
        let end = dated[start...].partitioningIndex { $0.night > night }
        return start..<end
    }

    /// The latest exit of `night`, if any.
    private func lastRecord(of night: Night) -> ExitRecord? {
        guard case .date = night else { return demo.last }
        let positions = positions(of: night)
        return positions.isEmpty ? nil : dated[positions.upperBound - 1]
    }

    /// Every real night's exits, oldest night first (demo nights never count).
    public var realRecords: [ExitRecord] {
        realRecords(in: .all)
    }

    /// The exits of the real nights `nights` keeps, oldest night first (demo nights never
    /// count).
    public func realRecords(in nights: NightFilter) -> [ExitRecord] {
        dated.filter { $0.night.date.map(nights.contains) ?? false }
    }

    /// How many exits were confirmed on `night`.
    public func confirmedCount(on night: Night) -> Int {
        guard case .date = night else { return demo.reduce(0) { $0 + ($1.confirmedAt != nil ? 1 : 0) } }
        var count = 0
        for position in positions(of: night) where dated[position].confirmedAt != nil { count += 1 }
        return count
    }

    /// A new demo night starts with no exits.
    package mutating func startDemoNight() {
        demo = []
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
        let last = lastRecord(of: night)
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
        let positions: Range<Int> = {
            guard case .date = night else { return demo.startIndex..<demo.endIndex }
            return self.positions(of: night)
        }()
        let isDemo = night == .demo
        if action == .request {
            let attempt = 1 + confirmedCount(on: night)
            let windowIsDemo = window?.isDemo ?? false
            let record = ExitRecord(
                night: night, attempt: attempt, requestedAt: at,
                waitSeconds: ExitRules.waitSeconds(attempt: attempt, isDemo: windowIsDemo),
                freeWindowSeconds: ExitRules.freeWindowSeconds(attempt: attempt, isDemo: windowIsDemo),
                cause: EventReference(event)
            )
            if isDemo { demo.append(record) } else { dated.insert(record, at: positions.upperBound) }
            return .applied
        }
        let last = positions.upperBound - 1
        func change(_ record: inout ExitRecord) {
            switch action {
            case .request: break
            case .cancel: record.cancelledAt = at
            case .confirm: record.confirmedAt = at
            case .closeFreeWindow: record.closedAt = at
            }
            record.causes.append(EventReference(event))
        }
        if isDemo { change(&demo[last]) } else { change(&dated[last]) }
        return .applied
    }
}

// MARK: Checkpoint

extension ExitHistory: StateCodable {
    package static var placeholder: ExitHistory { ExitHistory() }

    /// The real nights' records (nights in order, with room to grow), then the demo night's.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ExitHistory.dated") { coder throws(Coder.Failure) in
            try dated.describeState(&coder, growing: true)
            try coder.check(dated.allSatisfy { $0.night != .demo } && zip(dated, dated.dropFirst()).allSatisfy { $0.night <= $1.night }, "the nights are not real nights in order")
        }
        try coder.field("ExitHistory.demo", &demo, checking: { $0.allSatisfy { $0.night == .demo } }, "an exit of another night")
    }
}
