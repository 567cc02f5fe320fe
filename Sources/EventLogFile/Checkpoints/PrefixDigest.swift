import Events
/// A 128-bit digest of the first bytes of a file (or of any bytes): what a checkpoint
/// records of the log prefix it covers, so that a checkpoint of another log, or of a prefix
/// that was since repaired, cut or edited, is never used.
///
/// It is fast and **not cryptographic**: it guards against accidents (an edited line, a
/// repaired tail, another person's log), not against someone forging a collision.
///
/// **Definition (version 1).** The bytes are cut into chunks of ``chunkSize`` (1 MiB); the
/// last chunk may be shorter (and an empty input has no chunk).
///
/// - Each chunk is hashed to 128 bits by ``ChunkHasher``: eight independent 64-bit lanes
///   with distinct seeds; each 64-byte stripe gives one little-endian 64-bit word to each
///   lane, folded in by `lane = rotl(lane ^ word, 29) &* P1` (one multiply by an odd
///   constant and a rotation: a bijection of the lane for each word, so a changed word always
///   leaves a changed lane); the chunk's last, partial stripe is zero-padded to 64 bytes;
///   then each lane goes through a full avalanche (the SplitMix64 finaliser) and the eight
///   are combined, with the chunk's length and index, into two 64-bit halves by two
///   different rotate-add/xor mixes, each ended by an avalanche.
/// - The digest chains the chunk hashes in order (`state = avalanche((state ^ chunk) &* K)`
///   per half) and ends by mixing in the total length in bytes.
///
/// The hash of a prefix that ends inside a chunk is taken from the same pass (the lane state
/// at that point, finished with the prefix's own tail), so one pass answers many prefix
/// lengths (`digests(ofFileAt:prefixLengths:)`). The value depends only on the bytes, never
/// on the machine or the read size.
package struct PrefixDigest: Hashable, Sendable, CustomStringConvertible {
    /// The first 64 bits (written first in ``description`` and in a checkpoint's header).
    package var high: UInt64
    /// The last 64 bits.
    package var low: UInt64

    /// Creates a digest from its two halves.
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The size of a chunk: 1 MiB.
    package static let chunkSize = 1 << 20

    /// The digest as 32 lowercase hex digits, `high` then `low`.
    package var description: String {
        Self.hex(high) + Self.hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The digest of `bytes`, hashed on the calling thread.
    package static func digest(of bytes: UnsafeRawBufferPointer) -> PrefixDigest {
        var combiner = Combiner()
        for chunk in 0..<chunkCount(of: bytes) { combiner.add(chunkHash(of: bytes, chunk: chunk)) }
        return combiner.finish(length: UInt64(bytes.count))
    }

    /// The number of chunks of `bytes`.
    private static func chunkCount(of bytes: UnsafeRawBufferPointer) -> Int {
        (bytes.count + chunkSize - 1) / chunkSize
    }

    /// The hash of chunk number `chunk` of `bytes`.
    private static func chunkHash(of bytes: UnsafeRawBufferPointer, chunk: Int) -> PrefixDigest {
        let start = chunk * chunkSize
        var hasher = ChunkHasher(index: UInt64(chunk))
        hasher.update(UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + chunkSize)]))
        return hasher.finish()
    }

    /// The digest of the bytes of an array, hashed on the calling thread.
    package static func digest(of bytes: [UInt8]) -> PrefixDigest {
        bytes.withUnsafeBytes { digest(of: $0) }
    }
}

extension PrefixDigest {
    // The multiply-rotate round's constants (xxHash64's primes) and the finaliser's.
    static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The full-avalanche finaliser of SplitMix64: every input bit flips each output bit
    /// with probability near 1/2.
    @inline(__always)
    static func avalanche(_ value: UInt64) -> UInt64 {
        SplitMix64.mix(value)
    }

    @inline(__always)
    static func rotl(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// The 128-bit hash of one chunk, fed its bytes in order (in any number of pieces).
    struct ChunkHasher {
        /// The bytes of one stripe: each of the eight lanes takes one little-endian word of it.
        static let stripeSize = 64

        /// Eight 64-bit words: the lanes, or a stripe's words.
        typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        private var lanes: Words
        private let index: UInt64
        /// The number of bytes folded in as whole stripes.
        private var folded: UInt64 = 0
        /// A partial stripe carried over between pieces (only when a piece does not end on a
        /// stripe boundary).
        private var carry: Words = (0, 0, 0, 0, 0, 0, 0, 0)
        private var carryCount = 0

        /// A hasher for the chunk at `index` (0 for the first 1 MiB of the input).
        init(index: UInt64) {
            self.index = index
            // Distinct seeds, so that equal words in two lanes never give equal lanes.
            lanes = (
                PrefixDigest.prime1, PrefixDigest.prime2, PrefixDigest.prime3, PrefixDigest.prime4,
                PrefixDigest.prime5, PrefixDigest.prime1 ^ PrefixDigest.prime2,
                PrefixDigest.prime3 ^ PrefixDigest.prime4, PrefixDigest.prime5 ^ PrefixDigest.prime1
            )
        }

        /// One lane's step: a bijection of the lane for a given word and of the word for a
        /// given lane, so a change of one word always changes the lane (and stays a change).
        @inline(__always)
        private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            // Rotate, then multiply (a rotate after the multiply is compiled as two multiplies).
            PrefixDigest.rotl(lane ^ word, 29) &* PrefixDigest.prime1
        }

        @inline(__always)
        private static func fold(_ lanes: inout Words, _ pointer: UnsafeRawPointer) {
            func word(_ index: Int) -> UInt64 {
                UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            lanes.0 = round(lanes.0, word(0))
            lanes.1 = round(lanes.1, word(1))
            lanes.2 = round(lanes.2, word(2))
            lanes.3 = round(lanes.3, word(3))
            lanes.4 = round(lanes.4, word(4))
            lanes.5 = round(lanes.5, word(5))
            lanes.6 = round(lanes.6, word(6))
            lanes.7 = round(lanes.7, word(7))
        }

        /// Folds in the next bytes of the chunk.
        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            var offset = 0
            if carryCount > 0 {
                let take = min(Self.stripeSize - carryCount, bytes.count)
                let filled = carryCount
                withUnsafeMutableBytes(of: &carry) { stripe in
                    stripe.baseAddress!.advanced(by: filled).copyMemory(from: base, byteCount: take)
                }
                carryCount += take
                offset = take
                guard carryCount == Self.stripeSize else { return }
                withUnsafeBytes(of: carry) { stripe in Self.fold(&lanes, stripe.baseAddress!) }
                folded &+= UInt64(Self.stripeSize)
                carryCount = 0
            }
            // The hot loop, on eight locals (kept in registers).
            var (l0, l1, l2, l3, l4, l5, l6, l7) = lanes
            let stripes = (bytes.count - offset) / Self.stripeSize
            var pointer = base + offset
            for _ in 0..<stripes {
                l0 = Self.round(l0, UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)))
                l1 = Self.round(l1, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                l2 = Self.round(l2, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
                l3 = Self.round(l3, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
                l4 = Self.round(l4, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 32, as: UInt64.self)))
                l5 = Self.round(l5, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
                l6 = Self.round(l6, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 48, as: UInt64.self)))
                l7 = Self.round(l7, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 56, as: UInt64.self)))
                pointer += Self.stripeSize
            }
            lanes = (l0, l1, l2, l3, l4, l5, l6, l7)
            folded &+= UInt64(stripes * Self.stripeSize)
            offset += stripes * Self.stripeSize
            let rest = bytes.count - offset
            if rest > 0 {
                carry = (0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &carry) { stripe in
                    stripe.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
                }
                carryCount = rest
            }
        }

        /// The chunk's hash, from the bytes fed so far (the hasher is not changed, so it can
        /// go on and answer a longer prefix too).
        func finish() -> PrefixDigest {
            var l = lanes
            let length = folded &+ UInt64(carryCount)
            if carryCount > 0 {
                // The last, partial stripe, zero-padded (the length is mixed in below, so a
                // padded tail never equals real zero bytes).
                var padded: Words = (0, 0, 0, 0, 0, 0, 0, 0)
                let count = carryCount
                withUnsafeMutableBytes(of: &padded) { stripe in
                    withUnsafeBytes(of: carry) { source in
                        stripe.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: count)
                    }
                }
                withUnsafeBytes(of: padded) { stripe in Self.fold(&l, stripe.baseAddress!) }
            }
            let rotl = PrefixDigest.rotl
            let avalanche = PrefixDigest.avalanche
            // Each lane through a full avalanche, then two different combinations of them.
            let a0 = avalanche(l.0), a1 = avalanche(l.1), a2 = avalanche(l.2), a3 = avalanche(l.3)
            let a4 = avalanche(l.4), a5 = avalanche(l.5), a6 = avalanche(l.6), a7 = avalanche(l.7)
            let tail = avalanche(length &* PrefixDigest.prime3 ^ index &* PrefixDigest.prime4)
            let high = avalanche(
                (a0 &+ rotl(a1, 11) &+ rotl(a2, 22) &+ rotl(a3, 33)) ^ (a4 &+ rotl(a5, 44) &+ rotl(a6, 55) &+ rotl(a7, 7)) ^ tail
            )
            let low = avalanche(
                (rotl(a0, 37) ^ a1 ^ rotl(a2, 13) ^ rotl(a3, 51)) &+ (rotl(a4, 3) ^ rotl(a5, 29) ^ a6 ^ rotl(a7, 61)) &+ rotl(tail, 32) &+ high
            )
            return PrefixDigest(high: high, low: low)
        }
    }

    /// Chains the chunk hashes in order, then mixes in the total length.
    struct Combiner {
        private var high: UInt64 = 0x6A09_E667_F3BC_C908
        private var low: UInt64 = 0xBB67_AE85_84CA_A73B

        mutating func add(_ chunk: PrefixDigest) {
            high = PrefixDigest.avalanche((high ^ chunk.high) &* PrefixDigest.prime1 &+ chunk.low)
            low = PrefixDigest.avalanche((low ^ chunk.low) &* PrefixDigest.prime2 &+ PrefixDigest.rotl(chunk.high, 23))
        }

        func finish(length: UInt64) -> PrefixDigest {
            let high = PrefixDigest.avalanche(self.high ^ (length &* PrefixDigest.prime3) ^ PrefixDigest.rotl(low, 17))
            let low = PrefixDigest.avalanche(self.low &+ (length &* PrefixDigest.prime4) &+ high)
            return PrefixDigest(high: high, low: low)
        }
    }
}
