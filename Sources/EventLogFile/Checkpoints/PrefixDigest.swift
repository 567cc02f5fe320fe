import Events

/// A 128-bit digest of bytes: what a checkpoint records of each stream's tail and whole prefix
/// and of its own payload, so that one of another log, or of a prefix since cut or edited, is
/// never used. Fast and **not cryptographic**: it guards against accidents, not forgery.
///
/// Definition: eight 64-bit lanes with distinct seeds; each 64-byte stripe gives one
/// little-endian word to each lane, folded in by `lane = rotl(lane ^ word, 29) &* P1` (a
/// bijection of the lane per word, so a changed word always changes its lane); the last partial
/// stripe is zero-padded; each lane then goes through the SplitMix64 finaliser, and the eight,
/// with the length, are combined into two halves. The value depends only on the bytes; one pass
/// answers any number of prefix lengths (`digests(ofFileAt:prefixLengths:)`).
package struct PrefixDigest: Hashable, Sendable, CustomStringConvertible {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lowercase hex digits, `high` then `low`.
    package var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    package static func digest(of bytes: UnsafeRawBufferPointer) -> PrefixDigest {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finish()
    }

    package static func digest(of bytes: [UInt8]) -> PrefixDigest {
        bytes.withUnsafeBytes { digest(of: $0) }
    }
}

extension PrefixDigest {
    // xxHash64's primes: the round's multiplier and the lanes' seeds.
    static let primes: [UInt64] = [
        0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63, 0x27D4_EB2F_1656_67C5,
    ]

    @inline(__always)
    static func rotl(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// Fed the bytes in order, in pieces; ``finish()`` answers those so far, changing nothing.
    struct Hasher {
        typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        static let stripeSize = 64

        private var lanes: Words
        /// The bytes folded in as whole stripes.
        private var folded: UInt64 = 0
        /// A partial stripe carried over to the next piece.
        private var carry: Words = (0, 0, 0, 0, 0, 0, 0, 0)
        private var carryCount = 0

        init() {
            let p = PrefixDigest.primes
            lanes = (p[0], p[1], p[2], p[3], p[4], p[0] ^ p[1], p[2] ^ p[3], p[4] ^ p[0])
        }

        @inline(__always)
        private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            PrefixDigest.rotl(lane ^ word, 29) &* 0x9E37_79B1_85EB_CA87
        }

        /// Folds the stripes of `count` × 64 bytes at `pointer` into `lanes`, on eight locals.
        @inline(__always)
        private static func fold(_ lanes: inout Words, _ pointer: UnsafeRawPointer, stripes count: Int) {
            var (l0, l1, l2, l3, l4, l5, l6, l7) = lanes
            var pointer = pointer
            for _ in 0..<count {
                func word(_ index: Int) -> UInt64 {
                    UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                }
                l0 = round(l0, word(0)); l1 = round(l1, word(1)); l2 = round(l2, word(2)); l3 = round(l3, word(3))
                l4 = round(l4, word(4)); l5 = round(l5, word(5)); l6 = round(l6, word(6)); l7 = round(l7, word(7))
                pointer += stripeSize
            }
            lanes = (l0, l1, l2, l3, l4, l5, l6, l7)
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            var offset = 0
            if carryCount > 0 {
                let take = min(Self.stripeSize - carryCount, bytes.count)
                let filled = carryCount
                withUnsafeMutableBytes(of: &carry) { $0.baseAddress!.advanced(by: filled).copyMemory(from: base, byteCount: take) }
                carryCount += take
                offset = take
                guard carryCount == Self.stripeSize else { return }
                withUnsafeBytes(of: carry) { Self.fold(&lanes, $0.baseAddress!, stripes: 1) }
                folded &+= UInt64(Self.stripeSize)
                carryCount = 0
            }
            let stripes = (bytes.count - offset) / Self.stripeSize
            Self.fold(&lanes, base + offset, stripes: stripes)
            folded &+= UInt64(stripes * Self.stripeSize)
            offset += stripes * Self.stripeSize
            if offset < bytes.count {
                carry = (0, 0, 0, 0, 0, 0, 0, 0)
                carryCount = bytes.count - offset
                let count = carryCount
                withUnsafeMutableBytes(of: &carry) { $0.baseAddress!.copyMemory(from: base + offset, byteCount: count) }
            }
        }

        func finish() -> PrefixDigest {
            var l = lanes
            // The zero-padded last stripe (the length, mixed in below, tells pad from real zeros).
            if carryCount > 0 { withUnsafeBytes(of: carry) { Self.fold(&l, $0.baseAddress!, stripes: 1) } }
            let length = folded &+ UInt64(carryCount)
            let rotl = PrefixDigest.rotl, mix = SplitMix64.mix, p = PrefixDigest.primes
            let a0 = mix(l.0), a1 = mix(l.1), a2 = mix(l.2), a3 = mix(l.3), a4 = mix(l.4), a5 = mix(l.5), a6 = mix(l.6), a7 = mix(l.7)
            let tail = mix(length &* p[2] ^ p[3])
            let high = mix((a0 &+ rotl(a1, 11) &+ rotl(a2, 22) &+ rotl(a3, 33)) ^ (a4 &+ rotl(a5, 44) &+ rotl(a6, 55) &+ rotl(a7, 7)) ^ tail)
            let low = mix((rotl(a0, 37) ^ a1 ^ rotl(a2, 13) ^ rotl(a3, 51)) &+ (rotl(a4, 3) ^ rotl(a5, 29) ^ a6 ^ rotl(a7, 61)) &+ rotl(tail, 32) &+ high)
            return PrefixDigest(high: high, low: low)
        }
    }
}
