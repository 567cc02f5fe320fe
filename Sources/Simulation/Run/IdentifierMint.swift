import Events
import Foundation

/// Makes the ids of a simulated log: UUID-shaped strings (version 4 layout) that never
/// repeat within a run and depend only on the seed and how many were made before.
///
/// The n-th id of a kind is built from `a = mix(n + key)` and `b = mix(a ^ salt)`, where
/// `mix` is SplitMix64's output function, a bijection of `UInt64`; all 64 bits of `a` are
/// written into the id (60 in the first three groups after the version digit, 4 in the
/// fourth group beside the variant bits), so two different n always give two different
/// ids. `b` fills the rest. Event ids are lowercase (as the store writes them), HealthKit
/// sample ids uppercase (as HealthKit prints them), and the two kinds use different keys.
///
/// A `CommandContext` takes ids from a `@Sendable` closure, so the counters live in this
/// class, behind a lock; a run uses it from one thread, so the lock is never contended.
final class IdentifierMint: Sendable {
    /// How many event ids and sample ids were minted.
    private let counts = Locked((events: UInt64(0), samples: UInt64(0)))
    private let eventKey: UInt64
    private let sampleKey: UInt64

    /// A mint whose ids follow from `seed`.
    init(seed: UInt64) {
        eventKey = SplitMix64.mix(seed ^ 0x4556_454E_5449_4453)   // "EVENTIDS"
        sampleKey = SplitMix64.mix(seed ^ 0x5341_4D50_4C45_5321)  // "SAMPLES!"
    }

    /// The next event id, lowercase.
    func nextEventIdentifier() -> String {
        let count = counts.withLock { counts in
            counts.events += 1
            return counts.events
        }
        return Self.identifier(count: count, key: eventKey, uppercase: false)
    }

    /// The next HealthKit sample id, uppercase.
    func nextSampleIdentifier() -> String {
        let count = counts.withLock { counts in
            counts.samples += 1
            return counts.samples
        }
        return Self.identifier(count: count, key: sampleKey, uppercase: true)
    }

    /// The id for the `count`-th draw under `key`.
    static func identifier(count: UInt64, key: UInt64, uppercase: Bool) -> String {
        let unique = SplitMix64.mix(count &+ key)
        let filler = SplitMix64.mix(unique ^ 0x5EED_F111_E4F1_11E4)
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(32)
        for shift in stride(from: 60, through: 4, by: -4) where nibbles.count < 12 {
            nibbles.append(UInt8(truncatingIfNeeded: unique >> UInt64(shift)) & 0xF)
        }
        // Group 3: the version digit, then three more nibbles of `unique`.
        nibbles.append(4)
        for shift in [12, 8, 4] as [UInt64] {
            nibbles.append(UInt8(truncatingIfNeeded: unique >> shift) & 0xF)
        }
        // Group 4: the variant (binary 10xx) with the last nibble of `unique` split over
        // it and the next nibble, then filler.
        let last = UInt8(truncatingIfNeeded: unique) & 0xF
        nibbles.append(0x8 | (last & 0x3))
        nibbles.append((last >> 2) | (UInt8(truncatingIfNeeded: filler) & 0xC))
        for shift in stride(from: 56, through: 4, by: -4) where nibbles.count < 32 {
            nibbles.append(UInt8(truncatingIfNeeded: filler >> UInt64(shift)) & 0xF)
        }
        let letters: [UInt8] = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, nibble) in nibbles.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { text.append(UInt8(ascii: "-")) }
            text.append(letters[Int(nibble)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
