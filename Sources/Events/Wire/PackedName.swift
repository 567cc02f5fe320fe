/// A JSON key or short string value of up to 24 UTF-8 bytes, packed little-endian into
/// three words and zero-padded, so that the fast path compares names with three integer
/// comparisons instead of building a `String`.
///
/// Zero padding is unambiguous because a name the fast path reads never holds a NUL byte
/// (a raw control character inside a JSON string is invalid). Names written in the source
/// are packed from their text (`init(_: StaticString)`), which folds at compile time.
struct PackedName: Equatable, Sendable {
    /// Bytes 0–7.
    var w0: UInt64
    /// Bytes 8–15.
    var w1: UInt64
    /// Bytes 16–23.
    var w2: UInt64

    /// The longest name that packs.
    static let maximumLength = 24

    /// Creates a name from its three words.
    @inline(__always)
    init(w0: UInt64, w1: UInt64, w2: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
    }

    /// Packs `count` bytes at `start`, or returns `nil` when there are more than 24.
    /// `available` is how many bytes may be read from `start` (at least `count`): with
    /// 24 or more, whole words are loaded and masked instead of reading byte by byte.
    @inline(__always)
    init?(_ start: UnsafePointer<UInt8>, count: Int, available: Int) {
        guard count <= PackedName.maximumLength else { return nil }
        if available >= 24 {
            let raw = UnsafeRawPointer(start)
            w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & PackedName.mask(count)
            w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & PackedName.mask(count - 8)
            w2 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) & PackedName.mask(count - 16)
        } else {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for index in 0..<count {
                let shifted = UInt64(start[index]) << UInt64((index & 7) * 8)
                switch index >> 3 {
                case 0: words.0 |= shifted
                case 1: words.1 |= shifted
                default: words.2 |= shifted
                }
            }
            (w0, w1, w2) = words
        }
    }

    /// Packs `bytes`, or returns `nil` when there are more than 24.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else {
            self.init(w0: 0, w1: 0, w2: 0)
            return
        }
        self.init(start, count: bytes.count, available: bytes.count)
    }

    /// Packs the UTF-8 bytes of `text`, or returns `nil` when there are more than 24.
    init?(text: String) {
        var text = text
        guard let name = text.withUTF8({ PackedName($0) }) else { return nil }
        self = name
    }

    /// The number of bytes packed (names hold no NUL byte, so the first zero byte ends it).
    @inline(__always)
    var length: Int {
        if w2 != 0 { return 24 - w2.leadingZeroBitCount >> 3 }
        if w1 != 0 { return 16 - w1.leadingZeroBitCount >> 3 }
        return 8 - w0.leadingZeroBitCount >> 3
    }

    /// The mask keeping the low `count` bytes of a word (all of it from 8 up, none below 1).
    @inline(__always)
    static func mask(_ count: Int) -> UInt64 {
        if count >= 8 { return ~0 }
        if count <= 0 { return 0 }
        return (1 << UInt64(count * 8)) &- 1
    }
}

extension PackedName {
    /// Packs a name written in the source: folded to three constants where `text` is a
    /// literal and the call is inlined. Bytes past the 24th are left out (every key and
    /// value the fast path compares is shorter: `FastDecoderPartsTests` checks it).
    @inline(__always)
    init(_ text: StaticString) {
        let words = text.withUTF8Buffer { bytes in
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for index in 0..<min(bytes.count, PackedName.maximumLength) {
                let shifted = UInt64(bytes[index]) << UInt64((index & 7) * 8)
                switch index >> 3 {
                case 0: words.0 |= shifted
                case 1: words.1 |= shifted
                default: words.2 |= shifted
                }
            }
            return words
        }
        self.init(w0: words.0, w1: words.1, w2: words.2)
    }

    // MARK: Envelope keys (payload keys come from the payload descriptions)

    /// `"seq"`
    @inline(__always)
    static var seq: PackedName { PackedName("seq") }
    /// `"id"`
    @inline(__always)
    static var id: PackedName { PackedName("id") }
    /// `"type"`
    @inline(__always)
    static var typeKey: PackedName { PackedName("type") }
    /// `"v"`
    @inline(__always)
    static var v: PackedName { PackedName("v") }
    /// `"at"`
    @inline(__always)
    static var at: PackedName { PackedName("at") }
    /// `"tz"`
    @inline(__always)
    static var tz: PackedName { PackedName("tz") }
    /// `"source"`
    @inline(__always)
    static var source: PackedName { PackedName("source") }
    /// `"causedBy"`
    @inline(__always)
    static var causedBy: PackedName { PackedName("causedBy") }
    /// `"batch"`
    @inline(__always)
    static var batch: PackedName { PackedName("batch") }
    /// `"data"`
    @inline(__always)
    static var data: PackedName { PackedName("data") }
    /// `"minutes"`, a key of a score target.
    @inline(__always)
    static var minutes: PackedName { PackedName("minutes") }
    /// `"percent"`, a key of a score target.
    @inline(__always)
    static var percent: PackedName { PackedName("percent") }
}

/// Values by their packed names, made once from their text (the event type names, each
/// enumeration's raw values): a lookup hashes the name's words and compares three words
/// per probe.
package struct PackedNameTable<Value>: Sendable where Value: Sendable {
    /// Open addressing: entry index + 1 per slot, 0 for an empty slot.
    private let slots: [UInt8]
    private let names: [PackedName]
    private let values: [Value]

    /// A table of `entries`, each text at most 24 bytes and each text once (checked by the
    /// tests); at most 127 entries.
    package init(_ entries: [(text: String, value: Value)]) {
        var slots = [UInt8](repeating: 0, count: 256)
        var names: [PackedName] = []
        var values: [Value] = []
        for (text, value) in entries.prefix(127) {
            guard let name = PackedName(text: text) else { continue }
            var slot = PackedNameTable.slot(of: name)
            while slots[slot] != 0 { slot = (slot + 1) & 0xFF }
            names.append(name)
            values.append(value)
            slots[slot] = UInt8(names.count)
        }
        self.slots = slots
        self.names = names
        self.values = values
    }

    @inline(__always)
    private static func slot(of name: PackedName) -> Int {
        let mixed = (name.w0 ^ (name.w1 &* 0x9E37_79B9_7F4A_7C15) ^ (name.w2 &* 0xC2B2_AE3D_27D4_EB4F)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed >> 56)
    }

    /// The value packed as `name`, or a miss.
    @inline(__always)
    func value(_ name: PackedName) throws(FastPathMiss) -> Value {
        var slot = Self.slot(of: name)
        while true {
            let entry = Int(slots[slot])
            guard entry != 0 else { throw FastPathMiss() }
            if names[entry - 1] == name { return values[entry - 1] }
            slot = (slot + 1) & 0xFF
        }
    }
}
