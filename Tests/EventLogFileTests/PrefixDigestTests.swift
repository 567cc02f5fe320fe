@_spi(LogTools) @testable import EventLogFile
import Foundation
import Testing
import TestSupport

/// Deterministic bytes for the digest tests (SplitMix64), so every run hashes the same input.
enum DigestTestBytes {
    static func make(count: Int, seed: UInt64 = 0x5EED) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: random.next().littleEndian) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }
}

/// `PrefixDigest`: the definition's properties (docs/checkpoints.md), and that one pass over a
/// file answers every prefix exactly as hashing each prefix alone would.
@Suite("PrefixDigest")
struct PrefixDigestTests {
    /// A mebibyte: larger than one read of a file (128 KiB), so reads end inside stripes.
    static let chunk = 1 << 20

    /// Offsets around stripes (64 bytes) and mebibytes.
    static let boundaryOffsets: [Int] = [
        0, 1, 7, 8, 63, 64, 65, 127, 128,
        chunk - 65, chunk - 64, chunk - 1, chunk, chunk + 1, chunk + 63, chunk + 64,
        2 * chunk - 1, 2 * chunk, 2 * chunk + 1,
    ]

    @Test("the same bytes give the same digest; the description is 32 hex digits")
    func sameBytesSameDigest() {
        let bytes = DigestTestBytes.make(count: 2 * Self.chunk + 1000)
        let copy = Array(bytes)
        #expect(PrefixDigest.digest(of: bytes) == PrefixDigest.digest(of: copy))
        let text = PrefixDigest.digest(of: bytes).description
        #expect(text.count == 32)
        #expect(text.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(PrefixDigest(high: 1, low: 0xAB).description == "0000000000000001" + "00000000000000ab")
    }

    @Test("the definition is fixed: known answers (a changed value invalidates every saved checkpoint)")
    func knownAnswers() {
        #expect(PrefixDigest.digest(of: []).description == "322edc0343de3f1d0a87d7f6e897514b")
        #expect(PrefixDigest.digest(of: Array("MoreSleep".utf8)).description == "a8a579f5270c9c949a79d697477190af")
        #expect(PrefixDigest.digest(of: DigestTestBytes.make(count: 3 * Self.chunk + 17)).description == "5ce10356231508fa41913ed3e4735ba6")
    }

    @Test("changing any one byte changes the digest, at stripe and mebibyte boundaries ±1 too")
    func everyByteMatters() {
        let bytes = DigestTestBytes.make(count: 2 * Self.chunk + 100)
        let original = PrefixDigest.digest(of: bytes)
        var offsets = Self.boundaryOffsets + [bytes.count - 1, bytes.count - 2, bytes.count - 64, bytes.count - 65]
        offsets += (0..<200).map { ($0 * 10_007 + 13 * $0 * $0) % bytes.count }
        var seen: Set<PrefixDigest> = [original]
        for offset in offsets {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = bytes
                changed[offset] ^= flip
                let digest = PrefixDigest.digest(of: changed)
                #expect(digest != original, "byte \(offset) ^ \(flip)")
                seen.insert(digest)
            }
        }
        // Distinct changes give distinct digests (no collisions among them either).
        #expect(seen.count == 1 + Set(offsets).count * 3)
    }

    @Test("the length matters: trailing zero bytes, a dropped byte, an empty input all differ")
    func lengthMatters() {
        let bytes = DigestTestBytes.make(count: Self.chunk + 10)
        let original = PrefixDigest.digest(of: bytes)
        #expect(PrefixDigest.digest(of: bytes + [0]) != original)
        #expect(PrefixDigest.digest(of: bytes + [UInt8](repeating: 0, count: 54)) != original)
        #expect(PrefixDigest.digest(of: Array(bytes.dropLast())) != original)
        #expect(PrefixDigest.digest(of: []) != PrefixDigest.digest(of: [0]))
        #expect(PrefixDigest.digest(of: [0]) != PrefixDigest.digest(of: [0, 0]))
        let zeros = [UInt8](repeating: 0, count: Self.chunk)
        #expect(PrefixDigest.digest(of: zeros) != PrefixDigest.digest(of: zeros + [0]))
    }

    @Test("order matters: swapping two mebibytes changes the digest")
    func chunkOrderMatters() {
        let first = DigestTestBytes.make(count: Self.chunk, seed: 1)
        let second = DigestTestBytes.make(count: Self.chunk, seed: 2)
        #expect(PrefixDigest.digest(of: first + second) != PrefixDigest.digest(of: second + first))
        // And two bytes swapped that one lane reads from two different stripes.
        var bytes = DigestTestBytes.make(count: 4096)
        let original = PrefixDigest.digest(of: bytes)
        bytes.swapAt(100, 164)
        if bytes[100] != bytes[164] {
            #expect(PrefixDigest.digest(of: bytes) != original)
        }
    }

    @Test("good avalanche: flipping one input bit flips about half of the 128 output bits")
    func avalanche() {
        let bytes = DigestTestBytes.make(count: 300)
        let original = PrefixDigest.digest(of: bytes)
        var total = 0
        var fewest = 128
        var trials = 0
        for bit in stride(from: 0, to: bytes.count * 8, by: 3) {
            var changed = bytes
            changed[bit / 8] ^= UInt8(1 << (bit % 8))
            let digest = PrefixDigest.digest(of: changed)
            let flipped = (digest.high ^ original.high).nonzeroBitCount + (digest.low ^ original.low).nonzeroBitCount
            total += flipped
            fewest = min(fewest, flipped)
            trials += 1
        }
        let mean = Double(total) / Double(trials)
        #expect(mean > 60 && mean < 68, "mean \(mean)")
        #expect(fewest >= 36)
    }

    @Test("one pass answers several prefix lengths, each equal to hashing that prefix alone")
    func severalPrefixesInOnePass() throws {
        try TemporaryFolder.with { directory in
            let bytes = DigestTestBytes.make(count: 2 * Self.chunk + 5000)
            let path = try directory.write(bytes, to: "data.bin")
            var lengths = Set(Self.boundaryOffsets.map(Int64.init))
            lengths.formUnion([Int64(bytes.count), Int64(bytes.count - 1), 12_345, Int64(Self.chunk + 777)])
            let answers = try PrefixDigest.digests(ofFileAt: path, prefixLengths: lengths)
            #expect(Set(answers.keys) == lengths)
            for length in lengths {
                let alone = PrefixDigest.digest(of: Array(bytes.prefix(Int(length))))
                #expect(answers[length] == alone, "prefix \(length)")
                // And each asked alone from the file.
                #expect(try PrefixDigest.digests(ofFileAt: path, prefixLengths: [length])[length] == alone, "prefix \(length)")
            }
        }
    }

    @Test("a prefix longer than the file has no answer; no lengths, no answers")
    func beyondTheEnd() throws {
        try TemporaryFolder.with { directory in
            let bytes = DigestTestBytes.make(count: 3000)
            let path = try directory.write(bytes, to: "data.bin")
            let answers = try PrefixDigest.digests(ofFileAt: path, prefixLengths: [3000, 3001, Int64(10 * Self.chunk)])
            #expect(Set(answers.keys) == [3000])
            #expect(try PrefixDigest.digests(ofFileAt: path, prefixLengths: []).isEmpty)
            let empty = try directory.write([UInt8](), to: "empty.bin")
            #expect(try PrefixDigest.digests(ofFileAt: empty, prefixLengths: [0, 1]) == [0: PrefixDigest.digest(of: [])])
        }
    }

    @Test("one pass answers each prefix as its bytes' digest, whatever the read size")
    func readSizeDoesNotMatter() throws {
        try TemporaryFolder.with { directory in
            let bytes = DigestTestBytes.make(count: 5 * Self.chunk + 333)
            let path = try directory.write(bytes, to: "data.bin")
            let lengths: Set<Int64> = [0, 64, Int64(Self.chunk - 1), Int64(Self.chunk), Int64(3 * Self.chunk + 1), Int64(bytes.count)]
            for readSize in [1000, 4096, 65_536, Self.chunk, 4 * Self.chunk] {
                let answers = try PrefixDigest.digests(ofFileAt: path, prefixLengths: lengths, readSize: readSize)
                #expect(Set(answers.keys) == lengths, "reads of \(readSize)")
                for length in lengths {
                    #expect(answers[length] == PrefixDigest.digest(of: Array(bytes.prefix(Int(length)))), "\(length) bytes, reads of \(readSize)")
                }
            }
        }
    }

    @Test("the tail digest is the digest of the at most 4 KiB before a position; none past the end")
    func tail() throws {
        try TemporaryFolder.with { directory in
            let bytes = DigestTestBytes.make(count: 10_000)
            let path = try directory.write(bytes, to: "data.bin")
            for end in [0, 1, 4095, 4096, 4097, 9_999, 10_000] {
                let expected = PrefixDigest.digest(of: Array(bytes[max(0, end - 4096)..<end]))
                #expect(try PrefixDigest.tail(ofFileAt: path, end: Int64(end)) == expected, "end \(end)")
            }
            #expect(try PrefixDigest.tail(ofFileAt: path, end: 10_001) == nil)
            #expect(throws: EventLogFileError.self) { try PrefixDigest.tail(ofFileAt: directory.path("missing"), end: 0) }
        }
    }

    @Test("a negative length and a missing file are errors")
    func errors() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write([1, 2, 3], to: "data.bin")
            let negative = #expect(throws: EventLogFileError.self) { try PrefixDigest.digests(ofFileAt: path, prefixLengths: [-1]) }
            #expect(negative?.code == .invalidArgument)
            let missing = #expect(throws: EventLogFileError.self) {
                try PrefixDigest.digests(ofFileAt: directory.path("missing"), prefixLengths: [0])
            }
            #expect(missing?.code == .notFound)
        }
    }
}
