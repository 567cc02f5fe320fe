/// Half-open millisecond intervals `[start, end)` and the few set operations the sleep
/// rules need: unions, measures, gaps.
struct MillisecondInterval: Sendable, Hashable, Comparable {
    var start: Int64
    var end: Int64

    var length: Int64 { end - start }

    static func < (left: MillisecondInterval, right: MillisecondInterval) -> Bool {
        (left.start, left.end) < (right.start, right.end)
    }

    /// The union of `intervals` as sorted, disjoint intervals; intervals closer than
    /// `joiningGapsUnder` milliseconds are joined (0 joins only touching ones).
    static func union(_ intervals: [MillisecondInterval], joiningGapsUnder gap: Int64 = 0) -> [MillisecondInterval] {
        var result: [MillisecondInterval] = []
        for interval in intervals.sorted() where interval.end > interval.start {
            if let last = result.last, interval.start - last.end < max(gap, 1) || interval.start <= last.end {
                result[result.count - 1].end = max(last.end, interval.end)
            } else {
                result.append(interval)
            }
        }
        return result
    }

    /// The measure of the union of `intervals`.
    static func measure(_ intervals: [MillisecondInterval]) -> Int64 {
        union(intervals).reduce(0) { $0 + $1.length }
    }

    /// `intervals` clipped to `window`.
    static func clip(_ intervals: [MillisecondInterval], to window: MillisecondInterval) -> [MillisecondInterval] {
        intervals.compactMap { interval in
            let start = max(interval.start, window.start)
            let end = min(interval.end, window.end)
            return end > start ? MillisecondInterval(start: start, end: end) : nil
        }
    }
}
