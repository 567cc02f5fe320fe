/// What a checkpoint folder remembers of the last full pass over its log: the log file's
/// identity then (``FileIdentity``) and the digests of its prefixes that the pass found. While
/// the log still has that identity, its bytes have not changed, so an open takes the digests
/// from here instead of reading the whole log again (docs/checkpoints.md, "The prefix stamp").
///
/// It is a cache of a cache: a missing, damaged or stale stamp only means one more full pass.
/// Written only when the pass could not have missed a change (see
/// ``mayRecord(before:after:markedAt:)``); it never replaces a checkpoint's own digest, which
/// it is compared with exactly as a freshly computed one would be.
///
/// The file `prefix-digests.stamp` (format 1, little-endian):
///
/// | offset | size | field |
/// |---:|---:|---|
/// | 0 | 25 | magic: `MoreSleep prefix digests\n` (ASCII) |
/// | 25 | 4 | format version (UInt32, 1) |
/// | 29 | 8 × 7 | device, inode (UInt64), size, modified s, ns, changed s, ns (Int64) |
/// | 85 | 4 | the number of digests, n (UInt32) |
/// | 89 | 24 × n | each: prefix length (Int64), digest (high, low: UInt64), by length |
/// | 89 + 24n | 16 | `PrefixDigest` of every byte before it |
package struct PrefixDigestStamp: Equatable, Sendable {
    /// The log file's identity when its prefixes were digested.
    package var identity: FileIdentity
    /// The digest of each prefix length, all within `identity.size`.
    package var digests: [Int64: PrefixDigest]

    package init(identity: FileIdentity, digests: [Int64: PrefixDigest]) {
        self.identity = identity
        self.digests = digests.filter { $0.key >= 0 && $0.key <= identity.size }
    }

    /// The stamp's file name in a checkpoint folder (not a checkpoint's name, so listing
    /// the checkpoints passes over it).
    package static let fileName = "prefix-digests.stamp"

    static let magic: [UInt8] = Array("MoreSleep prefix digests\n".utf8)
    static let formatVersion: UInt32 = 1
    /// More digests than any folder's checkpoints need: a bound on what decoding accepts.
    static let maximumCount = 2_000

    // MARK: The rules

    /// The digests of `lengths` when the stamp vouches for the file whose identity is now
    /// `current`: the same file, unchanged, and the stamp holds every length it holds whole.
    /// A length beyond the file's end has no entry (as `PrefixDigest.digests(ofFileAt:prefixLengths:)`
    /// answers). `nil` when the prefixes must be read.
    package func digests(of lengths: Set<Int64>, whenNow current: FileIdentity) -> [Int64: PrefixDigest]? {
        guard current == identity else { return nil }
        var answer: [Int64: PrefixDigest] = [:]
        for length in lengths where length <= current.size {
            guard let digest = digests[length] else { return nil }
            answer[length] = digest
        }
        return answer
    }

    /// Whether digests read between the identities `before` and `after` may be stamped, the
    /// folder's clock having read `markedAt` (a file created there) before `before` was taken.
    ///
    /// The file must not have changed while it was read (`before == after`), and its last
    /// change must come strictly before the mark: a file system's clock has ticks (a few
    /// milliseconds on some), and a change in the same tick as the last one before the read
    /// would leave the times as they were. A change after the mark gets a time at or after it,
    /// so it shows at the next open. The mark must come from the log's own device, whose
    /// clock stamps the log.
    package static func mayRecord(before: FileIdentity, after: FileIdentity, markedAt mark: FileIdentity) -> Bool {
        before == after && mark.device == before.device && before.changed < mark.changed
    }

    // MARK: The bytes

    /// The stamp's bytes.
    package func encoded() -> [UInt8] {
        var bytes = Self.magic
        func put<Integer: FixedWidthInteger>(_ value: Integer) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        put(Self.formatVersion)
        put(identity.device)
        put(identity.inode)
        put(identity.size)
        put(identity.modified.seconds)
        put(identity.modified.nanoseconds)
        put(identity.changed.seconds)
        put(identity.changed.nanoseconds)
        put(UInt32(digests.count))
        for (length, digest) in digests.sorted(by: { $0.key < $1.key }) {
            put(length)
            put(digest.high)
            put(digest.low)
        }
        let check = PrefixDigest.digest(of: bytes)
        put(check.high)
        put(check.low)
        return bytes
    }

    /// The stamp in `bytes`, or `nil` when they are not a whole, undamaged stamp of this
    /// format (nothing is thrown: a bad stamp is only ignored).
    package static func decode(_ bytes: [UInt8]) -> PrefixDigestStamp? {
        let fixed = magic.count + 4 + 8 * 7 + 4
        guard bytes.count >= fixed + 16, bytes.starts(with: magic) else { return nil }
        return bytes.withUnsafeBytes { raw -> PrefixDigestStamp? in
            var offset = magic.count
            func take<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer {
                let value = Integer(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Integer.self))
                offset += MemoryLayout<Integer>.size
                return value
            }
            guard take(UInt32.self) == formatVersion else { return nil }
            let device = take(UInt64.self), inode = take(UInt64.self), size = take(Int64.self)
            let modified = FileIdentity.Timestamp(seconds: take(Int64.self), nanoseconds: take(Int64.self))
            let changed = FileIdentity.Timestamp(seconds: take(Int64.self), nanoseconds: take(Int64.self))
            let count = Int(take(UInt32.self))
            guard count <= maximumCount, raw.count == fixed + 24 * count + 16 else { return nil }
            let checked = PrefixDigest.digest(of: UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 16)]))
            var digests: [Int64: PrefixDigest] = [:]
            for _ in 0..<count {
                let length = take(Int64.self)
                digests[length] = PrefixDigest(high: take(UInt64.self), low: take(UInt64.self))
            }
            guard PrefixDigest(high: take(UInt64.self), low: take(UInt64.self)) == checked, size >= 0,
                  digests.count == count, digests.keys.allSatisfy({ $0 >= 0 && $0 <= size })
            else { return nil }
            let identity = FileIdentity(device: device, inode: inode, size: size, modified: modified, changed: changed)
            return PrefixDigestStamp(identity: identity, digests: digests)
        }
    }
}
