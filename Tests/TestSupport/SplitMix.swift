/// A small deterministic generator (SplitMix64, Steele, Lea and Flood 2014): the same seed
/// gives the same sequence on every run and platform, so a randomised test that fails names
/// a reproducible case. Usable wherever a `RandomNumberGenerator` is.
public struct SplitMix: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` at least 1; the tiny modulo bias does not matter here).
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
