import Events

/// Where each held key is: the slot of a sample (or vital reading) by its key.
///
/// Folded from the first line, it is a `SampleKeyTable` of every key. Read from a checkpoint,
/// it is the checkpoint's `SampleKeyColumn` (the UUID keys then held, read in place) plus a
/// table of what changed since: keys added, and the slots of the column's keys removed. The
/// rest (text keys) is placed when first needed (``place(held:of:)``), which also checks the
/// column against the keys: a column that does not hold exactly the held UUID keys, each
/// under its hash, is dropped and every key placed in the table, so a wrong column costs
/// time, never a wrong answer.
struct SampleKeyIndex: Sendable {
    /// The checkpoint's column, until placing drops a column that does not check.
    private var column: SampleKeyColumn?
    /// Slots whose pair in ``column`` was removed since it was read.
    private var removedFromColumn: Set<Int32> = []
    /// The keys not in ``column``; `nil` until placed.
    private var table: SampleKeyTable?

    /// An empty index, placed (a fold from the first line).
    init() {
        table = SampleKeyTable()
    }

    /// The index of a state read from a checkpoint: its column, the other keys not placed yet.
    init(column: SampleKeyColumn) {
        self.column = column
        table = nil
    }

    /// Whether the index answers lookups (after ``place(held:of:)``, or folded from empty).
    var isPlaced: Bool { table != nil }

    /// Whether the checkpoint's column is in use (for tests: placing keeps a column that checks).
    var usesColumn: Bool { column != nil }

    /// Places the keys the column does not hold, at `held` (the held slots of `elements`,
    /// ascending), after checking the column against them; without a column that checks,
    /// places them all.
    mutating func place<Columns: KeyedColumns>(held: [Int32], of elements: ColumnBackedArray<Columns>) {
        guard table == nil else { return }
        if let column, let others = Self.keysOutside(column, held: held, of: elements) {
            table = Self.placing(slots: others, of: elements)
        } else {
            column = nil
            removedFromColumn = []
            table = Self.placing(slots: held, of: elements)
        }
    }

    /// The held slots whose keys are not in `column` (the text keys), when `column` holds
    /// exactly the others, each under its hash; `nil` when it does not.
    ///
    /// Both sides are summed in their own order, one pass each: the column's pairs (which
    /// ascend, so none is listed twice) and the held slots' keys, each pair mixed to 64 bits
    /// and added. Equal counts and sums mean the same pairs (a wrong column sums the same by
    /// chance about once in 2^64). Checking pair by pair instead would read the keys in hash
    /// order, at random: a cache miss each.
    private static func keysOutside<Columns: KeyedColumns>(
        _ column: SampleKeyColumn, held: [Int32], of elements: ColumnBackedArray<Columns>
    ) -> [Int32]? {
        var columnSum: UInt64 = 0
        for index in 0..<column.count {
            let (hash, slot) = column.pair(at: index)
            columnSum &+= mixed(hash: hash, slot: slot)
        }
        return elements.withUUIDHashes { uuidHash -> [Int32]? in
            var texts: [Int32] = []
            var heldSum: UInt64 = 0
            for slot in held {
                if let hash = uuidHash(Int(slot)) {
                    heldSum &+= mixed(hash: hash, slot: slot)
                } else {
                    texts.append(slot)
                }
            }
            return column.count == held.count - texts.count && columnSum == heldSum ? texts : nil
        }
    }

    /// A pair mixed to 64 bits (SplitMix64's finaliser), for ``keysOutside(_:held:of:)``'s sums.
    @inline(__always)
    private static func mixed(hash: UInt32, slot: Int32) -> UInt64 {
        SplitMix64.mix(UInt64(hash) << 32 | UInt64(UInt32(bitPattern: slot)))
    }

    /// The table of the keys of `slots` of `elements` (read from the columns when they are
    /// read in place: the elements are never built whole for it). Keys held twice (a
    /// checkpoint that reads but was not written by a fold) keep the first slot.
    private static func placing<Columns: KeyedColumns>(slots: [Int32], of elements: ColumnBackedArray<Columns>) -> SampleKeyTable {
        guard !slots.isEmpty else { return SampleKeyTable() }
        let hashes = elements.keyHashes(of: slots)
        if let table = SampleKeyTable.placing(slots: slots, hashes: hashes, sameKey: { elements.key(at: Int($0)) == elements.key(at: Int($1)) }) {
            return table
        }
        var table = SampleKeyTable(capacity: slots.count)
        for (slot, hash) in zip(slots, hashes) {
            _ = table.insertIfAbsent(hash: hash, slot: slot, matches: { elements.key(at: Int($0)) == elements.key(at: Int(slot)) })
        }
        return table
    }

    /// The slot whose key has `hash` and `matches`, if any (placed only).
    func slot(hash: UInt32, matches: (Int32) -> Bool) -> Int32? {
        table?.slot(hash: hash, matches: matches) ?? columnSlot(hash: hash, matches: matches)
    }

    /// The slot of a pair of ``column``, not removed, whose key has `hash` and `matches`.
    private func columnSlot(hash: UInt32, matches: (Int32) -> Bool) -> Int32? {
        guard let column else { return nil }
        var index = column.firstIndex(ofHash: hash)
        while index < column.count {
            let pair = column.pair(at: index)
            guard pair.hash == hash else { return nil }
            if removedFromColumn.isEmpty || !removedFromColumn.contains(pair.slot), matches(pair.slot) { return pair.slot }
            index += 1
        }
        return nil
    }

    /// Adds `slot` for a key with `hash` that the index does not hold (placed only).
    mutating func insert(hash: UInt32, slot: Int32) {
        table?.insert(hash: hash, slot: slot)
    }

    /// Removes the slot whose key has `hash` and `matches`, and answers it, if any (placed only).
    mutating func remove(hash: UInt32, matches: (Int32) -> Bool) -> Int32? {
        if let slot = table?.remove(hash: hash, matches: matches) { return slot }
        guard let slot = columnSlot(hash: hash, matches: matches) else { return nil }
        removedFromColumn.insert(slot)
        return slot
    }
}
