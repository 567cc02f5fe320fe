import Events

/// A value for each night (days since 1970), created empty on first use; the last night
/// changed is remembered, as the next change is most likely for it again (a night's
/// samples come together). A night is found by binary search in the nights kept in order
/// (new nights mostly come last), not by hashing: reading a checkpoint back then sorts
/// nearly sorted nights rather than filling a dictionary.
struct NightTable<Value: Sendable>: Sendable {
    /// The nights in order, and the position of each in `values`.
    private var sortedNights: [Int32] = []
    private var sortedPositions: [Int32] = []
    /// The nights in the order first changed (`values`' order).
    private var nights: [Int32] = []
    private var values: [Value] = []
    private var last: (night: Int32, position: Int)?
    private let empty: Value

    init(empty: Value) {
        self.empty = empty
    }

    /// The value of `night`, if it has one.
    subscript(night: Int32) -> Value? {
        position(of: night).map { values[$0] }
    }

    /// The position of `night` in `values`, if it has one.
    private func position(of night: Int32) -> Int? {
        let place = sortedNights.partitioningIndex { $0 >= night }
        return place < sortedNights.count && sortedNights[place] == night ? Int(sortedPositions[place]) : nil
    }

    /// Every night with its value.
    var all: Zip2Sequence<[Int32], [Value]> { zip(nights, values) }

    /// Changes the value of `night`, created empty if it has none.
    mutating func modify(_ night: Int32, _ change: (inout Value) -> Void) {
        let found: Int
        if let last, last.night == night {
            found = last.position
        } else if let known = position(of: night) {
            found = known
        } else {
            found = values.count
            let place = sortedNights.partitioningIndex { $0 >= night }
            sortedNights.insert(night, at: place)
            sortedPositions.insert(Int32(found), at: place)
            nights.append(night)
            values.append(empty)
        }
        last = (night, found)
        change(&values[found])
    }

    /// Changes the value of `night` if it has one.
    mutating func modifyIfPresent(_ night: Int32, _ change: (inout Value) -> Void) {
        guard position(of: night) != nil else { return }
        modify(night, change)
    }
}

// MARK: Checkpoint

extension NightTable {
    /// The table of `nights` (in the order first changed) and their `values`; `nil` when a
    /// night is repeated.
    init?(empty: Value, nights: [Int32], values: [Value]) {
        self.init(empty: empty)
        // Nights come nearly in order (the sort finds the runs).
        var order = Array(0..<Int32(nights.count))
        order.sort { nights[Int($0)] < nights[Int($1)] }
        let sorted = order.map { nights[Int($0)] }
        guard nights.count == values.count, zip(sorted, sorted.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        self.nights = nights
        self.values = values
        sortedNights = sorted
        sortedPositions = order
    }
}
