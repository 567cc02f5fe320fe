import Events

/// The simulator's only source of chance: SplitMix64 (Steele, Lea and Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014), seeded by the configuration.
///
/// Deterministic on every platform: it uses integer arithmetic only, and the few
/// fractions it gives are built from 53 random bits and compared, never passed through
/// `log`, `sin` or other functions whose last bit may differ between C libraries. No
/// system random source is ever read.
struct SimulationRandom: Sendable, Hashable {
    /// The generator (`SplitMix64`, in Events).
    private var generator: SplitMix64

    /// A generator whose draws are fixed by `seed`.
    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        generator.next()
    }

    /// A whole number in `range`, by the high half of a 128-bit product (Lemire's method
    /// without its rejection step: a bias below 2⁻³⁰ for the small ranges used here).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let high = next().multipliedFullWidth(by: span).high
        return range.lowerBound + Int(high)
    }

    /// Milliseconds in `range` (given in minutes), to the whole second: a person's action
    /// never lands on a round minute.
    mutating func minutes(_ range: ClosedRange<Int>) -> Int64 {
        Int64(int(in: range.lowerBound * 60...range.upperBound * 60)) * 1000
    }

    /// Milliseconds in `range` (given in seconds), to the whole second.
    mutating func seconds(_ range: ClosedRange<Int>) -> Int64 {
        Int64(int(in: range)) * 1000
    }

    /// A fraction in [0, 1) from the top 53 bits of a draw.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// `true` with probability `probability` (0 never, 1 always).
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// An index into `weights` (non-negative, not all 0), each chosen in proportion to its
    /// weight; 0 when every weight is 0 or there is none.
    mutating func weightedIndex(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var remaining = unit() * total
        for (index, weight) in weights.enumerated() {
            if remaining < weight { return index }
            remaining -= weight
        }
        return weights.count - 1
    }

    /// One element of `items`, each equally likely; `nil` when it is empty.
    mutating func element<Element>(of items: [Element]) -> Element? {
        guard !items.isEmpty else { return nil }
        return items[int(in: 0...items.count - 1)]
    }
}
