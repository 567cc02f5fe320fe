import Events

/// The mindful exit, night by night (domain.md §3 and the "Exits" fine points of §8):
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
    public mutating func startDemoNight() {
        recordsByNight[.demo] = nil
    }

    /// The night an exit event names, if it is one.
    public static func namedNight(of event: RecordedEvent) -> Night? {
        switch event.payload {
        case .exitRequested(let payload), .exitCancelled(let payload), .exitConfirmed(let payload): return payload.night
        case .freeWindowUsed(let payload): return payload.night
        default: return nil
        }
    }

    /// Folds an exit event; `window` is the named night's exit window (`nil` when the night
    /// has no plan, or is the demo night before any demo started). Returns whether the event
    /// was accepted.
    @discardableResult
    public mutating func apply(_ event: RecordedEvent, window: ExitWindow?, warnings: inout ProjectionWarnings) -> Bool {
        guard let night = Self.namedNight(of: event) else { return false }
        func skip(_ reason: String) -> Bool {
            warnings.skipped(seq: event.seq, because: "\(event.typeName) for night \(night.text): \(reason)")
            return false
        }
        if case .date(let date) = night, !NightRange.contains(date, at: event.at) {
            return skip("the night is more than \(NightRange.maximumDistanceInDays) days from its instant")
        }
        guard let window else {
            return skip(night == .demo ? "no demo night has started" : "the night has no plan")
        }
        let at = event.at
        var records = recordsByNight[night] ?? []
        let last = records.last
        switch event.payload {
        case .exitRequested:
            guard window.contains(at) else {
                return skip("exits can be requested from wind-down (\(window.opens.rfc3339)) until the shields lift (\(window.closes.rfc3339))")
            }
            if let last, last.isWaiting { return skip("an exit is already waiting (requested \(last.requestedAt.rfc3339))") }
            if let last, last.isFreeWindowOpen(at: at) { return skip("a free window is open until \(last.freeWindowEnds?.rfc3339 ?? "")") }
            let attempt = 1 + records.filter { $0.confirmedAt != nil }.count
            records.append(ExitRecord(
                night: night, attempt: attempt, requestedAt: at,
                waitSeconds: ExitRules.waitSeconds(attempt: attempt, isDemo: window.isDemo),
                freeWindowSeconds: ExitRules.freeWindowSeconds(attempt: attempt, isDemo: window.isDemo),
                cause: EventReference(event)
            ))
        case .exitCancelled:
            guard var record = last, record.isWaiting else { return skip("no exit is waiting") }
            record.cancelledAt = at
            record.causes.append(EventReference(event))
            records[records.count - 1] = record
        case .exitConfirmed:
            guard var record = last, record.isWaiting else { return skip("no exit is waiting") }
            let early = record.waitEnds.millisecondsSince1970 - at.millisecondsSince1970
            guard early <= 0 else {
                return skip("confirmed \((early + 999) / 1000) s before the wait ends at \(record.waitEnds.rfc3339)")
            }
            guard at.millisecondsSince1970 < window.closes.millisecondsSince1970 else {
                return skip("the night is over: the shields lifted at \(window.closes.rfc3339)")
            }
            record.confirmedAt = at
            record.causes.append(EventReference(event))
            records[records.count - 1] = record
        case .freeWindowUsed:
            guard var record = last, let confirmedAt = record.confirmedAt, record.closedAt == nil,
                  confirmedAt.millisecondsSince1970 <= at.millisecondsSince1970 else {
                return skip("no free window to close")
            }
            record.closedAt = at
            record.causes.append(EventReference(event))
            records[records.count - 1] = record
        default:
            return false
        }
        recordsByNight[night] = records
        return true
    }
}
