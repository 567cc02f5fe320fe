import Commands
import Events
import Projections
import Testing
import TestSupport

/// One check of a share's shape (`Share.read(_:)`): the command refuses exactly what the
/// fold skips, naming the same key; a repeated share appends nothing and is left out
/// silently in a log.
@Suite("Shares: the command refuses what the fold skips")
struct ReceiveShareDeciderTests {
    static let now = Instant(millisecondsSince1970: 1_796_000_000_000, utcOffsetSeconds: 3600)

    static func fold(_ payload: ShareReceived, into shares: inout ReceivedShares, seq: Int = 1) -> (FoldOutcome<ProjectionWarnings.Rule>, ProjectionWarnings) {
        var warnings = ProjectionWarnings()
        let event = RecordedEvent(seq: seq, event: Event(id: "probe\(seq)", at: now, timeZone: "UTC", source: .share, payload: .shareReceived(payload)))
        return (shares.apply(event, warnings: &warnings), warnings)
    }

    @Test(arguments: ShareTestsRows.refusals)
    func refusedByBoth(_ row: ShareTestsRows.Row) async throws {
        let outcome = try await Scenario(given: [], at: Self.now, timeZone: "UTC").when(ReceiveShare(json: row.json))
        let error = try #require(outcome.commandError)
        #expect(error.rule == .invalidShare)
        #expect(error.message.hasPrefix(row.key.map { "share.\($0): " } ?? "share: "), "\(error.message)")
        #expect(error.description.hasSuffix("nothing was appended"))
        #expect(outcome.appended.isEmpty)

        // The same object in a log (when it is a JSON object at all) is skipped with a warning.
        guard let payload = ShareTestsRows.payload(row.json) else { return }
        var shares = ReceivedShares()
        let (folded, warnings) = Self.fold(payload, into: &shares)
        #expect(folded.isSkipped)
        #expect(warnings.all.map(\.rule) == [.share])
        // The same problem, named alike (a size is counted as given to the command, and as
        // written compactly in a log).
        let named = row.key.map { "share.\($0): " } ?? "share: is "
        #expect(warnings.all.first?.message.contains(row.key == nil ? named : error.message) == true, "\(warnings.all)")
        #expect(shares == ReceivedShares())
    }

    @Test func aShareIsAppendedWithSourceShareAndAgainNothing() async throws {
        let share = Share.night(NightShare(person: "Sam", night: LocalDate(daysSince1970: 20_787), onTarget: true))
        let outcome = try await Scenario(given: [], at: Self.now, timeZone: "UTC").when(ReceiveShare(share: share))
        #expect(outcome.commandError == nil)
        let event = try #require(outcome.appended.first)
        #expect(outcome.appended.count == 1)
        #expect(event.event.source == .share)
        guard case .shareReceived(let payload) = event.payload else { Issue.record("\(event.payload)"); return }
        #expect(try payload.readShare() == share)
        #expect(payload.shareJSON == share.json)

        let again = try await Scenario(given: [event.event], at: Self.now, timeZone: "UTC").when(ReceiveShare(share: share))
        #expect(again.commandError == nil)
        #expect(again.appended.isEmpty, "a share the log holds appends nothing")
    }

    @Test func aRepeatedShareIdIsLeftOutSilentlyAndALaterShareWins() throws {
        let week = try #require(ISOWeek(year: 2026, week: 49))
        let first = WeekShare(person: "Sam", week: week, nightsPlanned: 7, nightsOnTarget: 4, sriTenths: 812)
        let corrected = WeekShare(person: "Sam", week: week, nightsPlanned: 7, nightsOnTarget: 5, sriTenths: 830)
        let other = WeekShare(person: "Sam ", week: week, nightsPlanned: 1, nightsOnTarget: 1, sriTenths: nil)
        var shares = ReceivedShares()
        #expect(Self.fold(ShareReceived(share: .week(first)), into: &shares, seq: 1).0 == .applied)
        #expect(Self.fold(ShareReceived(share: .week(corrected)), into: &shares, seq: 2).0 == .applied)
        let (repeated, warnings) = Self.fold(ShareReceived(share: .week(first)), into: &shares, seq: 3)
        #expect(repeated == .ignored)
        #expect(warnings.isEmpty, "a repeated share is not poison")
        #expect(Self.fold(ShareReceived(share: .week(other)), into: &shares, seq: 4).0 == .applied)
        #expect(shares.weekShares(for: week) == [corrected, other], "the later share of Sam counts; another name is another person")
    }

    @Test func namesAreComparedCodePointByCodePoint() throws {
        let night = LocalDate(daysSince1970: 20_787)
        let composed = NightShare(person: "Zo\u{00EB}", night: night, onTarget: true)
        let decomposed = NightShare(person: "Zoe\u{0308}", night: night, onTarget: false)
        var shares = ReceivedShares()
        _ = Self.fold(ShareReceived(share: .night(composed)), into: &shares, seq: 1)
        _ = Self.fold(ShareReceived(share: .night(decomposed)), into: &shares, seq: 2)
        #expect(shares.nightShares(for: night).count == 2)
    }
}

/// The rows of the decider table: shapes a share must not have.
enum ShareTestsRows {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var key: String?
        var testDescription: String { name }
    }


    static let refusals: [Row] = [
        Row(name: "not an object", json: "[1]", key: nil),
        Row(name: "oversized", json: ShareJSON.night(ShareJSON.nightRest + "," + #""x":""# + String(repeating: "a", count: 1100) + "\""), key: nil),
        Row(name: "no kind", json: #"{"v":1}"#, key: "kind"),
        Row(name: "an extra key", json: ShareJSON.night(ShareJSON.nightRest + #","bedtime":"23:00""#), key: "bedtime"),
        Row(name: "a missing key", json: ShareJSON.night(#""night":"2026-11-30""#), key: "onTarget"),
        Row(name: "v 1.0", json: #"{"kind":"night","v":1.0,"# + ShareJSON.id + #","person":"Sam","# + ShareJSON.nightRest + "}", key: "v"),
        Row(name: "shareId upper case", json: #"{"kind":"night","v":1,"shareId":"0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9","person":"Sam","# + ShareJSON.nightRest + "}", key: "shareId"),
        Row(name: "person of 41 bytes", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":""# + String(repeating: "a", count: 41) + "\""), key: "person"),
        Row(name: "person with a control character", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"Sam\n""#), key: "person"),
        Row(name: "person with U+202E", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"\u202eSam""#), key: "person"),
        Row(name: "person with U+2067", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"\u{2067}Sam\""), key: "person"),
        Row(name: "night not a date", json: ShareJSON.night(#""night":"2026-02-30","onTarget":true"#), key: "night"),
        Row(name: "week W53 of a short year", json: #"{"kind":"week","v":1,"# + ShareJSON.id + #","person":"Sam","week":"2027-W53","nightsPlanned":7,"nightsOnTarget":5,"sri":null}"#, key: "week"),
        Row(name: "nightsOnTarget above nightsPlanned", json: #"{"kind":"week","v":1,"# + ShareJSON.id + #","person":"Sam","week":"2026-W49","nightsPlanned":2,"nightsOnTarget":3,"sri":null}"#, key: "nightsOnTarget"),
        Row(name: "a count of 8", json: #"{"kind":"week","v":1,"# + ShareJSON.id + #","person":"Sam","week":"2026-W49","nightsPlanned":8,"nightsOnTarget":3,"sri":null}"#, key: "nightsPlanned"),
        Row(name: "sri above 100", json: #"{"kind":"week","v":1,"# + ShareJSON.id + #","person":"Sam","week":"2026-W49","nightsPlanned":7,"nightsOnTarget":3,"sri":100.1}"#, key: "sri"),
    ]

    /// The payload a log line holding `json` as its share reads as (nil when `json` is no
    /// object), read by the event decoder.
    static func payload(_ json: String) -> ShareReceived? {
        let line = #"{"seq":1,"id":"x","type":"shareReceived","v":1,"at":"2026-12-07T12:00:00+01:00","tz":"Europe/Berlin","source":"share","data":{"share":"# + json + "}}"
        var decoder = EventLineDecoder()
        guard let event = try? decoder.decode(line: Array(line.utf8)), case .shareReceived(let payload) = event.payload else { return nil }
        return payload
    }
}
