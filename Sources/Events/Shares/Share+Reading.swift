import StrictJSON

/// Why a share from someone else is refused (by `ReceiveShare`) or skipped in a log (by
/// the fold of `shareReceived`): what is wrong, and where (the key, when one is to blame).
/// It never quotes the share's text beyond a key's name.
public struct ShareProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key of the share that is wrong (`person`, `sri`, …), or `nil` when the share as
    /// a whole is (not an object, too large, of no known kind).
    public var key: String?
    /// What is wrong.
    public var message: String

    /// Creates the value from its parts.
    public init(key: String?, message: String) {
        self.key = key
        self.message = message
    }

    /// `share.KEY: message`, or `share: message`.
    public var description: String {
        (key.map { "share.\($0)" } ?? "share") + ": " + message
    }
}

extension Share {
    /// The keys of a night share, in their order.
    public static let nightKeys = ["kind", "v", "shareId", "person", "night", "onTarget"]
    /// The keys of a week share, in their order.
    public static let weekKeys = ["kind", "v", "shareId", "person", "week", "nightsPlanned", "nightsOnTarget", "sri"]

    /// Reads a share received as JSON bytes (docs/rules.md §13): at most
    /// ``maximumByteCount`` bytes of strict JSON holding one object, then ``read(_:)``.
    public static func read(json bytes: [UInt8]) throws(ShareProblem) -> Share {
        try read(object(json: bytes))
    }

    /// The object of a share received as JSON bytes (not yet checked as a share).
    package static func object(json bytes: [UInt8]) throws(ShareProblem) -> JSONObject {
        guard bytes.count <= maximumByteCount else {
            throw ShareProblem(key: nil, message: "is \(bytes.count) bytes; a share is at most \(maximumByteCount)")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ShareProblem(key: nil, message: "is not JSON: \(error)")
        }
        guard case .object(let object) = value else {
            throw ShareProblem(key: nil, message: "expected an object, found \(value.kindDescription)")
        }
        return object
    }

    /// The one check of a share's shape (docs/rules.md §13), asked by the command and the
    /// fold alike: exactly a night share or a week share, keys in any order, none missing,
    /// none repeated, none other; `v` the integer 1; counts integers 0 … 7 with
    /// `nightsOnTarget` ≤ `nightsPlanned`; `sri` `null` or a number −100 … 100 (kept in
    /// tenths as shown: rounded once, half up); `night` `YYYY-MM-DD`; `week` an ISO week
    /// that exists; `person` 1 … 40 UTF-8 bytes without a control character (Unicode Cc)
    /// or a bidirectional formatting character; `shareId` 8-4-4-4-12 lowercase hex (not
    /// recomputed); at most ``maximumByteCount`` bytes written compactly.
    package static func read(_ object: JSONObject) throws(ShareProblem) -> Share {
        let size = JSONWriter.encode(.object(object)).count
        guard size <= maximumByteCount else {
            throw ShareProblem(key: nil, message: "is \(size) bytes written compactly; a share is at most \(maximumByteCount)")
        }
        if let duplicate = object.duplicateKeys().first {
            throw ShareProblem(key: duplicate, message: "appears more than once")
        }
        guard let kindValue = object["kind"] else {
            throw ShareProblem(key: "kind", message: "missing: expected \"night\" or \"week\"")
        }
        guard case .string(let kind) = kindValue, kind == "night" || kind == "week" else {
            throw ShareProblem(key: "kind", message: "expected \"night\" or \"week\"")
        }
        let keys = kind == "night" ? nightKeys : weekKeys
        for key in object.keys where !keys.contains(key) {
            throw ShareProblem(key: key, message: "is not a key of a \(kind) share (its keys: \(keys.joined(separator: ", ")))")
        }
        for key in keys where !object.contains(key: key) {
            throw ShareProblem(key: key, message: "missing: a \(kind) share has \(keys.joined(separator: ", "))")
        }
        let fields = Fields(object: object)
        guard try fields.integer("v") == 1 else { throw ShareProblem(key: "v", message: "expected the integer 1") }
        let shareId = try fields.shareId()
        let person = try fields.person()
        if kind == "night" {
            let night = try fields.date("night")
            let onTarget = try fields.bool("onTarget")
            return .night(NightShare(shareId: shareId, person: person, night: night, onTarget: onTarget))
        }
        let week = try fields.week("week")
        let planned = try fields.count("nightsPlanned")
        let onTarget = try fields.count("nightsOnTarget")
        guard onTarget <= planned else {
            throw ShareProblem(key: "nightsOnTarget", message: "\(onTarget) is more than nightsPlanned (\(planned))")
        }
        let sri = try fields.sriTenths("sri")
        return .week(WeekShare(shareId: shareId, person: person, week: week, nightsPlanned: planned, nightsOnTarget: onTarget, sriTenths: sri))
    }

    /// Whether `scalar` may not be in a `person`: a control character (Unicode Cc: U+0000 …
    /// U+001F, U+007F … U+009F) or a bidirectional formatting character (U+061C, U+200E,
    /// U+200F, U+202A … U+202E, U+2066 … U+2069), which could reorder what a partner's
    /// screen shows.
    public static func isRefusedInName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `text` is 8-4-4-4-12 lowercase hexadecimal digits.
    static func isShareIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) else { return false }
            }
        }
        return true
    }
}

/// The typed reads of a share's members, each naming its key in the problem.
private struct Fields {
    let object: JSONObject

    func value(_ key: String) -> JSONValue { object[key] ?? .null }

    func string(_ key: String, expected: String) throws(ShareProblem) -> String {
        guard case .string(let text) = value(key) else {
            throw ShareProblem(key: key, message: "expected \(expected), found \(value(key).kindDescription)")
        }
        return text
    }

    func integer(_ key: String) throws(ShareProblem) -> Int {
        guard case .number(let number) = value(key), let integer = number.integerValue, let result = Int(exactly: integer) else {
            throw ShareProblem(key: key, message: "expected an integer (no fraction or exponent), found \(value(key).kindDescription)")
        }
        return result
    }

    func count(_ key: String) throws(ShareProblem) -> Int {
        let count = try integer(key)
        guard (0...7).contains(count) else { throw ShareProblem(key: key, message: "\(count) is not a count of a week's nights, 0 … 7") }
        return count
    }

    func bool(_ key: String) throws(ShareProblem) -> Bool {
        guard case .bool(let flag) = value(key) else {
            throw ShareProblem(key: key, message: "expected true or false, found \(value(key).kindDescription)")
        }
        return flag
    }

    func shareId() throws(ShareProblem) -> String {
        let text = try string("shareId", expected: "a string of 8-4-4-4-12 lowercase hex digits")
        guard Share.isShareIdentifier(text) else {
            throw ShareProblem(key: "shareId", message: "expected 8-4-4-4-12 lowercase hex digits")
        }
        return text
    }

    func person() throws(ShareProblem) -> String {
        let name = try string("person", expected: "a string")
        let length = name.utf8.count
        guard length >= 1, length <= Share.maximumPersonByteCount else {
            throw ShareProblem(key: "person", message: "is \(length) bytes of UTF-8; a name is 1 … \(Share.maximumPersonByteCount)")
        }
        if let scalar = name.unicodeScalars.first(where: Share.isRefusedInName) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            let kind = scalar.value <= 0x9F ? "a control character" : "a bidirectional formatting character"
            throw ShareProblem(key: "person", message: "holds \(kind) (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)), which could change what a partner's screen shows")
        }
        return name
    }

    func date(_ key: String) throws(ShareProblem) -> LocalDate {
        let text = try string(key, expected: "a night, YYYY-MM-DD")
        do {
            return try LocalDate(iso: text)
        } catch {
            throw ShareProblem(key: key, message: error.description)
        }
    }

    func week(_ key: String) throws(ShareProblem) -> ISOWeek {
        let text = try string(key, expected: "an ISO week, YYYY-Www")
        do {
            return try ISOWeek(text: text)
        } catch {
            throw ShareProblem(key: key, message: error.description)
        }
    }

    /// `null`, or a number −100 … 100 in tenths as shown (half up, toward +∞), worked out
    /// exactly from its literal.
    func sriTenths(_ key: String) throws(ShareProblem) -> Int? {
        switch value(key) {
        case .null: return nil
        case .number(let number):
            guard let tenths = ShareDecimal.tenths(ofLiteral: number.literal) else {
                throw ShareProblem(key: key, message: "expected null or a number −100 … 100")
            }
            return tenths
        default:
            throw ShareProblem(key: key, message: "expected null or a number −100 … 100, found \(value(key).kindDescription)")
        }
    }
}

/// A JSON number literal read exactly, for `sri`.
enum ShareDecimal {
    /// The literal in tenths, rounded once, half up (toward +∞: 92.25 → 922, −12.25 →
    /// −122), or `nil` when it lies outside −100 … 100.
    static func tenths(ofLiteral literal: String) -> Int? {
        var bytes = Array(literal.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                digits.append(byte - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            }
            index += 1
        }
        if index < bytes.endIndex {
            // An exponent: its value, bounded (a longer one is far out of range or zero).
            var rest = bytes[(index + 1)...]
            var exponentNegative = false
            if rest.first == UInt8(ascii: "-") { exponentNegative = true; rest = rest.dropFirst() }
            else if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
            var value = 0
            for byte in rest {
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
            }
            exponent += exponentNegative ? -value : value
        }
        // value = digits × 10^exponent; tenths before rounding = digits × 10^(exponent + 1).
        while digits.first == 0 { digits.removeFirst() }
        if digits.isEmpty { return 0 }
        let shift = exponent + 1
        var whole: [UInt8]
        var fraction: [UInt8]
        if shift >= 0 {
            guard digits.count + shift <= 5 else { return nil }
            whole = digits + Array(repeating: 0, count: shift)
            fraction = []
        } else if -shift >= digits.count {
            whole = []
            fraction = Array(repeating: 0, count: -shift - digits.count) + digits
        } else {
            whole = Array(digits[..<(digits.count + shift)])
            fraction = Array(digits[(digits.count + shift)...])
        }
        guard whole.count <= 5 else { return nil }
        let integer = whole.reduce(0) { $0 * 10 + Int($1) }
        let fractionIsZero = fraction.allSatisfy { $0 == 0 }
        guard integer < 1000 || (integer == 1000 && fractionIsZero) else { return nil }
        let half: Int  // −1 below a half, 0 exactly a half, 1 above
        if fraction.isEmpty || fraction[0] < 5 { half = -1 }
        else if fraction[0] > 5 { half = 1 }
        else { half = fraction.dropFirst().allSatisfy { $0 == 0 } ? 0 : 1 }
        if negative {
            return -(integer + (half > 0 ? 1 : 0))
        }
        return integer + (half >= 0 ? 1 : 0)
    }
}
