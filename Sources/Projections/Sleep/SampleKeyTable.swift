/// Finds the slot of a `SampleKey` in an array its owner holds (the samples, the vital
/// readings): an open-addressing table of 8-byte buckets, each the upper 32 bits of the
/// key's hash and the slot + 1, probed linearly and kept at most half full. A UUID key's
/// hash mixes its bits; no `Hasher` runs for it. The owner says whether a slot holds a key
/// (`matches`), so the table never copies keys; the table's order never leaves it.
struct SampleKeyTable: Sendable {
    /// 0 marks an empty bucket, `removedMark` one whose entry was removed.
    private var buckets: [UInt64]
    private var mask: Int
    /// The number of keys.
    private(set) var count = 0
    /// Buckets marked removed.
    private var removed = 0

    private static let removedMark = UInt64.max

    /// An empty table.
    init() {
        buckets = Array(repeating: 0, count: 64)
        mask = 63
    }

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int) {
        var size = 64
        while size < 2 * (capacity + 1) { size *= 2 }
        buckets = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The table of the keys of `slots`, whose hashes are `hashes`, placed in the order of
    /// their first buckets (so that a large table fills front to back, from the cache,
    /// rather than at random); `nil` when two slots' keys are the same (`sameKey`).
    static func placing(slots: [Int32], hashes: [UInt32], sameKey: (Int32, Int32) -> Bool) -> SampleKeyTable? {
        var table = SampleKeyTable(capacity: slots.count)
        let size = table.buckets.count
        // A counting sort by the first bucket's top bits, into at most 4096 runs.
        var shift = 0
        while size >> shift > 4096 { shift += 1 }
        var starts = [Int](repeating: 0, count: (size >> shift) + 1)
        for hash in hashes { starts[(Int(hash) & table.mask) >> shift + 1] += 1 }
        for run in 1..<starts.count { starts[run] += starts[run - 1] }
        var order = [Int32](repeating: 0, count: slots.count)
        for (index, hash) in hashes.enumerated() {
            let run = (Int(hash) & table.mask) >> shift
            order[starts[run]] = Int32(truncatingIfNeeded: index)
            starts[run] += 1
        }
        for index in order {
            let hash = hashes[Int(index)]
            let slot = slots[Int(index)]
            if table.insertIfAbsent(hash: hash, slot: slot, matches: { sameKey($0, slot) }) != nil { return nil }
        }
        return table
    }

    /// The table of the keys of `slots` (`key` answers a slot's key). Keys held twice (a
    /// checkpoint that reads but was not written by a fold) keep the first slot.
    init(placing slots: [Int32], key: (Int32) -> SampleKey) {
        let hashes = slots.map { Self.hash(key($0)) }
        if let table = Self.placing(slots: slots, hashes: hashes, sameKey: { key($0) == key($1) }) {
            self = table
            return
        }
        self.init(capacity: slots.count)
        for (slot, hash) in zip(slots, hashes) {
            _ = insertIfAbsent(hash: hash, slot: slot, matches: { key($0) == key(slot) })
        }
    }

    /// The 32-bit hash of `key` the table works with.
    static func hash(_ key: SampleKey) -> UInt32 {
        switch key {
        case .uuid(let high, let low, let lowercase):
            return hash(high: high, low: low, lowercase: lowercase)
        case .text(let text):
            return UInt32(truncatingIfNeeded: UInt(bitPattern: text.hashValue) >> 16)
        }
    }

    /// The hash of the UUID key of these bits (the same in every process).
    @inline(__always)
    static func hash(high: UInt64, low: UInt64, lowercase: Bool) -> UInt32 {
        var mixed = high ^ (low << 29 | low >> 35) ^ (lowercase ? 0x5851_F42D_4C95_7F2D : 0)
        mixed = (mixed ^ (mixed >> 31)) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: mixed >> 32)
    }

    /// The slot whose key has `hash` and `matches`, if any.
    func slot(hash: UInt32, matches: (Int32) -> Bool) -> Int32? {
        var index = Int(hash) & mask
        while true {
            let bucket = buckets[index]
            if bucket == 0 { return nil }
            if bucket != Self.removedMark, UInt32(truncatingIfNeeded: bucket >> 32) == hash {
                let slot = Int32(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                if matches(slot) { return slot }
            }
            index = (index + 1) & mask
        }
    }

    /// Adds `slot` for a key with `hash` that the table does not hold.
    mutating func insert(hash: UInt32, slot: Int32) {
        if (count + removed + 1) * 2 > buckets.count { rebuild() }
        var index = Int(hash) & mask
        while buckets[index] != 0, buckets[index] != Self.removedMark { index = (index + 1) & mask }
        if buckets[index] == Self.removedMark { removed -= 1 }
        buckets[index] = UInt64(hash) << 32 | UInt64(UInt32(slot) + 1)
        count += 1
    }

    /// Adds `slot` for a key with `hash`, unless the table holds a slot whose key has
    /// `hash` and `matches`: then answers that slot and adds nothing (one probe for both).
    mutating func insertIfAbsent(hash: UInt32, slot: Int32, matches: (Int32) -> Bool) -> Int32? {
        if (count + removed + 1) * 2 > buckets.count { rebuild() }
        var index = Int(hash) & mask
        var free: Int?
        while true {
            let bucket = buckets[index]
            if bucket == 0 { break }
            if bucket == Self.removedMark {
                if free == nil { free = index }
            } else if UInt32(truncatingIfNeeded: bucket >> 32) == hash {
                let held = Int32(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                if matches(held) { return held }
            }
            index = (index + 1) & mask
        }
        let target = free ?? index
        if buckets[target] == Self.removedMark { removed -= 1 }
        buckets[target] = UInt64(hash) << 32 | UInt64(UInt32(slot) + 1)
        count += 1
        return nil
    }

    /// Removes the slot whose key has `hash` and `matches`, and answers it, if any.
    mutating func remove(hash: UInt32, matches: (Int32) -> Bool) -> Int32? {
        var index = Int(hash) & mask
        while true {
            let bucket = buckets[index]
            if bucket == 0 { return nil }
            if bucket != Self.removedMark, UInt32(truncatingIfNeeded: bucket >> 32) == hash {
                let slot = Int32(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                if matches(slot) {
                    buckets[index] = Self.removedMark
                    count -= 1
                    removed += 1
                    return slot
                }
            }
            index = (index + 1) & mask
        }
    }

    /// Places every entry again, in twice the buckets when more than a quarter are used by
    /// keys, dropping the removed marks.
    private mutating func rebuild() {
        let old = buckets
        let size = count * 4 > old.count ? old.count * 2 : old.count
        buckets = Array(repeating: 0, count: size)
        mask = size - 1
        removed = 0
        for bucket in old where bucket != 0 && bucket != Self.removedMark {
            var index = Int(bucket >> 32) & mask
            while buckets[index] != 0 { index = (index + 1) & mask }
            buckets[index] = bucket
        }
    }
}
