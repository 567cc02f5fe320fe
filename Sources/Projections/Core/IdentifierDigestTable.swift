import Events

/// The ids a replay has applied, as their 128-bit `IdentifierDigest`s (16 bytes an id),
/// in an open-addressing table: the same answers as `IdentifierSet` (two ids are the same
/// exactly when their digests are), without hashing the digest again: its bits are already
/// well mixed, so its `low` half picks the slot, and growing rehashes nothing either.
/// (About 40% faster than `IdentifierSet` on a replay; a probe is one memory access, whose
/// cache miss is most of what is left once the table outgrows the caches.)
///
/// The ids of a state read from a checkpoint are kept apart, as one sorted array
/// (`settled`, searched by interpolation; kept in place in the mapped checkpoint when it
/// may be, else read in bulk): an insert asks it first, and the table holds only the ids
/// applied since.
struct IdentifierDigestTable: Sendable {
    /// Two words a slot (the digest's `high`, then its `low`); (0, 0) marks an empty slot,
    /// and the presence of that digest itself is kept apart in `holdsZero`.
    private var words: [UInt64]
    /// Slots − 1 (the slots are a power of two).
    private var mask: Int
    private var holdsZero = false
    /// The number of ids in the table (`words` and `holdsZero`).
    private var tableCount = 0
    /// The digests read from a checkpoint: (`low`, `high`) pairs, in ascending order and
    /// distinct; disjoint from the table.
    private var settled = SettledDigests()

    /// The number of ids.
    var count: Int { tableCount + settled.pairCount }

    /// Whether the digests read from a checkpoint are kept in place in it (for tests).
    var isSettledKeptInPlace: Bool { settled.isKept }

    /// An empty table.
    init() {
        words = Array(repeating: 0, count: 2 * 1024)
        mask = 1023
    }

    /// Inserts the digest of `identifier`; `false` when it was already present.
    mutating func insert(_ identifier: String) -> Bool {
        let digest = IdentifierDigest(identifier)
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
        settled.withPairs { pairs in
            let count = pairs.count
            /// Whether the pair at `index` is below the one sought.
            func isBelow(_ index: Int) -> Bool {
                let heldLow = pairs.low(index)
                return heldLow < low || (heldLow == low && pairs.high(index) < high)
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
            return lower < count && pairs.low(lower) == low && pairs.high(lower) == high
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

extension IdentifierDigestTable: CheckpointCodable {
    /// Every digest, as (`low`, `high`) pairs in ascending order: their count, then 16
    /// bytes each in bulk. The same ids give the same bytes, whatever order they came in.
    func encode(to writer: inout CheckpointWriter) {
        var pairs: [(low: UInt64, high: UInt64)] = []
        pairs.reserveCapacity(tableCount)
        if holdsZero { pairs.append((0, 0)) }
        for index in stride(from: 0, to: words.count, by: 2) where words[index] != 0 || words[index + 1] != 0 {
            pairs.append((words[index + 1], words[index]))
        }
        pairs.sort { $0.low < $1.low || ($0.low == $1.low && $0.high < $1.high) }
        var merged: [UInt64] = []
        merged.reserveCapacity(2 * (settled.pairCount + pairs.count))
        var next = 0
        settled.withPairs { settled in
            for index in 0..<settled.count {
                let low = settled.low(index)
                let high = settled.high(index)
                while next < pairs.count, pairs[next].low < low || (pairs[next].low == low && pairs[next].high < high) {
                    merged.append(pairs[next].low)
                    merged.append(pairs[next].high)
                    next += 1
                }
                merged.append(low)
                merged.append(high)
            }
        }
        for pair in pairs[next...] {
            merged.append(pair.low)
            merged.append(pair.high)
        }
        writer.count(merged.count / 2)
        writer.appendBulk(merged)
    }

    /// Reads the digests into `settled` (kept in place when the reader may keep its bytes,
    /// else copied), checking that they ascend (so a search finds each).
    init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        self.init()
        let count = try reader.count("the ids", minimumElementSize: 16)
        let start = reader.offset
        if let kept = try reader.retainedRegion("the ids", byteCount: 16 * count) {
            settled = SettledDigests(kept: kept)
        } else {
            settled = SettledDigests(words: try reader.bulk("the ids", count: 2 * count, as: UInt64.self))
        }
        let ascending = settled.withPairs { pairs in
            var index = 1
            while index < pairs.count {
                let previousLow = pairs.low(index - 1)
                let low = pairs.low(index)
                guard previousLow < low || (previousLow == low && pairs.high(index - 1) < pairs.high(index)) else { return false }
                index += 1
            }
            return true
        }
        guard ascending else { throw reader.failure("the ids", at: start, "the digests are not in ascending order") }
    }
}

/// The digests a checkpoint held, as (`low`, `high`) pairs: in an array, or kept in place in
/// the checkpoint's payload (little-endian, 16 bytes a pair).
private struct SettledDigests: Sendable {
    private var words: [UInt64] = []
    private var kept: RetainedBytes?

    init() {}

    init(words: [UInt64]) {
        self.words = words
    }

    init(kept: RetainedBytes) {
        self.kept = kept
    }

    /// The number of pairs.
    var pairCount: Int { kept.map { $0.count / 16 } ?? words.count / 2 }

    var isEmpty: Bool { pairCount == 0 }

    /// Whether the pairs are kept in place.
    var isKept: Bool { kept != nil }

    /// Calls `body` with the pairs.
    func withPairs<Result>(_ body: (DigestPairs) -> Result) -> Result {
        if let kept { return body(DigestPairs(base: kept.bytes.baseAddress, count: pairCount, littleEndian: true)) }
        return words.withUnsafeBytes { body(DigestPairs(base: $0.baseAddress, count: pairCount, littleEndian: false)) }
    }
}

/// Pairs of 64-bit words in memory, read in place: `low` first, then `high`.
private struct DigestPairs {
    let base: UnsafeRawPointer?
    /// The number of pairs.
    let count: Int
    /// Whether the words are little-endian bytes (a checkpoint's) rather than native ones.
    let littleEndian: Bool

    @inline(__always)
    private func word(_ index: Int) -> UInt64 {
        // `base` is nil only for no pairs, where nothing is read.
        let value = base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)
        return littleEndian ? UInt64(littleEndian: value) : value
    }

    func low(_ index: Int) -> UInt64 { word(2 * index) }
    func high(_ index: Int) -> UInt64 { word(2 * index + 1) }
}
