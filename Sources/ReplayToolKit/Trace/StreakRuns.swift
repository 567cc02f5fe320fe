import Projections

/// The bedtime streaks over nights that hit or missed, kept so that changing one night and
/// asking the streaks up to a night each cost O(log n) (a segment tree over the nights,
/// as days since 1970): what `LogState.streaks(at:)` counts by walking every night.
///
/// A night not set (no data, or no plan) neither counts nor breaks a streak.
struct StreakRuns {
    /// What a stretch of nights gives: its leading and trailing hits, its longest run of
    /// hits, and whether every night that counts in it hit.
    struct Summary: Equatable {
        var leading = 0
        var trailing = 0
        var best = 0
        var allHit = true

        static let none = Summary()
        static let hit = Summary(leading: 1, trailing: 1, best: 1, allHit: true)
        static let miss = Summary(leading: 0, trailing: 0, best: 0, allHit: false)

        /// This stretch followed by `next`.
        func then(_ next: Summary) -> Summary {
            Summary(
                leading: allHit ? leading + next.leading : leading,
                trailing: next.allHit ? trailing + next.trailing : next.trailing,
                best: max(best, next.best, trailing + next.leading),
                allHit: allHit && next.allHit
            )
        }
    }

    /// The first day the leaves stand for.
    private var base = 0
    /// The number of leaves (a power of two, or 0 before the first night).
    private var capacity = 0
    /// The tree: node 1 is the root, node i's children are 2i and 2i + 1, the leaves from
    /// `capacity` on.
    private var nodes: [Summary] = []

    /// Sets `day`'s night: hit (`true`), missed (`false`) or not counted (`nil`).
    mutating func set(_ day: Int, hit: Bool?) {
        let value = hit.map { $0 ? Summary.hit : Summary.miss } ?? .none
        if capacity == 0 || day < base || day >= base + capacity {
            if value == .none { return }
            grow(toHold: day)
        }
        var node = capacity + (day - base)
        nodes[node] = value
        node /= 2
        while node >= 1 {
            nodes[node] = nodes[2 * node].then(nodes[2 * node + 1])
            node /= 2
        }
    }

    /// The current and best streaks over the nights up to and including `day`.
    func streaks(through day: Int) -> SleepStreaks {
        guard capacity > 0, day >= base else { return SleepStreaks(current: 0, best: 0) }
        var left = Summary.none
        var right = Summary.none
        var low = capacity
        var high = capacity + min(day - base, capacity - 1) + 1
        while low < high {
            if low & 1 == 1 {
                left = left.then(nodes[low])
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                right = nodes[high].then(right)
            }
            low /= 2
            high /= 2
        }
        let all = left.then(right)
        return SleepStreaks(current: all.trailing, best: all.best)
    }

    /// Makes room for `day`, keeping every night set.
    private mutating func grow(toHold day: Int) {
        let oldBase = base
        let oldCapacity = capacity
        let low = capacity == 0 ? day : min(base, day)
        let high = capacity == 0 ? day : max(base + capacity - 1, day)
        var newCapacity = max(capacity, 64)
        while newCapacity < high - low + 1 { newCapacity *= 2 }
        // Leave room on the side that grew, so that nights added in order rarely regrow.
        let newBase = day < oldBase || capacity == 0 ? max(low - (newCapacity - (high - low + 1)) / 4, high - newCapacity + 1) : low
        var leaves = [Summary](repeating: .none, count: 2 * newCapacity)
        for offset in 0..<oldCapacity {
            leaves[newCapacity + (oldBase + offset - newBase)] = nodes[oldCapacity + offset]
        }
        var node = newCapacity - 1
        while node >= 1 {
            leaves[node] = leaves[2 * node].then(leaves[2 * node + 1])
            node -= 1
        }
        nodes = leaves
        base = newBase
        capacity = newCapacity
    }
}
