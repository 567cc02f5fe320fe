/// The short strings that repeat from line to line of a log (zones, sources, source names,
/// units, template ids), each made once and then handed out again, found by their exact
/// bytes: `FastEventLineDecoder` builds no `String` for them and checks the form of each zone
/// name (`ZoneName.isPlausible(_:)`) only once (no decoder asks whether the platform knows a
/// zone). In front of the table, the last value of each field is compared as a
/// ``PackedName``, which answers most lookups.
///
/// Entries are keyed by bytes, never by `String` equality, which is canonical equivalence:
/// `"Caf\u{E9}"` and `"Cafe\u{301}"` are equal `String`s but other bytes, and an event
/// must write back the bytes it was read from.
///
/// The table is bounded (``maximumEntries`` names of up to ``maximumLength`` bytes); a name
/// that does not fit is not cached (`nil` from the lookups), and the caller makes a string
/// of its own or lets the reference decoder read the line.
struct InternedStrings: Sendable {
    /// The most names kept.
    static let maximumEntries = 512
    /// The longest name kept, in bytes.
    static let maximumLength = 64

    /// What is known of a name as a time-zone name: only its form is checked.
    private enum ZoneCheck: UInt8, Sendable {
        case notChecked, plausible, implausible
    }

    private struct Entry: Sendable {
        var hash: UInt64
        var offset: Int
        var length: Int
        var string: String
        var zone: ZoneCheck
    }

    /// The fields whose last value is remembered: a line is most often read with the
    /// same zone, source, source name or unit as the line before. The envelope's two have
    /// slots of their own; a payload field's slot comes from its key (two keys that share
    /// one only make each other's lookups slower: `FastDecoderPartsTests` checks that
    /// the catalogue's keys do not).
    struct Field: Equatable {
        let rawValue: Int
        /// The envelope's `tz`.
        static var zone: Field { Field(rawValue: 0) }
        /// The envelope's `source`.
        static var source: Field { Field(rawValue: 1) }
        /// How many slots there are.
        static var count: Int { 2 + 16 }

        private init(rawValue: Int) { self.rawValue = rawValue }

        /// The slot of the payload field whose key is `key`: from its first byte and its
        /// length, two loads.
        @inline(__always)
        init(key: StaticString) {
            let first = key.utf8CodeUnitCount > 0 ? key.withUTF8Buffer { Int($0[0]) } : 0
            rawValue = 2 + (first &+ key.utf8CodeUnitCount &* 7) & 15
        }
    }

    /// Matches no name: 0xFF never occurs in UTF-8.
    private static let noName = PackedName(w0: ~0, w1: ~0, w2: ~0)
    /// Per field, the last short name read and its string.
    private var recentNames = Array(repeating: InternedStrings.noName, count: Field.count)
    private var recentStrings = Array(repeating: "", count: Field.count)

    /// Open addressing: entry index + 1 per slot, 0 for an empty slot.
    private var slots: [Int32]
    private var entries: [Entry] = []
    /// The bytes of every entry, back to back.
    private var storage: [UInt8] = []

    /// Creates an empty table.
    init() {
        slots = Array(repeating: 0, count: InternedStrings.maximumEntries * 2)
        entries.reserveCapacity(16)
        storage.reserveCapacity(256)
    }

    /// Reads the string at `scanner`'s cursor as a value of `field`: the last value of the
    /// field when the bytes are the same (three word comparisons), else the shared string
    /// of these bytes, else a new string.
    @inline(__always)
    mutating func string(at scanner: inout FastLineScanner, field: Field) throws(FastPathMiss) -> String {
        if let short = scanner.plainShortString() {
            let slot = field.rawValue
            if short.name == recentNames[slot] { return recentStrings[slot] }
            let text = string(short.bytes) ?? String(decoding: short.bytes, as: UTF8.self)
            recentNames[slot] = short.name
            recentStrings[slot] = text
            return text
        }
        return try scanner.withString { bytes in string(bytes) ?? String(decoding: bytes, as: UTF8.self) }
    }

    /// Reads the string at `scanner`'s cursor as a zone name (the envelope's `tz` or a
    /// sample's own, `field`): its string when it has the form of a zone name
    /// (`ZoneName.isPlausible(_:)`, checked once per name), whether or not the platform
    /// knows the zone; a miss when it has not (the reference decoder then says why).
    @inline(__always)
    mutating func zoneName(at scanner: inout FastLineScanner, field: Field) throws(FastPathMiss) -> String {
        if let short = scanner.plainShortString() {
            let slot = field.rawValue
            if short.name == recentNames[slot] { return recentStrings[slot] }
            guard let zone = zoneName(short.bytes) else { throw FastPathMiss() }
            recentNames[slot] = short.name
            recentStrings[slot] = zone
            return zone
        }
        guard let zone = try scanner.withString({ zoneName($0) }) else { throw FastPathMiss() }
        return zone
    }

    /// The string of `bytes` (valid UTF-8), shared with earlier lookups of the same bytes;
    /// `nil` when it is too long for the table or the table is full.
    @inline(__always)
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let index = entryIndex(bytes) else { return nil }
        return entries[index].string
    }

    /// The string of `bytes` when it has the form of a zone name (`ZoneName.isPlausible(_:)`,
    /// checked once per entry), else `nil`; also `nil` when the name cannot be cached (every
    /// zone name fits: ``maximumLength`` is `ZoneName.maximumLength`, but the table may be
    /// full).
    @inline(__always)
    mutating func zoneName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let index = entryIndex(bytes) else { return nil }
        switch entries[index].zone {
        case .plausible:
            return entries[index].string
        case .implausible:
            return nil
        case .notChecked:
            let plausible = ZoneName.isPlausible(bytes)
            entries[index].zone = plausible ? .plausible : .implausible
            return plausible ? entries[index].string : nil
        }
    }

    /// The index of the entry for `bytes`, adding it when absent and there is room.
    @inline(__always)
    private mutating func entryIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard count <= InternedStrings.maximumLength, let start = bytes.baseAddress else { return nil }
        let hash = InternedStrings.hash(start, count: count)
        let slotMask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            let index = stored - 1
            if entries[index].hash == hash, entries[index].length == count,
               storedBytes(offset: entries[index].offset, equal: start, count: count) {
                return index
            }
            slot = (slot + 1) & slotMask
        }
        guard entries.count < InternedStrings.maximumEntries else { return nil }
        let entry = Entry(
            hash: hash, offset: storage.count, length: count,
            string: String(decoding: bytes, as: UTF8.self), zone: .notChecked
        )
        storage.append(contentsOf: bytes)
        entries.append(entry)
        slots[slot] = Int32(entries.count)
        return entries.count - 1
    }

    @inline(__always)
    private func storedBytes(offset: Int, equal start: UnsafePointer<UInt8>, count: Int) -> Bool {
        storage.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return count == 0 }
            var index = 0
            while count - index >= 8 {
                let a = UnsafeRawPointer(base + offset + index).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
                if a != b { return false }
                index += 8
            }
            while index < count {
                if base[offset + index] != start[index] { return false }
                index += 1
            }
            return true
        }
    }

    /// A hash of the length and the first and last eight bytes (names this short differ
    /// there), mixed so that the low bits spread.
    @inline(__always)
    private static func hash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(start + count - 8).loadUnaligned(as: UInt64.self)
        } else {
            for index in 0..<count { head |= UInt64(start[index]) << UInt64(index * 8) }
        }
        var mixed = head &* 0x9E37_79B9_7F4A_7C15 ^ (tail &+ UInt64(count)) &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= mixed >> 29
        mixed = mixed &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 32
        return mixed
    }
}
