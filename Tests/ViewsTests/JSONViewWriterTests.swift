import Events
import Projections
import Testing
import StrictJSON
@testable import Views

/// The pretty writer of the JSON view: 2-space indentation, keys in stored order, the
/// escapes of the compact writer, numbers as their literal, a trailing newline.
struct JSONViewWriterTests {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    @Test func nestedValuesAreIndentedByTwoSpacesWithATrailingNewline() {
        let value = Self.object([
            ("a", .number(JSONNumber(1))),
            ("b", .array([.bool(true), .null, Self.object([("c", .string("d"))])])),
            ("e", .object(JSONObject())),
            ("f", .array([])),
        ])
        #expect(JSONViewWriter.prettyText(value) == """
            {
              "a": 1,
              "b": [
                true,
                null,
                {
                  "c": "d"
                }
              ],
              "e": {},
              "f": []
            }

            """)
    }

    /// The view writes two members elsewhere (on a second core) and puts them in their gaps:
    /// a value written at depth 1 and put in its gap gives the bytes of the one-pass document,
    /// whatever the value (a nested container, an empty one, a scalar) and wherever the gap.
    @Test(arguments: [
        object([("x", .array([.number(JSONNumber(1)), object([("y", .null)])])), ("z", .object(JSONObject()))]),
        .array([]),
        .object(JSONObject()),
        .string("a \"quoted\" value"),
        .null,
    ])
    func valuesWrittenApartFillTheirGapsAsIfWrittenInPlace(value: JSONValue) {
        let members: [(String, JSONValue)] = [("first", value), ("middle", .array([.bool(false)])), ("last", value)]
        var onePass = PrettyJSONEmitter()
        onePass.value(Self.object(members))
        var withGaps = PrettyJSONEmitter()
        var gaps: [(at: Int, value: [UInt8])] = []
        withGaps.beginObject()
        for (key, member) in members {
            withGaps.key(escaping: key)
            if key == "middle" {
                withGaps.value(member)
            } else {
                var apart = PrettyJSONEmitter(valueAtDepth: 1)
                apart.value(member)
                gaps.append((withGaps.gap, apart.bytes))
            }
        }
        withGaps.endObject()
        let filled = PrettyJSONEmitter.joined(withGaps.finishedChunks(filling: gaps.map { (at: $0.at, chunks: [$0.value]) }))
        #expect(String(decoding: filled, as: UTF8.self) == String(decoding: onePass.finishedDocument(), as: UTF8.self))
    }

    /// Indentation is copied from a table 31 levels deep; deeper levels are written space by
    /// space, the same form.
    @Test func deepNestingIsIndentedTwoSpacesALevelBeyondTheTable() {
        var value: JSONValue = .null
        for _ in 0..<40 { value = .array([value]) }
        let lines = JSONViewWriter.prettyText(value).split(separator: "\n", omittingEmptySubsequences: false)
        // 40 opening lines, `null`, 40 closing lines, and the empty line after the last newline.
        #expect(lines.count == 82)
        for (index, line) in lines.dropLast().enumerated() {
            let level = index <= 40 ? index : 80 - index
            let text = index < 40 ? "[" : (index == 40 ? "null" : "]")
            #expect(line == String(repeating: " ", count: 2 * level) + text, "line \(index)")
        }
    }

    @Test func keysKeepTheirStoredOrderNeverSorted() {
        let value = Self.object([("zeta", .null), ("alpha", .null), ("mid", .null)])
        #expect(JSONViewWriter.prettyText(value) == "{\n  \"zeta\": null,\n  \"alpha\": null,\n  \"mid\": null\n}\n")
    }

    @Test func stringsAreEscapedLikeTheCompactWriterAndSlashIsNot() {
        let text = "a/b \"q\" \\ \n\t\u{01} é 🌙"
        let pretty = JSONViewWriter.prettyText(Self.object([("k/ey", .string(text))]))
        #expect(pretty == "{\n  \"k/ey\": \"a/b \\\"q\\\" \\\\ \\n\\t\\u0001 é 🌙\"\n}\n")
        let compact = String(decoding: JSONWriter.encode(.string(text)), as: UTF8.self)
        #expect(pretty.contains(compact))
    }

    @Test func scalarsAtTheTopLevelStandAlone() {
        #expect(JSONViewWriter.prettyText(.null) == "null\n")
        #expect(JSONViewWriter.prettyText(.array([])) == "[]\n")
        #expect(JSONViewWriter.prettyText(.object(JSONObject())) == "{}\n")
    }

    @Test func numbersKeepTheirLiteralSoFractionsKeepFourDecimals() throws {
        let value = Self.object([("progress", JSONViewDecimal.fraction(0.6)), ("one", JSONViewDecimal.fraction(1)), ("zero", JSONViewDecimal.fraction(0))])
        #expect(JSONViewWriter.prettyText(value) == "{\n  \"progress\": 0.6000,\n  \"one\": 1.0000,\n  \"zero\": 0.0000\n}\n")
    }

    @Test func theOutputParsesBackToTheSameValue() throws {
        let value = Self.object([
            ("asOf", .string("2026-11-30T21:10:00+01:00")),
            ("list", .array([Self.object([("x", JSONViewDecimal.fraction(0.35416666))]), .array([.array([])])])),
            ("dup", .null), ("dup", .bool(false)),
        ])
        let text = JSONViewWriter.prettyText(value)
        #expect(try JSONParser.parse(text) == value)
        #expect(JSONViewWriter.prettyBytes(value) == Array(text.utf8))
    }
}

/// Fixed decimals, rounded half up from the shortest decimal form.
struct JSONViewDecimalTests {
    @Test(arguments: [
        (0.6, "0.6000"), (1.0, "1.0000"), (0.0, "0.0000"), (-0.0, "0.0000"),
        (0.35416666666666669, "0.3542"), (0.729166666, "0.7292"), (0.12345, "0.1235"),
        (0.12344999, "0.1234"), (0.99995, "1.0000"), (0.99994999, "0.9999"), (5e-05, "0.0001"),
        (4.9999e-05, "0.0000"), (1.2345e-05, "0.0000"), (12.5, "12.5000"), (1e16, "10000000000000000.0000"),
        (-0.00005, "-0.0001"), (-0.00001, "0.0000"), (-2.5, "-2.5000"),
    ])
    func fourDecimalsHalfUp(value: Double, expected: String) {
        #expect(JSONViewDecimal.text(value, fractionDigits: 4) == expected)
    }

    @Test func otherPrecisions() {
        #expect(JSONViewDecimal.text(31.25, fractionDigits: 1) == "31.3")
        #expect(JSONViewDecimal.text(31.24, fractionDigits: 1) == "31.2")
        #expect(JSONViewDecimal.text(9.96, fractionDigits: 1) == "10.0")
        #expect(JSONViewDecimal.text(82.5, fractionDigits: 0) == "83")
        #expect(JSONViewDecimal.text(0.4, fractionDigits: 0) == "0")
    }

    @Test func nonFiniteValuesHaveNoText() {
        #expect(JSONViewDecimal.text(.nan, fractionDigits: 4) == nil)
        #expect(JSONViewDecimal.text(.infinity, fractionDigits: 4) == nil)
        #expect(JSONViewDecimal.fraction(.nan) == .null)
    }

    @Test func fractionsAreValidJSONNumbers() throws {
        #expect(JSONViewDecimal.fraction(0.5) == .number(try #require(JSONNumber(literal: "0.5000"))))
    }
}

/// The fast decimal text against its reference, the digit-by-digit algorithm it replaced.
struct JSONViewDecimalFastPathTests {
    static let special: [Double] = [
        0, -0.0, 0.5, 0.05, 0.00005, 0.000049999, 0.99995, 0.999949999, 9.99995, 99.95, 99.94999, 0.6, 1, 12.5, 31.25, 9.96,
        82.5, 0.4, 5e-05, 1.2345e-05, 1e-300, .leastNonzeroMagnitude, 1e15, 1e16, 1e17, 123456789.98765, 1.7976931348623157e308, 1e50, 1e49,
        0.35416666666666669, 0.729166666, 0.12345, 0.12344999, 2.5e-5, 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0, 100, 99.99999,
    ]

    @Test func equalsTheReferenceOnSpecialValues() {
        for value in Self.special + Self.special.map(-) {
            for places in 0...6 {
                #expect(JSONViewDecimal.text(value, fractionDigits: places) == JSONViewDecimal.referenceText(value, fractionDigits: places), "\(value) \(places)")
            }
        }
    }

    @Test func equalsTheReferenceOnManyFractionsAndScores() {
        var generator = SplitMix(seed: 36)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let fraction = Double(generator.next() % 1_000_001) / 1_000_000
            let points = Double(generator.next() % 100_000) / 997
            let any = Double(bitPattern: generator.next())
            for value in [fraction, points, -points, fraction / 7, any] where value.isFinite {
                for places in [0, 1, 4] where JSONViewDecimal.text(value, fractionDigits: places) != JSONViewDecimal.referenceText(value, fractionDigits: places) {
                    mismatches.append("\(value) with \(places) places")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

/// The view writes the long arrays (every night's plan, sleep, score) in runs on several
/// cores and joins them: any cut of the elements into runs, empty runs included, gives the
/// bytes of the one-pass document.
struct JSONViewRunsTests {
    @Test(arguments: [[0], [3], [1, 2], [0, 3, 0], [2, 0, 1], [1, 1, 1], []])
    func runsWrittenApartJoinAsIfWrittenInPlace(cuts: [Int]) {
        let total: Int = cuts.reduce(0, +)
        let elements: [JSONValue] = (0..<total).map { index in
            index.isMultiple(of: 2) ? JSONViewWriterTests.object([("n", .number(JSONNumber(Int64(index)))), ("e", .array([]))]) : .array([.null, .string("x")])
        }
        let members: [(String, JSONValue)] = [("before", .bool(true)), ("list", .array(elements)), ("after", .null)]
        var onePass = PrettyJSONEmitter()
        onePass.value(JSONViewWriterTests.object(members))
        var withGap = PrettyJSONEmitter()
        withGap.beginObject()
        withGap.key("before")
        withGap.bool(true)
        withGap.key("list")
        let gap = withGap.gap
        withGap.key("after")
        withGap.null()
        withGap.endObject()
        var start = 0
        var runs: [[UInt8]] = []
        for count in cuts {
            var run = PrettyJSONEmitter(elementsOfArrayAtDepth: 1)
            for element in elements[start..<start + count] {
                run.element()
                run.value(element)
            }
            runs.append(run.bytes)
            start += count
        }
        let chunks = withGap.finishedChunks(filling: [(at: gap, chunks: PrettyJSONEmitter.array(joining: runs, atDepth: 1))])
        #expect(String(decoding: PrettyJSONEmitter.joined(chunks), as: UTF8.self) == String(decoding: onePass.finishedDocument(), as: UTF8.self))
    }
}

/// The view shows a zone's instants with the offset of the stretch it last asked the zone
/// for (`ZoneDisplay`): in any order, across changes of offset, each instant is shown as
/// the zone shows it.
struct ZoneDisplayTests {
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC"])
    func everyInstantIsShownAsTheZoneShowsIt(zone: String) throws {
        let resolver = try #require(LocalTimeResolver(identifier: zone))
        let display = ZoneDisplay(zone)
        // Every 37 minutes through 2026, forward then back, then hopping.
        let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00Z
        let moments = (0..<14_300).map { start + Int64($0) * 37 * 60_000 }
        var hopping = moments
        var random = SplitMix64(seed: 7)
        hopping.shuffle(using: &random)
        for moment in moments + moments.reversed() + hopping.prefix(2_000) {
            let instant = Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)
            #expect(display.display(instant) == resolver.display(instant), "\(instant.rfc3339)")
        }
    }

    /// Zones whose offsets changed other than by daylight saving: local mean time before
    /// 1900, a standard offset moved (Volgograd 2020), daylight saving abolished (São Paulo
    /// 2019), a day skipped (Apia 2011), changes around Ramadan (Casablanca), 30 minutes
    /// (Lord Howe); every 5 days and 7 hours from 1880 to 2040.
    @Test(arguments: ["Europe/Volgograd", "America/Sao_Paulo", "Pacific/Apia", "Africa/Casablanca", "Australia/Lord_Howe", "Europe/Berlin"])
    func everyOffsetChangeTheZoneKnowsIsSeen(zone: String) throws {
        let resolver = try #require(LocalTimeResolver(identifier: zone))
        let display = ZoneDisplay(zone)
        let start: Int64 = -2_840_140_800_000  // 1880-01-01T00:00Z
        let step: Int64 = (5 * 24 + 7) * 3_600_000
        var mismatches: [String] = []
        var moment = start
        while moment < 2_208_988_800_000 {  // 2040-01-01T00:00Z
            let instant = Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)
            if display.display(instant) != resolver.display(instant) { mismatches.append(instant.rfc3339) }
            moment += step
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

/// The view's static keys for the score parts are the parts' names.
struct ScorePartKeyTests {
    @Test func eachPartsKeyIsItsRawValue() {
        for part in ScorePart.allCases {
            #expect("\(JSONView.key(of: part))" == part.rawValue)
        }
    }

    @Test func anIdIsWrittenAsItsText() {
        for text in ["0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5b-d9cb-469f-a165-70867728950e", "not a \"uuid\"", ""] {
            var out = PrettyJSONEmitter()
            out.identifier(CompactIdentifier(text))
            var expected = PrettyJSONEmitter()
            expected.string(text)
            #expect(out.bytes == expected.bytes, "\(text)")
        }
    }
}
