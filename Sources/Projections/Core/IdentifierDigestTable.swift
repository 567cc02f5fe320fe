import Events

/// The ids a replay has applied, as their 128-bit `IdentifierDigest`s (16 bytes an id),
/// in an open-addressing table: the same answers as `IdentifierSet` (two ids are the same
/// exactly when their digests are), without hashing the digest again: its bits are already
/// well mixed, so its `low` half picks the slot, and growing rehashes nothing either.
/// (About 40% faster than `IdentifierSet` on a replay; a probe is one memory access, whose
/// cache miss is most of what is left once the table outgrows the caches.)
///
/// The ids of a state read from a checkpoint are kept apart, as one sorted array
/// (`settled`, read in bulk and searched by interpolation): an insert asks it first, and the
/// table holds only the ids applied since.
struct IdentifierDigestTable: Sendable {
    /// Two words a slot (the digest's `high`, then its `low`); (0, 0) marks an empty slot,
    /// and the presence of that digest itself is kept apart in `holdsZero`.
    private var words: [UInt64]
    /// Slots − 1 (the slots are a power of two).
    private var mask: Int
    private var holdsZero = false
    /// The number of ids in the table (`words` and `holdsZero`).
    private var tableCount = 0
    /// The digests read from a checkpoint: (`low`, `high`) pairs of words, in ascending
    /// order and distinct; disjoint from the table.
    private var settled: [UInt64] = []

    /// The number of ids.
    var count: Int { tableCount + settled.count / 2 }

    /// An empty table.
    init() {
        words = Array(repeating: 0, count: 2 * 1024)
        mask = 1023
    }

    /// Inserts the digest of `identifier`; `false` when it was already present.
    mutating func insert(_ identifier: String) -> Bool {
        insert(IdentifierDigest(identifier))
    }

    /// Inserts `digest`; `false` when it was already present.
    mutating func insert(_ digest: IdentifierDigest) -> Bool {
        let high = digest.high
        let low = digest.low
        if !settled.isEmpty, settledContains(high: high, low: low) { return false }
        if high == 0, low == 0 {
            if holdsZero { return false }
            holdsZero = true
            tableCount += 1
            return true
        }
        var slot = Int(truncatingIfNeeded: low) & mask
        while true {
            let heldHigh = words[2 * slot]
            let heldLow = words[2 * slot + 1]
            if heldHigh == high, heldLow == low { return false }
            if heldHigh == 0, heldLow == 0 { break }
            slot = (slot + 1) & mask
        }
        words[2 * slot] = high
        words[2 * slot + 1] = low
        tableCount += 1
        // At most three quarters full: probes stay short (the digests are well mixed), and
        // ten years of ids (150k) fit in 2^18 slots, 4 MB, not 8 (docs/checkpoints.md, memory).
        if tableCount * 4 > (mask + 1) * 3 { grow() }
        return true
    }

    /// Whether the id whose digest is `digest` is present.
    func contains(_ digest: IdentifierDigest) -> Bool {
        let high = digest.high
        let low = digest.low
        if !settled.isEmpty, settledContains(high: high, low: low) { return true }
        if high == 0, low == 0 { return holdsZero }
        var slot = Int(truncatingIfNeeded: low) & mask
        while true {
            let heldHigh = words[2 * slot]
            let heldLow = words[2 * slot + 1]
            if heldHigh == high, heldLow == low { return true }
            if heldHigh == 0, heldLow == 0 { return false }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `settled` holds (`high`, `low`): the digests' `low` halves are spread evenly,
    /// so the search starts where `low` falls in proportion, and gallops from there (a few
    /// probes, near each other, rather than a binary search's 17 scattered ones over 100k
    /// ids).
    private func settledContains(high: UInt64, low: UInt64) -> Bool {
        settled.withUnsafeBufferPointer { words in
            let count = words.count / 2
            /// Whether the pair at `index` is below the one sought.
            func isBelow(_ index: Int) -> Bool {
                let heldLow = words[2 * index]
                return heldLow < low || (heldLow == low && words[2 * index + 1] < high)
            }
            // The first index whose pair is not below the one sought lies in lower..<upper + 1.
            let guess = Int(truncatingIfNeeded: UInt64(count).multipliedFullWidth(by: low).high)
            var lower: Int
            var upper: Int
            if isBelow(guess) {
                var step = 1
                lower = guess + 1
                upper = guess + 1
                while upper < count, isBelow(upper) {
                    lower = upper + 1
                    upper = min(count, upper + step)
                    step *= 2
                }
            } else {
                var step = 1
                lower = guess
                upper = guess
                while lower > 0, !isBelow(lower - 1) {
                    upper = lower - 1
                    lower = max(0, lower - step)
                    step *= 2
                }
            }
            // Binary search in lower...upper for the first pair not below.
            while lower < upper {
                let middle = lower + (upper - lower) / 2
                if isBelow(middle) { lower = middle + 1 } else { upper = middle }
            }
            return lower < count && words[2 * lower] == low && words[2 * lower + 1] == high
        }
    }

    /// Doubles the slots, placing each digest again.
    private mutating func grow() {
        let old = words
        mask = mask * 2 + 1
        words = Array(repeating: 0, count: 2 * (mask + 1))
        for index in stride(from: 0, to: old.count, by: 2) {
            let high = old[index]
            let low = old[index + 1]
            if high == 0, low == 0 { continue }
            var slot = Int(truncatingIfNeeded: low) & mask
            while words[2 * slot] != 0 || words[2 * slot + 1] != 0 { slot = (slot + 1) & mask }
            words[2 * slot] = high
            words[2 * slot + 1] = low
        }
    }
}

// MARK: Checkpoint

extension IdentifierDigestTable: StateCodable {
    static var placeholder: IdentifierDigestTable { IdentifierDigestTable() }

    /// Every digest, as (`low`, `high`) pairs of words in ascending order, in bulk: the same
    /// ids give the same bytes, whatever order they came in. Read, they are the settled
    /// digests, checked to ascend (so that a search finds each).
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var words = Coder.isReading ? [] : sortedWords()
        try coder.bulk("the ids", &words)
        guard Coder.isReading else { return }
        try coder.check(words.count % 2 == 0, "an odd number of words")
        try coder.check(Self.ascends(words), "the digests are not in ascending order")
        self = IdentifierDigestTable()
        settled = words
    }

    /// Whether the pairs of `words` ascend.
    private static func ascends(_ words: [UInt64]) -> Bool {
        var index = 2
        while index + 1 < words.count {
            let previousLow = words[index - 2]
            let low = words[index]
            guard previousLow < low || (previousLow == low && words[index - 1] < words[index + 1]) else { return false }
            index += 2
        }
        return true
    }

    /// Every digest, settled and in the table, as (`low`, `high`) pairs in ascending order.
    private func sortedWords() -> [UInt64] {
        var pairs: [(low: UInt64, high: UInt64)] = []
        pairs.reserveCapacity(tableCount)
        if holdsZero { pairs.append((0, 0)) }
        for index in stride(from: 0, to: words.count, by: 2) where words[index] != 0 || words[index + 1] != 0 {
            pairs.append((words[index + 1], words[index]))
        }
        pairs.sort { $0.low < $1.low || ($0.low == $1.low && $0.high < $1.high) }
        var merged: [UInt64] = []
        merged.reserveCapacity(settled.count + 2 * pairs.count)
        var next = 0
        for index in stride(from: 0, to: settled.count, by: 2) {
            let low = settled[index]
            let high = settled[index + 1]
            while next < pairs.count, pairs[next].low < low || (pairs[next].low == low && pairs[next].high < high) {
                merged.append(pairs[next].low)
                merged.append(pairs[next].high)
                next += 1
            }
            merged.append(low)
            merged.append(high)
        }
        for pair in pairs[next...] {
            merged.append(pair.low)
            merged.append(pair.high)
        }
        return merged
    }
}
