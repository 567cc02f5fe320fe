/// The slots of each night's samples (`SleepLedger`'s), each night's in order of their
/// starts: one doubly linked list per night, threaded through one array by slot, so that
/// the ledger holds two arrays in all rather than one per night (a checkpoint reads them
/// back without an allocation per night).
struct NightSlotLists: Sendable {
    /// A night's first and last slot (-1 when the night has none).
    struct Ends: Sendable, Equatable {
        var first: Int32 = -1
        var last: Int32 = -1
    }

    /// A slot's neighbours in its night's list (-1 at either end; both -1 for a slot in no list).
    private struct Link: Sendable {
        var previous: Int32 = -1
        var next: Int32 = -1
    }

    private var links: [Link] = []
    private var ends = NightTable<Ends>(empty: Ends())

    /// No nights.
    init() {}

    /// Adds `slot` (in no list) to `night`'s list: after the last slot for which
    /// `startsAfterSlot` is false, looking from the end (most samples come in order of start).
    mutating func insert(_ slot: Int32, into night: Int32, startsAfter startsAfterSlot: (Int32) -> Bool) {
        var links: [Link] = []
        swap(&links, &self.links)
        defer { swap(&links, &self.links) }
        if Int(slot) >= links.count { links.append(contentsOf: repeatElement(Link(), count: Int(slot) + 1 - links.count)) }
        ends.modify(night) { ends in
            var before = ends.last
            while before >= 0, startsAfterSlot(before) { before = links[Int(before)].previous }
            let after = before >= 0 ? links[Int(before)].next : ends.first
            links[Int(slot)] = Link(previous: before, next: after)
            if before >= 0 { links[Int(before)].next = slot } else { ends.first = slot }
            if after >= 0 { links[Int(after)].previous = slot } else { ends.last = slot }
        }
    }

    /// Takes `slot` out of `night`'s list (it must be in it).
    mutating func remove(_ slot: Int32, from night: Int32) {
        let link = links[Int(slot)]
        links[Int(slot)] = Link()
        if link.previous >= 0 { links[Int(link.previous)].next = link.next }
        if link.next >= 0 { links[Int(link.next)].previous = link.previous }
        guard link.previous < 0 || link.next < 0 else { return }
        ends.modify(night) { ends in
            if link.previous < 0 { ends.first = link.next }
            if link.next < 0 { ends.last = link.previous }
        }
    }

    /// The slots of `night`, in order (empty for a night without samples).
    func slots(of night: Int32) -> [Int32] {
        guard let ends = ends[night] else { return [] }
        var slots: [Int32] = []
        var slot = ends.first
        while slot >= 0 {
            slots.append(slot)
            slot = links[Int(slot)].next
        }
        return slots
    }
}

// MARK: Checkpoint

extension NightSlotLists {
    /// Each night that ever had a sample (in the order first changed), with its slots in
    /// order: the same bytes as a table of one slot array per night.
    func write(to writer: inout CheckpointWriter) {
        ends.write(to: &writer) { writer, ends in
            var slots: [Int32] = []
            var slot = ends.first
            while slot >= 0 {
                slots.append(slot)
                slot = links[Int(slot)].next
            }
            writer.integers(slots)
        }
    }

    /// Reads what `write` wrote, for the slots of `nights` (each slot's night) of which
    /// `isFree` tells the free ones and `heldCount` counts the others: every held slot must
    /// be in its night's list, and no other slot in any (so that the lists are sound: no
    /// cycle, no slot twice).
    init(from reader: inout CheckpointReader, nights: [Int32], isFree: [Bool], heldCount: Int) throws(CheckpointDecodingError) {
        let slotCount = nights.count
        // Room for the slots a rewind's few nights add (`CheckpointReader.growthCapacity`).
        var links: [Link] = []
        links.reserveCapacity(CheckpointReader.growthCapacity(slotCount))
        links.append(contentsOf: repeatElement(Link(), count: slotCount))
        var linked = [Bool](repeating: false, count: slotCount)
        var linkedCount = 0
        let read: Result<NightTable<Ends>, CheckpointDecodingError> = links.withUnsafeMutableBufferPointer { links in
            linked.withUnsafeMutableBufferPointer { linked in
                nights.withUnsafeBufferPointer { nights in
                    isFree.withUnsafeBufferPointer { isFree in
                        do throws(CheckpointDecodingError) {
                            return .success(try NightTable(from: &reader, empty: Ends(), "SleepLedger.slotsByNight") { reader, night throws(CheckpointDecodingError) in
                                let start = reader.offset
                                let count = try reader.count("SleepLedger.slotsByNight", minimumElementSize: 4)
                                let region = try reader.region("SleepLedger.slotsByNight", byteCount: 4 * count)
                                var ends = Ends()
                                for index in 0..<count {
                                    let slot = Int32(littleEndian: region.loadUnaligned(fromByteOffset: 4 * index, as: Int32.self))
                                    guard slot >= 0, Int(slot) < slotCount, !linked[Int(slot)], !isFree[Int(slot)], nights[Int(slot)] == night else {
                                        throw reader.failure("SleepLedger.slotsByNight", at: start, "slot \(slot) is out of range, free, repeated or of another night")
                                    }
                                    linked[Int(slot)] = true
                                    links[Int(slot)].previous = ends.last
                                    if ends.last >= 0 { links[Int(ends.last)].next = slot } else { ends.first = slot }
                                    ends.last = slot
                                }
                                linkedCount += count
                                return ends
                            })
                        } catch {
                            return .failure(error)
                        }
                    }
                }
            }
        }
        ends = try read.get()
        self.links = links
        guard linkedCount == heldCount else {
            throw reader.failure("SleepLedger.slotsByNight", at: reader.offset, "a sample held is in no night")
        }
    }
}
