import Events

/// Which checklist items are done, per night (the demo night included): completed adds,
/// reopened removes. An event naming an unknown item, a night without a plan, a night out
/// of range, or the demo night before any demo started is skipped with a warning.
public struct ChecklistCompletions: Sendable, Hashable {
    /// The items done on each night (one with none once an item was reopened), as bits:
    /// bit i for `ReminderTemplate.checklist[i]`.
    private var doneByNight: [Night: UInt64] = [:]
    /// Every change of a real night's checklist, in fold order (that is, by `at`): when each
    /// item was completed and reopened, for the coach (docs/rules.md §9). Each record packs
    /// the item's position (bits 33–36), whether it completed the item (bit 32) and the
    /// event's `at` as milliseconds from the night's noon UTC (the low 32 bits, signed:
    /// a checklist event is within 2 days of its night).
    private var history = NightRecords()

    /// One change of a real night's checklist, unpacked.
    struct Change: Sendable, Hashable {
        var position: Int
        var moment: Int64
        var completed: Bool
    }

    private static func noon(of night: LocalDate) -> Int64 {
        Int64(night.daysSince1970) * 86_400_000 + 43_200_000
    }

    private static func record(position: Int, moment: Int64, completed: Bool, night: LocalDate) -> UInt64 {
        let offset = Int32(clamping: moment - noon(of: night))
        return UInt64(position & 0xF) << 33 | (completed ? 1 << 32 : 0) | UInt64(UInt32(bitPattern: offset))
    }

    /// The changes of the real night `night`, in fold order.
    func changes(on night: LocalDate) -> [Change] {
        history.records(on: night).map { record in
            Change(
                position: Int(record >> 33 & 0xF),
                moment: Self.noon(of: night) + Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: record))),
                completed: record >> 32 & 1 == 1)
        }
    }

    /// No item done.
    public init() {}

    /// The items done on `night`.
    public func done(on night: Night) -> Set<String> {
        guard let done = doneByNight[night] else { return [] }
        return Set(ReminderTemplate.checklist.indices.filter { done & Self.bit($0) != 0 }.map { ReminderTemplate.checklist[$0].id })
    }

    /// The `at` of the first completion of `item` on the real night `night`, or `nil` when
    /// it was never completed.
    public func firstCompletion(of item: String, on night: LocalDate) -> Instant? {
        guard let position = Self.position(ofItem: item) else { return nil }
        return changes(on: night).first { $0.position == position && $0.completed }
            .map { Instant(millisecondsSince1970: $0.moment, utcOffsetSeconds: 0) }
    }

    /// The items of the real night `night` done at `instant`: those whose latest change at
    /// or before it completed them.
    public func done(on night: LocalDate, at instant: Instant) -> Set<String> {
        var done: Set<String> = []
        for change in changes(on: night) where change.moment <= instant.millisecondsSince1970 && change.position < ReminderTemplate.checklist.count {
            let item = ReminderTemplate.checklist[change.position].id
            if change.completed { done.insert(item) } else { done.remove(item) }
        }
        return done
    }

    /// The bit of the checklist item at `position` (the checklist has fewer than 64).
    private static func bit(_ position: Int) -> UInt64 {
        position < 64 ? 1 << UInt64(position) : 0
    }

    /// A new demo night starts with an empty checklist.
    package mutating func startDemoNight() {
        doneByNight[.demo] = nil
    }

    /// The change a checklist event makes, if it is one (the caller then says whether the
    /// real night it names is planned).
    package static func change(in event: RecordedEvent) -> ChecklistItemChange? {
        switch event.payload {
        case .checklistItemCompleted(let payload), .checklistItemReopened(let payload): return payload
        default: return nil
        }
    }

    /// The item rule, the one both sides ask: the position of checklist item `item`, or
    /// `nil` when it is not one of `ReminderTemplate.checklist`.
    package static func position(ofItem item: String) -> Int? {
        ReminderTemplate.checklist.firstIndex(where: { $0.id == item })
    }

    /// The night rule of checklist events, the one both sides ask: `night` at `at` is the
    /// demo night once a demo night has started (`demoStarted`), or a real night within
    /// 2 days of `at` (`NightRange`) that has a plan (`isPlanned`). `nil` when accepted.
    package static func nightRejection(of night: Night, at: Instant, isPlanned: Bool, demoStarted: Bool) -> ChecklistRejection? {
        switch night {
        case .demo:
            return demoStarted ? nil : .noDemoNight
        case .date(let date):
            if let outOfRange = NightRange.check(date, at: at) { return .nightOutOfRange(outOfRange) }
            return isPlanned ? nil : .nightNotPlanned(date)
        }
    }

    /// The rule of checklist events as the fold applies it (decide): the item first, then
    /// the night. (`CompleteChecklistItem` and `ReopenChecklistItem` ask the same two
    /// checks, the night first, so a command wrong in both ways names its night.)
    package static func rejection(of change: ChecklistItemChange, at: Instant, isPlanned: Bool, demoStarted: Bool) -> ChecklistRejection? {
        guard position(ofItem: change.item) != nil else { return .unknownItem(change.item) }
        return nightRejection(of: change.night, at: at, isPlanned: isPlanned, demoStarted: demoStarted)
    }

    /// Folds a checklist event (evolve), checked by `rejection(of:at:isPlanned:demoStarted:)`
    /// against the plans and demo nights folded so far: `isPlanned` says whether the real
    /// night it names (`change(in:)`) has a plan, `demoStarted` whether a demo night has
    /// started.
    @discardableResult
    package mutating func apply(_ event: RecordedEvent, isPlanned: Bool, demoStarted: Bool, warnings: inout ProjectionWarnings) -> FoldOutcome<ChecklistRejection> {
        let change: ChecklistItemChange
        let completes: Bool
        switch event.payload {
        case .checklistItemCompleted(let payload): change = payload; completes = true
        case .checklistItemReopened(let payload): change = payload; completes = false
        default: return .ignored
        }
        if let rejection = Self.rejection(of: change, at: event.at, isPlanned: isPlanned, demoStarted: demoStarted) {
            warnings.skipped(seq: event.seq, rule: rejection.warningRule, because: "\(event.typeName) \(rejection.warningText)")
            return .skipped(rejection)
        }
        let position = Self.position(ofItem: change.item) ?? 0
        if case .date(let date) = change.night {
            history.append(Self.record(position: position, moment: event.at.millisecondsSince1970, completed: completes, night: date), on: date)
        }
        if completes {
            doneByNight[change.night, default: 0] |= Self.bit(position)
        } else {
            doneByNight[change.night]? &= ~Self.bit(position)
        }
        return .applied
    }
}

// MARK: Checkpoint

extension ChecklistCompletions: StateCodable {
    package static var placeholder: ChecklistCompletions { ChecklistCompletions() }

    /// Each night's bits (nights in order), then the real nights' changes.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ChecklistCompletions.doneByNight", &doneByNight)
        try coder.field("ChecklistCompletions.history", &history)
    }
}
