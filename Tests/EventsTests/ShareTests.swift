import TestSupport
import Events
import StrictJSON
import Testing

/// Shares (docs/rules.md §13): their bytes and content ids, ISO weeks, and the one check of
/// a share's shape.
@Suite("Shares: bytes, ids, ISO weeks and the check of their shape")
struct ShareTests {
    static func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }

    // MARK: Bytes and ids (golden bytes worked out apart from this code)

    @Test func aNightShareIsTheseBytes() throws {
        let share = NightShare(person: "Sam", night: try Self.date("2026-11-30"), onTarget: true)
        #expect(Share.night(share).jsonText == #"{"kind":"night","v":1,"shareId":"fbe14074-eada-75bc-07f5-19aaea47747a","person":"Sam","night":"2026-11-30","onTarget":true}"#)
    }

    @Test func aWeekShareIsTheseBytes() throws {
        let week = try #require(ISOWeek(year: 2026, week: 49))
        let share = WeekShare(person: "Sam", week: week, nightsPlanned: 7, nightsOnTarget: 4, sriTenths: 812)
        #expect(Share.week(share).jsonText == #"{"kind":"week","v":1,"shareId":"f477064d-a55c-ce27-fdd0-60c251cd01a9","person":"Sam","week":"2026-W49","nightsPlanned":7,"nightsOnTarget":4,"sri":81.2}"#)
        let negative = WeekShare(person: "Sam", week: week, nightsPlanned: 7, nightsOnTarget: 4, sriTenths: -5)
        #expect(Share.week(negative).jsonText == #"{"kind":"week","v":1,"shareId":"b5987b11-9e23-7af3-cabd-c38587e716c8","person":"Sam","week":"2026-W49","nightsPlanned":7,"nightsOnTarget":4,"sri":-0.5}"#)
    }

    @Test func onlyQuoteAndBackslashAreEscaped() throws {
        let week = try #require(ISOWeek(year: 2026, week: 53))
        let share = WeekShare(person: #"Zoë "Z" \ /"#, week: week, nightsPlanned: 5, nightsOnTarget: 0, sriTenths: nil)
        #expect(Share.week(share).jsonText == #"{"kind":"week","v":1,"shareId":"9386a333-1875-dc18-4a32-2c1247de68b2","person":"Zoë \"Z\" \\ /","week":"2026-W53","nightsPlanned":5,"nightsOnTarget":0,"sri":null}"#)
    }

    @Test func theSameShareMadeTwiceIsTheSameBytes() throws {
        let first = NightShare(person: "Noor", night: try Self.date("2026-12-06"), onTarget: false)
        let second = NightShare(person: "Noor", night: try Self.date("2026-12-06"), onTarget: false)
        #expect(Share.night(first).json == Share.night(second).json)
        let other = NightShare(person: "Noor", night: try Self.date("2026-12-06"), onTarget: true)
        #expect(first.shareId != other.shareId)
    }

    @Test func aMadeShareReadsBackAsItself() throws {
        let week = try #require(ISOWeek(year: 2027, week: 1))
        for share in [Share.night(NightShare(person: "A", night: try Self.date("2027-01-03"), onTarget: true)),
                      Share.week(WeekShare(person: "سام", week: week, nightsPlanned: 3, nightsOnTarget: 3, sriTenths: 1000))] {
            #expect(try Share.read(json: share.json) == share)
        }
    }

    // MARK: ISO weeks

    @Test func isoWeeksAcrossYearEnds() throws {
        #expect(ISOWeek(containing: try Self.date("2026-12-31")).text == "2026-W53")
        #expect(ISOWeek(containing: try Self.date("2027-01-03")).text == "2026-W53")
        #expect(ISOWeek(containing: try Self.date("2027-01-04")).text == "2027-W01")
        #expect(ISOWeek(containing: try Self.date("2025-12-29")).text == "2026-W01")
        #expect(ISOWeek(containing: try Self.date("2021-01-03")).text == "2020-W53")
        #expect(ISOWeek(containing: try Self.date("2026-11-30")).text == "2026-W49")
        #expect(try ISOWeek(text: "2026-W53").monday == Self.date("2026-12-28"))
        #expect(try ISOWeek(text: "2026-W53").sunday == Self.date("2027-01-03"))
        #expect(try ISOWeek(text: "2026-W53").next.text == "2027-W01")
        #expect(try ISOWeek(text: "2026-W01").previous.text == "2025-W52")
        #expect(try ISOWeek(text: "2026-W01").monday == Self.date("2025-12-29"))
        #expect(ISOWeek.weekCount(inYear: 2020) == 53)  // a leap year starting on a Wednesday
        #expect(ISOWeek.weekCount(inYear: 2025) == 52)
        for text in ["2025-W53", "2026-W54", "2026-W00", "2026-W1", "2026W01", "2026-w01", "26-W01", " 2026-W01"] {
            #expect(throws: ValueFormatError.self, "\(text)") { try ISOWeek(text: text) }
        }
    }

    // MARK: The check

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        /// The key named, or nil for the share as a whole.
        var key: String?
        var testDescription: String { name }
    }


    static let refusals: [Refusal] = [
        Refusal(name: "not JSON", json: "{", key: nil),
        Refusal(name: "not an object", json: "[1]", key: nil),
        Refusal(name: "oversized", json: ShareJSON.night(ShareJSON.nightRest + "," + #""x":""# + String(repeating: "a", count: 1100) + "\""), key: nil),
        Refusal(name: "no kind", json: #"{"v":1}"#, key: "kind"),
        Refusal(name: "another kind", json: #"{"kind":"month","v":1}"#, key: "kind"),
        Refusal(name: "a key of the other shape", json: ShareJSON.night(ShareJSON.nightRest + #","sri":null"#), key: "sri"),
        Refusal(name: "an extra key", json: ShareJSON.night(ShareJSON.nightRest + #","bedtime":"23:00""#), key: "bedtime"),
        Refusal(name: "a missing key", json: ShareJSON.night(#""night":"2026-11-30""#), key: "onTarget"),
        Refusal(name: "a key twice", json: ShareJSON.night(ShareJSON.nightRest + #","onTarget":false"#), key: "onTarget"),
        Refusal(name: "v 2", json: #"{"kind":"night","v":2,"# + ShareJSON.id + #","person":"Sam","# + ShareJSON.nightRest + "}", key: "v"),
        Refusal(name: "v 1.0", json: #"{"kind":"night","v":1.0,"# + ShareJSON.id + #","person":"Sam","# + ShareJSON.nightRest + "}", key: "v"),
        Refusal(name: "v a string", json: #"{"kind":"night","v":"1","# + ShareJSON.id + #","person":"Sam","# + ShareJSON.nightRest + "}", key: "v"),
        Refusal(name: "shareId upper case", json: #"{"kind":"night","v":1,"shareId":"0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9","person":"Sam","# + ShareJSON.nightRest + "}", key: "shareId"),
        Refusal(name: "shareId without dashes", json: #"{"kind":"night","v":1,"shareId":"0a1b2c3d4e5f60718293a4b5c6d7e8f9","person":"Sam","# + ShareJSON.nightRest + "}", key: "shareId"),
        Refusal(name: "person empty", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"""#), key: "person"),
        Refusal(name: "person 41 bytes", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":""# + String(repeating: "a", count: 41) + "\""), key: "person"),
        Refusal(name: "person 41 bytes of 2-byte letters", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"a"# + String(repeating: "é", count: 20) + "\""), key: "person"),
        Refusal(name: "person with a tab", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"Sam\tX""#), key: "person"),
        Refusal(name: "person with U+007F", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"Sam\u007f""#), key: "person"),
        Refusal(name: "person with U+0085", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"Sam\u0085""#), key: "person"),
        Refusal(name: "person with U+061C", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"Sam\u{061C}\""), key: "person"),
        Refusal(name: "person with U+200E", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"\u{200E}Sam\""), key: "person"),
        Refusal(name: "person with U+200F", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"\u{200F}Sam\""), key: "person"),
        Refusal(name: "person with U+202A", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"\u{202A}Sam\""), key: "person"),
        Refusal(name: "person with U+202E", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":"\u202eSam""#), key: "person"),
        Refusal(name: "person with U+2066", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"\u{2066}Sam\""), key: "person"),
        Refusal(name: "person with U+2069", json: ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"Sam\u{2069}\""), key: "person"),
        Refusal(name: "person a number", json: ShareJSON.night(ShareJSON.nightRest, person: #""person":7"#), key: "person"),
        Refusal(name: "night not a date", json: ShareJSON.night(#""night":"2026-11-31","onTarget":true"#), key: "night"),
        Refusal(name: "night demo", json: ShareJSON.night(#""night":"demo","onTarget":true"#), key: "night"),
        Refusal(name: "onTarget a string", json: ShareJSON.night(#""night":"2026-11-30","onTarget":"true""#), key: "onTarget"),
        Refusal(name: "week W53 of a short year", json: ShareJSON.week(#""week":"2025-W53","nightsPlanned":7,"nightsOnTarget":5,"sri":null"#), key: "week"),
        Refusal(name: "week a date", json: ShareJSON.week(#""week":"2026-11-30","nightsPlanned":7,"nightsOnTarget":5,"sri":null"#), key: "week"),
        Refusal(name: "nightsPlanned 8", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":8,"nightsOnTarget":5,"sri":null"#), key: "nightsPlanned"),
        Refusal(name: "nightsPlanned -1", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":-1,"nightsOnTarget":0,"sri":null"#), key: "nightsPlanned"),
        Refusal(name: "nightsPlanned 7.0", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7.0,"nightsOnTarget":5,"sri":null"#), key: "nightsPlanned"),
        Refusal(name: "nightsOnTarget 2.5", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":2.5,"sri":null"#), key: "nightsOnTarget"),
        Refusal(name: "nightsOnTarget above nightsPlanned", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":4,"nightsOnTarget":5,"sri":null"#), key: "nightsOnTarget"),
        Refusal(name: "sri 100.05", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5,"sri":100.05"#), key: "sri"),
        Refusal(name: "sri -101", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5,"sri":-101"#), key: "sri"),
        Refusal(name: "sri 1e3", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5,"sri":1e3"#), key: "sri"),
        Refusal(name: "sri a string", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5,"sri":"81.2""#), key: "sri"),
        Refusal(name: "sri missing", json: ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5"#), key: "sri"),
    ]

    @Test(arguments: refusals)
    func refused(_ refusal: Refusal) {
        #expect {
            try Share.read(json: Array(refusal.json.utf8))
        } throws: { error in
            guard let problem = error as? ShareProblem else { return false }
            return problem.key == refusal.key
        }
    }

    @Test func acceptedShapes() throws {
        let accepted = [
            ShareJSON.night(ShareJSON.nightRest),
            ShareJSON.week(ShareJSON.weekRest),
            // Keys in any order, a name of 40 bytes, sri at the ends of its range and null.
            #"{"onTarget":false,"night":"2024-02-29","person":""# + String(repeating: "é", count: 20) + #"","# + ShareJSON.id + #","v":1,"kind":"night"}"#,
            ShareJSON.week(#""week":"2026-W53","nightsPlanned":0,"nightsOnTarget":0,"sri":-100"#),
            ShareJSON.week(#""week":"2026-W53","nightsPlanned":7,"nightsOnTarget":7,"sri":100.0"#),
            ShareJSON.week(#""week":"2020-W53","nightsPlanned":7,"nightsOnTarget":7,"sri":null"#),
            // Names that are not refused: a zero-width joiner, right-to-left letters, U+00A0.
            ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"سام\u{200D}\u{00A0}\""),
        ]
        for json in accepted {
            #expect(throws: Never.self, "\(json)") { try Share.read(json: Array(json.utf8)) }
        }
    }

    @Test func sriIsKeptAsShownRoundedOnceHalfUp() throws {
        func tenths(_ literal: String) throws -> Int? {
            guard case .week(let share) = try Share.read(json: Array(ShareJSON.week(#""week":"2026-W49","nightsPlanned":7,"nightsOnTarget":5,"sri":"# + literal).utf8)) else { return -9999 }
            return share.sriTenths
        }
        #expect(try tenths("92.25") == 923)
        #expect(try tenths("-12.25") == -122)
        #expect(try tenths("-12.26") == -123)
        #expect(try tenths("97.6") == 976)
        #expect(try tenths("100") == 1000)
        #expect(try tenths("1E2") == 1000)
        #expect(try tenths("0.05") == 1)
        #expect(try tenths("-0.05") == 0)
        #expect(try tenths("-100.0") == -1000)
        #expect(try tenths("5e-1") == 5)
        #expect(try tenths("null") == nil)
    }

    @Test func aProblemSaysWhereAndNeverQuotesTheName() throws {
        let json = ShareJSON.night(ShareJSON.nightRest, person: "\"person\":\"Secret\u{202E}Name\"")
        do {
            _ = try Share.read(json: Array(json.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("share.person: "))
            #expect(error.description.contains("U+202E"))
            #expect(!error.description.contains("Secret"))
        }
    }
}
