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
    /// order: what a checkpoint holds.
    var columns: NightSlotColumns {
        var columns = NightSlotColumns()
        columns.slots.reserveCapacity(links.count)
        for (night, ends) in ends.all {
            let first = columns.slots.count
            var slot = ends.first
            while slot >= 0 {
                columns.slots.append(slot)
                slot = links[Int(slot)].next
            }
            columns.nights.append(night)
            columns.counts.append(Int32(columns.slots.count - first))
        }
        return columns
    }

    /// The lists of `columns`, for the slots of which `isFree` tells the free ones and
    /// `night` each one's night; `nil` unless every held slot is in its night's list and no
    /// other slot is in any (so that the lists are sound: no cycle, no slot twice), and no
    /// night is listed twice.
    init?(columns: NightSlotColumns, isFree: [Bool], night: (Int) -> Int32) {
        let slotCount = isFree.count
        guard columns.counts.count == columns.nights.count, columns.counts.allSatisfy({ $0 >= 0 }),
              columns.counts.reduce(0, { $0 + Int($1) }) == columns.slots.count else { return nil }
        // Room for the slots a rewind's few nights add (`StateCoding.growthCapacity`).
        var links: [Link] = []
        links.reserveCapacity(StateCoding.growthCapacity(slotCount))
        links.append(contentsOf: repeatElement(Link(), count: slotCount))
        var linked = [Bool](repeating: false, count: slotCount)
        var allEnds: [Ends] = []
        allEnds.reserveCapacity(columns.nights.count)
        var position = 0
        for (listNight, count) in zip(columns.nights, columns.counts) {
            var ends = Ends()
            for slot in columns.slots[position..<(position + Int(count))] {
                guard slot >= 0, Int(slot) < slotCount, !linked[Int(slot)], !isFree[Int(slot)], night(Int(slot)) == listNight else { return nil }
                linked[Int(slot)] = true
                links[Int(slot)].previous = ends.last
                if ends.last >= 0 { links[Int(ends.last)].next = slot } else { ends.first = slot }
                ends.last = slot
            }
            position += Int(count)
            allEnds.append(ends)
        }
        guard columns.slots.count == isFree.lazy.filter({ !$0 }).count,
              let table = NightTable(empty: Ends(), nights: columns.nights, values: allEnds) else { return nil }
        self.links = links
        ends = table
    }
}

/// Each night's sample slots, in order, as a checkpoint holds them: the nights (in the
/// order first changed), the number of slots of each, and every night's slots one night
/// after the other, each in bulk (no array a night).
struct NightSlotColumns: StateCodable, Equatable {
    /// The nights, as days since 1970.
    var nights: [Int32] = []
    /// The number of slots of each night.
    var counts: [Int32] = []
    /// The slots, night by night.
    var slots: [Int32] = []

    static var placeholder: NightSlotColumns { NightSlotColumns() }

    /// The columns from their parts.
    init(nights: [Int32] = [], counts: [Int32] = [], slots: [Int32] = []) {
        self.nights = nights
        self.counts = counts
        self.slots = slots
    }

    /// The columns of `lists`, one night's slots each.
    init(lists: [(night: Int32, slots: [Int32])]) {
        for list in lists {
            nights.append(list.night)
            counts.append(Int32(list.slots.count))
            slots.append(contentsOf: list.slots)
        }
    }

    /// The nights, the counts, then the slots, each in bulk.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.bulk(&nights, growing: false)
        try coder.bulk(&counts, growing: false)
        try coder.bulk(&slots, growing: false)
    }
}
