/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the one small deterministic generator and 64-bit mixer of the package.
///
/// The same seed gives the same sequence on every run and platform (integer arithmetic
/// only). ``mix(_:)``, its output function, is a bijection of `UInt64` with full avalanche
/// (each input bit flips each output bit with probability near ½): the simulator draws with
/// it and mints ids that never repeat, and digests and hash sums mix their words with it.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state; each draw advances it by the golden-ratio increment.
    public var state: UInt64

    /// A generator whose draws are fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The output function: a bijection of `UInt64` (each step, an xor with a right shift
    /// or a product with an odd constant, can be undone).
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
