import Events

/// The tests' deterministic generator: `SplitMix64` (Events), so that a randomised test
/// that fails names a reproducible case.
public typealias SplitMix = SplitMix64

extension SplitMix64 {
    /// A number in `0..<bound` (`bound` at least 1; the tiny modulo bias does not matter here).
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
