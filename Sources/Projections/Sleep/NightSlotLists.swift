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
    var lists: [NightSlots] {
        ends.all.map { night, ends in
            var slots: [Int32] = []
            var slot = ends.first
            while slot >= 0 {
                slots.append(slot)
                slot = links[Int(slot)].next
            }
            return NightSlots(night: night, slots: slots)
        }
    }

    /// The lists of `lists`, for the slots of `nights` (each slot's night) of which `isFree`
    /// tells the free ones; `nil` unless every held slot is in its night's list and no other
    /// slot is in any (so that the lists are sound: no cycle, no slot twice), and no night is
    /// listed twice.
    init?(lists: [NightSlots], nights: [Int32], isFree: [Bool]) {
        self.init(lists: lists, isFree: isFree) { nights[$0] }
    }

    /// The lists of `lists`, as ``init(lists:nights:isFree:)`` makes them, `night` answering
    /// each slot's night (for as many slots as `isFree` has).
    init?(lists: [NightSlots], isFree: [Bool], night: (Int) -> Int32) {
        let slotCount = isFree.count
        // Room for the slots a rewind's few nights add (`StateCoding.growthCapacity`).
        var links: [Link] = []
        links.reserveCapacity(StateCoding.growthCapacity(slotCount))
        links.append(contentsOf: repeatElement(Link(), count: slotCount))
        var linked = [Bool](repeating: false, count: slotCount)
        var linkedCount = 0
        var allEnds: [Ends] = []
        allEnds.reserveCapacity(lists.count)
        for list in lists {
            var ends = Ends()
            for slot in list.slots {
                guard slot >= 0, Int(slot) < slotCount, !linked[Int(slot)], !isFree[Int(slot)], night(Int(slot)) == list.night else { return nil }
                linked[Int(slot)] = true
                links[Int(slot)].previous = ends.last
                if ends.last >= 0 { links[Int(ends.last)].next = slot } else { ends.first = slot }
                ends.last = slot
            }
            linkedCount += list.slots.count
            allEnds.append(ends)
        }
        guard linkedCount == isFree.lazy.filter({ !$0 }).count,
              let table = NightTable(empty: Ends(), nights: lists.map(\.night), values: allEnds) else { return nil }
        self.links = links
        ends = table
    }
}

/// A night's sample slots, in order, as a checkpoint holds them.
struct NightSlots: StateCodable {
    /// The night, as days since 1970.
    var night: Int32
    var slots: [Int32]

    static var placeholder: NightSlots { NightSlots(night: 0, slots: []) }

    /// The night, then the slots in bulk.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try night.describeState(&coder)
        try coder.bulk(&slots, growing: false)
    }
}
