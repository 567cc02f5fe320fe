/// What one person chooses to show their partner or group (docs/rules.md §13): a night
/// share (did they hit their bedtime target that night) or a week share (how many of the
/// week's nights were planned and on target, and the week's regularity). Nothing else
/// leaves the device: no times, stages, scores or debt.
///
/// Its JSON (``json``) is compact, its keys in a fixed order, so the same share made twice
/// is the same bytes; its `shareId` is derived from that content (``identifier(ofContent:)``).
/// A share from someone else is read by ``Share/read(_:)``, the one check of its shape that
/// the `ReceiveShare` command and the fold of `shareReceived` both ask.
public enum Share: Sendable, Hashable {
    /// `{"kind":"night","v":1,"shareId","person","night","onTarget"}`.
    case night(NightShare)
    /// `{"kind":"week","v":1,"shareId","person","week","nightsPlanned","nightsOnTarget","sri"}`.
    case week(WeekShare)

    /// The largest share read, in bytes of JSON (as given to ``read(json:)``, or as its
    /// object writes compactly in a log line): a share of the right shape is well under it.
    public static let maximumByteCount = 1_024

    /// The most UTF-8 bytes of a `person`.
    public static let maximumPersonByteCount = 40

    /// Its content id.
    public var shareId: String {
        switch self {
        case .night(let share): return share.shareId
        case .week(let share): return share.shareId
        }
    }

    /// The name the person chose.
    public var person: String {
        switch self {
        case .night(let share): return share.person
        case .week(let share): return share.person
        }
    }

    /// The compact JSON of the share, `shareId` included, as UTF-8 bytes.
    public var json: [UInt8] { canonicalBytes(includingIdentifier: true) }

    /// The compact JSON of the share, as text.
    public var jsonText: String { String(decoding: json, as: UTF8.self) }

    /// The compact JSON, keys in the order of §13, without spaces; strings with only `"`
    /// and `\` escaped (a `person` holds no control character); `sri` with one decimal.
    func canonicalBytes(includingIdentifier: Bool) -> [UInt8] {
        var writer = CompactWriter()
        switch self {
        case .night(let share):
            writer.string("kind", "night")
            writer.raw("v", "1")
            if includingIdentifier { writer.string("shareId", share.shareId) }
            writer.string("person", share.person)
            writer.string("night", share.night.iso)
            writer.raw("onTarget", share.onTarget ? "true" : "false")
        case .week(let share):
            writer.string("kind", "week")
            writer.raw("v", "1")
            if includingIdentifier { writer.string("shareId", share.shareId) }
            writer.string("person", share.person)
            writer.string("week", share.week.text)
            writer.raw("nightsPlanned", String(share.nightsPlanned))
            writer.raw("nightsOnTarget", String(share.nightsOnTarget))
            writer.raw("sri", share.sriTenths.map(Share.sriText(tenths:)) ?? "null")
        }
        return writer.finish()
    }

    /// The content id of a share whose compact JSON without `shareId` is `content`: its
    /// SHA-256, the first 16 bytes written as a lowercase UUID (8-4-4-4-12 hex digits; no
    /// version or variant bits are set).
    static func identifier(ofContent content: [UInt8]) -> String {
        let digest = SHA256.hash(content).prefix(16)
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in digest.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A regularity index in tenths written with exactly one decimal: `976` → `97.6`,
    /// `1000` → `100.0`, `-5` → `-0.5`.
    public static func sriText(tenths: Int) -> String {
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }
}

/// A night share: whether `person` hit their bedtime target on `night`.
public struct NightShare: Sendable, Hashable {
    /// The content id (see ``Share``).
    public var shareId: String
    /// The name the person chose.
    public var person: String
    /// The night, the date of its evening.
    public var night: LocalDate
    /// Whether the night was on target: a hit for the streak.
    public var onTarget: Bool

    /// A share made from its content: its `shareId` derived from it.
    public init(person: String, night: LocalDate, onTarget: Bool) {
        self.init(shareId: "", person: person, night: night, onTarget: onTarget)
        shareId = Share.identifier(ofContent: Share.night(self).canonicalBytes(includingIdentifier: false))
    }

    /// A share with the `shareId` it was received with (not recomputed on receipt).
    public init(shareId: String, person: String, night: LocalDate, onTarget: Bool) {
        self.shareId = shareId
        self.person = person
        self.night = night
        self.onTarget = onTarget
    }
}

/// A week share: how `person`'s ISO week went.
public struct WeekShare: Sendable, Hashable {
    /// The content id (see ``Share``).
    public var shareId: String
    /// The name the person chose.
    public var person: String
    /// The ISO week of the nights, Monday … Sunday.
    public var week: ISOWeek
    /// The week's nights with a plan, 0 … 7.
    public var nightsPlanned: Int
    /// The week's nights on target, 0 … `nightsPlanned`.
    public var nightsOnTarget: Int
    /// The regularity index over the week's seven nights, in tenths as shown (one decimal,
    /// rounded half up); `nil` with fewer than 5 pairs.
    public var sriTenths: Int?

    /// The index as shown, e.g. `97.6`; `nil` with fewer than 5 pairs.
    public var sri: Double? { sriTenths.map { Double($0) / 10 } }

    /// A share made from its content: its `shareId` derived from it.
    public init(person: String, week: ISOWeek, nightsPlanned: Int, nightsOnTarget: Int, sriTenths: Int?) {
        self.init(shareId: "", person: person, week: week, nightsPlanned: nightsPlanned, nightsOnTarget: nightsOnTarget, sriTenths: sriTenths)
        shareId = Share.identifier(ofContent: Share.week(self).canonicalBytes(includingIdentifier: false))
    }

    /// A share with the `shareId` it was received with (not recomputed on receipt).
    public init(shareId: String, person: String, week: ISOWeek, nightsPlanned: Int, nightsOnTarget: Int, sriTenths: Int?) {
        self.shareId = shareId
        self.person = person
        self.week = week
        self.nightsPlanned = nightsPlanned
        self.nightsOnTarget = nightsOnTarget
        self.sriTenths = sriTenths
    }
}

/// The compact JSON of a share: members in the order written, no spaces, strings with
/// only `"` and `\` escaped, everything else as it is in UTF-8.
private struct CompactWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    private mutating func key(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        quoted(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func string(_ name: String, _ value: String) {
        key(name)
        quoted(value)
    }

    mutating func raw(_ name: String, _ literal: String) {
        key(name)
        bytes.append(contentsOf: literal.utf8)
    }

    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
