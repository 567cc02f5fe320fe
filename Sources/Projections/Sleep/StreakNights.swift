import Events

/// Whether each night with sleep data hit its target (`LogState.hitTarget(on:)`), kept as
/// the log is folded, so that `LogState.streaks(at:)` walks a short array instead of
/// deriving every night's plan and record again on every query (which grew with the
/// log; this walk does not).
///
/// It is a cache of a pure function of the state, never a rule of its own: `LogState`
/// refreshes a night whenever something that answer depends on may have changed (see
/// `LogState.refreshStreakNights`), the sleep ledger's pending night is always asked afresh,
/// and `LogState.referenceStreaks(at:)`, which asks every night, must give the same answer
/// (the tests compare them at every step of simulated and random logs). Kept in
/// checkpoints, so that an open does not derive it again.
///
/// Being a cache, it is left out of `LogState`'s equality: any two are equal.
struct StreakNights: Sendable, Hashable {
    /// What a night's entry says.
    enum Outcome: UInt8, Sendable {
        /// No sleep start or no plan: the night neither counts nor breaks a streak.
        case notCounted = 0
        case missed = 1
        case hit = 2

        init(_ hit: Bool?) {
            switch hit {
            case nil: self = .notCounted
            case false?: self = .missed
            case true?: self = .hit
            }
        }
    }

    /// Whether the outcomes are kept: `false` once they were dropped (see
    /// `LogState.refreshStreakNights`), and then `streaks(at:)` asks every night.
    private(set) var isKept = true
    /// The nights refreshed so far, as days since 1970, in order.
    private(set) var days: [Int32] = []
    /// `outcomes[i]` is the outcome of night `days[i]`.
    private(set) var outcomes: [Outcome] = []

    /// The number of nights held.
    var count: Int { days.count }

    /// Any two are equal: the cache says nothing the rest of the state does not.
    static func == (left: StreakNights, right: StreakNights) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// Sets the outcome of night `day`.
    mutating func set(_ outcome: Outcome, for day: Int32) {
        let position = days.partitioningIndex { $0 >= day }
        if position < days.count, days[position] == day {
            outcomes[position] = outcome
        } else {
            days.insert(day, at: position)
            outcomes.insert(outcome, at: position)
        }
    }

    /// Drops every outcome, for good.
    mutating func drop() {
        isKept = false
        days = []
        outcomes = []
    }

    /// The nights held from `first` on (every night held when `first` is `nil`).
    func days(from first: Int32?) -> ArraySlice<Int32> {
        guard let first else { return days[...] }
        return days[days.partitioningIndex { $0 >= first }...]
    }

    /// Walks the nights up to and including `last` in order, giving each one's outcome;
    /// night `asked` (the sleep ledger's pending night), whether held or not, is given by
    /// `outcomeOfAsked` instead, in its place.
    func forEach(through last: Int32, asking asked: Int32?, outcomeOfAsked: () -> Outcome, _ body: (Outcome) -> Void) {
        var askedPending = asked.map { $0 <= last } ?? false
        for index in days.indices {
            let day = days[index]
            if day > last { break }
            if askedPending, let asked, asked <= day {
                body(outcomeOfAsked())
                askedPending = false
                if asked == day { continue }
            }
            body(outcomes[index])
        }
        if askedPending { body(outcomeOfAsked()) }
    }
}

// MARK: Checkpoint

extension StreakNights: StateCodable {
    static var placeholder: StreakNights { StreakNights() }

    /// Whether the outcomes are kept, the nights in bulk, then their outcomes.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("StreakNights.isKept", &isKept)
        try coder.field("StreakNights.days") { coder throws(Coder.Failure) in
            try coder.bulk(&days, growing: false)
            try coder.check(zip(days, days.dropFirst()).allSatisfy { $0 < $1 }, "the nights are not in order")
        }
        try coder.field("StreakNights.outcomes") { coder throws(Coder.Failure) in
            var raw = Coder.isReading ? [] : outcomes.map(\.rawValue)
            try coder.bulk(&raw, growing: false)
            guard Coder.isReading else { return }
            try coder.check(raw.count == days.count, "\(raw.count) outcomes for \(days.count) nights")
            try coder.check(raw.allSatisfy { Outcome(rawValue: $0) != nil }, "an outcome is not 0, 1 or 2")
            outcomes = raw.map { Outcome(rawValue: $0) ?? .notCounted }
        }
    }
}
