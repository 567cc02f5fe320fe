import Events

/// Small records of real nights in one flat array sorted by night (the records of one night in
/// the order they were added): each a 64-bit word, the night in its top 22 bits and the
/// record, packed by its owner, in the low 42. A checkpoint writes and reads the array in bulk,
/// so years of nights cost one copy, not an allocation per night.
struct NightRecords: Sendable, Hashable {
    private(set) var words: [UInt64] = []

    /// Bits of a record.
    static let recordBits: UInt64 = 42
    static let recordMask: UInt64 = (1 << recordBits) - 1
    /// Nights are stored as days since 1970 plus this, so that every date of 0001–9999 is positive.
    static let nightBias = 1 << 21

    private static func nightKey(_ night: LocalDate) -> UInt64 {
        UInt64(night.daysSince1970 + nightBias)
    }

    /// Adds `record` (its low 42 bits) to `night`, after the night's records so far.
    mutating func append(_ record: UInt64, on night: LocalDate) {
        let word = Self.nightKey(night) << Self.recordBits | (record & Self.recordMask)
        if let last = words.last, last >> Self.recordBits > Self.nightKey(night) {
            // An earlier night than the latest: after its records, before the later nights'.
            words.insert(word, at: upperBound(of: Self.nightKey(night)))
        } else {
            words.append(word)
        }
    }

    /// The records of `night`, in the order they were added.
    func records(on night: LocalDate) -> [UInt64] {
        let key = Self.nightKey(night)
        let end = upperBound(of: key)
        var start = end
        while start > 0, words[start - 1] >> Self.recordBits == key { start -= 1 }
        return words[start..<end].map { $0 & Self.recordMask }
    }

    /// Whether any record of `night` satisfies `matches`, read in place.
    func contains(on night: LocalDate, where matches: (UInt64) -> Bool) -> Bool {
        let key = Self.nightKey(night)
        var index = upperBound(of: key)
        while index > 0, words[index - 1] >> Self.recordBits == key {
            index -= 1
            if matches(words[index] & Self.recordMask) { return true }
        }
        return false
    }

    /// The index after the last word of night `key`.
    private func upperBound(of key: UInt64) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] >> Self.recordBits <= key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

// MARK: Checkpoint

extension NightRecords: StateCodable {
    static var placeholder: NightRecords { NightRecords() }

    /// The words in bulk, with room to grow; their nights must be in order.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("NightRecords") { coder throws(Coder.Failure) in
            try coder.bulk(&words, growing: true)
            try coder.check(zip(words, words.dropFirst()).allSatisfy { $0 >> Self.recordBits <= $1 >> Self.recordBits }, "its nights are out of order")
        }
    }
}
