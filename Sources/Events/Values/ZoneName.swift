import Foundation

/// The rule for time-zone names in a log (docs/rules.md §8.2; docs/log-format.md,
/// the `tz` row): the envelope's `tz` and a sleep sample's own `tz`.
///
/// Two questions, kept apart:
/// - **Is it a zone name at all?** (`isPlausible(_:)`) 1 to 64 bytes of ASCII
///   letters, digits, `/`, `_`, `-` and `+`. Anything else makes the line invalid. This is a
///   question about the bytes alone, so every reader on every platform answers it alike.
/// - **Does this platform know the zone?** (``timeZone(_:)``, ``isKnown(_:)``,
///   ``KnownZones``) A plausible name the platform's time-zone data does not know (a newer
///   device's tzdata named a new zone) is still a sound line: `verify` accepts it, appends go
///   on, and projections skip the event with a warning naming the zone until the platform
///   knows it.
///
/// The second question is always asked after the first. Foundation's
/// `TimeZone(identifier:)` accepted `Asia/\u{212A}arachi` (a Kelvin sign for the K) only
/// after `Asia/Karachi` had been loaded in the same process (docs/platform-notes.md): a name
/// outside the plausible form never reaches Foundation, so no answer depends on which
/// zones were looked up before.
public enum ZoneName {
    /// The longest zone name, in UTF-8 bytes.
    public static let maximumLength = 64

    /// What a zone name must look like, for "expected …" messages.
    public static let expectedForm =
        "an IANA time zone name such as \"Europe/Berlin\": 1 to 64 bytes of ASCII letters, digits, '/', '_', '-' and '+'"

    /// Whether `name` has the form of a zone name: 1 to 64 bytes of ASCII letters, digits,
    /// `/`, `_`, `-` and `+`. Says nothing of whether any time-zone data knows it.
    public static func isPlausible(_ name: String) -> Bool {
        if let answer = name.utf8.withContiguousStorageIfAvailable({ isPlausible($0) }) { return answer }
        return isPlausible(utf8: name.utf8)
    }

    /// Whether `name` has the form of a zone name (see `isPlausible(_:)`).
    public static func isPlausible(_ name: Substring) -> Bool {
        isPlausible(utf8: name.utf8)
    }

    /// Whether the UTF-8 bytes `name` have the form of a zone name (see
    /// `isPlausible(_:)`).
    public static func isPlausible(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= 1, name.count <= maximumLength else { return false }
        for byte in name where !isAllowed(byte) { return false }
        return true
    }

    private static func isPlausible<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> Bool {
        var count = 0
        for byte in bytes {
            count += 1
            guard count <= maximumLength, isAllowed(byte) else { return false }
        }
        return count >= 1
    }

    /// ASCII letters, digits, `/`, `_`, `-`, `+`.
    @inline(__always)
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }

    /// The platform's zone named `name`, or `nil` when the name is not plausible or the
    /// platform's time-zone data does not know it. The one place that asks Foundation: the
    /// form is checked first, so the answer never depends on earlier look-ups.
    ///
    /// Not cached: a fold asks ``KnownZones`` instead.
    public static func timeZone(_ name: String) -> TimeZone? {
        guard isPlausible(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// Whether `name` is plausible and names a zone this platform's time-zone data knows
    /// (``timeZone(_:)`` is not `nil`).
    public static func isKnown(_ name: String) -> Bool {
        timeZone(name) != nil
    }
}

/// The zones a fold has asked about, each answered once by ``ZoneName/timeZone(_:)``, so that
/// checking every event costs a scan of its name's bytes and no Foundation call.
///
/// Names are checked for the plausible form before every look-up: they are then ASCII, and
/// `String` equality (canonical equivalence) between ASCII strings is byte equality, so a
/// name such as `Asia/\u{212A}arachi` can never be answered from `Asia/Karachi`'s entry.
public struct KnownZones: Sendable {
    private var known: Set<String> = []
    private var unknown: Set<String> = []
    /// The last name found known: most events have the same zone as the one before.
    private var recent = ""

    /// Creates an empty cache.
    public init() {}

    /// Whether this platform knows the zone `name` (see ``ZoneName/isKnown(_:)``).
    public mutating func contains(_ name: String) -> Bool {
        guard ZoneName.isPlausible(name) else { return false }
        if name == recent { return true }
        if known.contains(name) {
            recent = name
            return true
        }
        if unknown.contains(name) { return false }
        if ZoneName.timeZone(name) != nil {
            known.insert(name)
            recent = name
            return true
        }
        unknown.insert(name)
        return false
    }
}

extension ZoneName {
    /// Throws a decoding error naming `key` unless `name` is plausible, saying what is
    /// expected and what was found (not the name itself, which may be anything).
    static func check(_ name: String, key: String) throws(EventDecodingError) {
        guard !isPlausible(name) else { return }
        let found: String
        let bytes = Array(name.utf8)
        if bytes.isEmpty {
            found = "an empty string"
        } else if bytes.count > maximumLength {
            found = "\(bytes.count) bytes"
        } else if let index = bytes.firstIndex(where: { $0 >= 0x80 }) {
            found = "a non-ASCII character at byte \(index)"
        } else if let index = bytes.firstIndex(where: { !isAllowed($0) }) {
            found = "the character \(String(decoding: [bytes[index]], as: UTF8.self).debugDescription) at byte \(index)"
        } else {
            found = "a name of another form"
        }
        throw EventDecodingError(key: key, message: "expected \(expectedForm), found \(found)")
    }
}
