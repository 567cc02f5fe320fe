/// A set of event ids kept as 128-bit digests (two independent 64-bit hashes with fixed
/// seeds), so a replay's memory grows by 16 bytes an event rather than by the ids' text.
/// Two different ids share a digest with a probability near 2⁻¹²⁸ per pair.
/// The hashes are fixed (never `Hasher`, which is seeded per process).
public struct IdentifierSet: Sendable {
    private var digests: Set<IdentifierDigest> = []

    public init() {}

    /// Inserts `identifier`; `false` when it was already present.
    public mutating func insert(_ identifier: String) -> Bool {
        digests.insert(IdentifierDigest(identifier)).inserted
    }

    /// Whether `identifier` is present.
    public func contains(_ identifier: String) -> Bool {
        digests.contains(IdentifierDigest(identifier))
    }

    /// The number of ids.
    public var count: Int { digests.count }
}

/// A fixed 128-bit digest of an id: FNV-1a 64 and a multiply-xorshift hash with
/// different seeds.
public struct IdentifierDigest: Sendable, Hashable {
    /// The FNV-1a half of the digest.
    public let high: UInt64
    /// The multiply-xorshift half of the digest.
    public let low: UInt64

    /// The digest of `identifier`'s UTF-8 bytes.
    public init(_ identifier: String) {
        var text = identifier
        self = text.withUTF8(Self.init(utf8:))
    }

    /// The digest of `identifier`'s text (the same as of the text as a string).
    package init(_ identifier: CompactIdentifier) {
        self = identifier.withUTF8(Self.init(utf8:))
    }

    /// The digest of the UTF-8 text `bytes`.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        var mix: UInt64 = 0x9E37_79B9_7F4A_7C15
        for byte in bytes {
            fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            mix = (mix ^ UInt64(byte)) &* 0xBF58_476D_1CE4_E5B9
            mix ^= mix >> 29
        }
        mix ^= UInt64(bytes.count)
        mix = (mix ^ (mix >> 31)) &* 0x94D0_49BB_1331_11EB
        high = fnv
        low = mix ^ (mix >> 32)
    }
}
