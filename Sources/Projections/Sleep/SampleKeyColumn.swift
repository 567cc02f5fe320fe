/// The UUID keys a checkpoint's samples (or vital readings) were held under, as pairs of the
/// key's table hash (`SampleKeyTable.hash`) and its slot, sorted by hash then slot; 8 bytes a
/// pair (the hash, then the slot, each 4 bytes little-endian), kept in place in the mapped
/// checkpoint.
///
/// A state read from a checkpoint finds a key here by binary search, so its first ingest no
/// longer places every key in a table first (placing them took a large share of a late
/// event's fold on a long history, most of it faulting in the table). Text keys are not in it: their
/// hash is per process (`String.hashValue`), so they are placed when first needed.
/// `SampleKeyIndex` checks the column against the keys before trusting it.
struct SampleKeyColumn: Sendable {
    /// The pairs: the payload's bytes in place, or a copy of them (a payload read without a
    /// mapping). One representation, so that reading a pair retains nothing.
    private let pairs: RetainedBytes
    /// The number of pairs.
    let count: Int

    /// Reads the pairs `write(of:isHeld:to:)` wrote, checking that they ascend (by hash,
    /// then slot) and that every slot is below `slotCount`.
    init(from reader: inout CheckpointReader, slotCount: Int) throws(CheckpointDecodingError) {
        let count = try reader.count("a key column", minimumElementSize: 8)
        let start = reader.offset
        let region = try reader.columnRegion("a key column", byteCount: 8 * count)
        var previous: UInt64?
        for index in 0..<count {
            let hash: UInt32 = region.load(at: 8 * index)
            let slot: Int32 = region.load(at: 8 * index + 4)
            let order = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: slot))
            guard slot >= 0, Int(slot) < slotCount, previous.map({ $0 < order }) ?? true else {
                throw reader.failure("a key column", at: start + 8 * index, "pair \(index) is out of order or names no slot")
            }
            previous = order
        }
        self.count = count
        pairs = reader.keepsBytes ? region : CopiedBytes.of(region.bytes)
    }

    /// The hash and slot of pair `index`.
    @inline(__always)
    func pair(at index: Int) -> (hash: UInt32, slot: Int32) {
        (pairs.load(at: 8 * index), pairs.load(at: 8 * index + 4))
    }

    /// The index of the first pair whose hash is `hash` or more.
    func firstIndex(ofHash hash: UInt32) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if pair(at: middle).hash < hash { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Writes the pairs of the UUID keys of `elements` at the slots `isHeld` says are held,
    /// sorted by hash then slot: a count, then 8 bytes each.
    static func write<Columns: KeyedColumns>(of elements: ColumnBackedArray<Columns>, isHeld: (Int) -> Bool, to writer: inout CheckpointWriter) {
        var pairs: [UInt64] = []
        pairs.reserveCapacity(elements.count)
        elements.withUUIDHashes { uuidHash in
            for slot in elements.indices where isHeld(slot) {
                if let hash = uuidHash(slot) { pairs.append(UInt64(UInt32(slot)) << 32 | UInt64(hash)) }
            }
        }
        // Slots ascend already: a stable sort by hash gives (hash, slot) order.
        let sorted = radixSortedByLowWord(pairs)
        writer.count(sorted.count)
        writer.appendBulk(sorted)
    }

    /// `pairs` stably sorted by their low 32 bits, 11 bits a pass (a 70,000-key column sorts
    /// in well under a millisecond, beside the checkpoint's encoding).
    private static func radixSortedByLowWord(_ pairs: [UInt64]) -> [UInt64] {
        var source = pairs
        var target = [UInt64](repeating: 0, count: pairs.count)
        // The hash's digits only (the last pass takes its top 10 bits, not the slot's).
        func digit(_ pair: UInt64, _ shift: UInt32) -> Int { Int((UInt32(truncatingIfNeeded: pair) >> shift) & 0x7FF) }
        for shift in stride(from: UInt32(0), to: 32, by: 11) {
            var starts = [Int](repeating: 0, count: 2049)
            for pair in source { starts[digit(pair, shift) + 1] += 1 }
            for digit in 1..<starts.count { starts[digit] += starts[digit - 1] }
            for pair in source {
                let digit = digit(pair, shift)
                target[starts[digit]] = pair
                starts[digit] += 1
            }
            swap(&source, &target)
        }
        return source
    }
}

/// Bytes copied out of a payload read without a mapping, kept as ``RetainedBytes`` are.
private final class CopiedBytes: @unchecked Sendable {
    // @unchecked: `storage` is written once, in `init`, and only read after.
    private let storage: UnsafeMutableRawBufferPointer

    private init(_ bytes: UnsafeRawBufferPointer) {
        storage = .allocate(byteCount: max(bytes.count, 1), alignment: 8)
        storage.copyMemory(from: bytes)
    }

    deinit { storage.deallocate() }

    /// A copy of `bytes`, held by the value answered.
    static func of(_ bytes: UnsafeRawBufferPointer) -> RetainedBytes {
        let copy = CopiedBytes(bytes)
        return RetainedBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy.storage)[..<bytes.count]), keptBy: copy)
    }
}
