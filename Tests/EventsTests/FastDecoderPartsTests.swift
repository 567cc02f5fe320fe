import TestSupport
import Foundation
import Testing
import StrictJSON

@testable import Events

/// The parts of `FastEventLineDecoder`'s fast path, each against what it stands for: the
/// packed names against their text and the catalogue, the writer-form instant parser and
/// the number reader against the reference's parsers, the interned strings against
/// `String`.
@Suite("FastEventLineDecoder's parts")
struct FastDecoderPartsTests {
    // MARK: Names

    /// The names written as constants in the fast path, with their text.
    static let constants: [(text: String, name: PackedName)] = [
        ("seq", .seq), ("id", .id), ("type", .typeKey), ("v", .v), ("at", .at), ("tz", .tz), ("source", .source),
        ("causedBy", .causedBy), ("batch", .batch), ("data", .data), ("minutes", .minutes), ("percent", .percent),
    ]

    /// Every payload key of the catalogue, nested objects' keys included.
    static var payloadKeys: [String] {
        var keys = EventType.allCases.flatMap(\.fieldNames)
        var weights = ScoreWeights.placeholder
        var names = PayloadFieldNames()
        weights.visitFields(&names)
        keys += names.names
        return keys
    }

    @Test("each constant is the packing of its text, and its length", arguments: constants.map(\.text))
    func constantPacksItsText(_ text: String) throws {
        let constant = try #require(Self.constants.first { $0.text == text }?.name)
        #expect(PackedName(text: text) == constant)
        #expect(constant.length == text.utf8.count)
    }

    @Test("a name packed from a literal is the packing of its text, at every length")
    func staticStringPacking() {
        let literals: [(StaticString, String)] = [
            ("", ""), ("v", "v"), ("sampleId", "sampleId"), ("sleepNeedMinutes", "sleepNeedMinutes"),
            ("checklistItemCompleted", "checklistItemCompleted"), ("abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx"),
        ]
        for (literal, text) in literals {
            #expect(PackedName(literal) == PackedName(text: text), "\(text)")
        }
    }

    @Test("packing word by word and byte by byte agree, and names over 24 bytes do not pack")
    func packingPaths() throws {
        let text = Array("sleepSampleIngested\",\"v\":1,\"at\":\"2026".utf8)
        try text.withUnsafeBufferPointer { buffer in
            let start = try #require(buffer.baseAddress)
            for count in 0...24 {
                let wide = PackedName(start, count: count, available: buffer.count)
                let narrow = PackedName(start, count: count, available: count)
                #expect(wide == narrow, "\(count) bytes")
                #expect(wide?.length == count, "\(count) bytes")
            }
            #expect(PackedName(start, count: 25, available: buffer.count) == nil)
        }
    }

    @Test("every envelope key, type name and payload key packs (at most 24 bytes)")
    func catalogueKeysPack() {
        let known = Set(Self.constants.map(\.text))
        for key in EventLineDecoder.envelopeKeys {
            #expect(known.contains(key), "envelope key \(key)")
        }
        for name in EventType.allCases.map(\.rawValue) + Self.payloadKeys {
            #expect(name.utf8.count <= PackedName.maximumLength, "\(name)")
        }
    }

    @Test("every payload key is ASCII letters and digits, which the writer writes as they are")
    func payloadKeysArePlain() {
        for key in Self.payloadKeys {
            var bytes: [UInt8] = []
            JSONWriter.writeString(key, into: &bytes)
            #expect(bytes == Array("\"\(key)\"".utf8), "\(key)")
            #expect(!key.isEmpty && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }, "\(key)")
        }
    }

    @Test("the payload fields whose strings are shared have slots of their own")
    func internedSlotsAreDistinct() {
        // The keys read with `name`, `text`, `optionalText` or `optionalZoneName`.
        let shared: [StaticString] = ["app", "item", "template", "sourceName", "unit", "preset", "tz"]
        for key in shared { #expect(Self.payloadKeys.contains(key.description), "\(key)") }
        let slots = shared.map { InternedStrings.Field(key: $0).rawValue }
        #expect(Set(slots).count == shared.count, "\(slots)")
        #expect(slots.allSatisfy { (2..<InternedStrings.Field.count).contains($0) })
    }

    @Test("every type name and enumeration value is matched to its case")
    func enumerationsMatch() throws {
        for type in EventType.allCases {
            #expect(try EventType.packedNames.value(#require(PackedName(text: type.rawValue))) == type)
        }
        for stage in SleepStage.allCases {
            #expect(try SleepStage.packedNames.value(#require(PackedName(text: stage.rawValue))) == stage)
        }
        for kind in VitalKind.allCases {
            #expect(try VitalKind.packedNames.value(#require(PackedName(text: kind.rawValue))) == kind)
        }
        for action in NotificationAction.allCases {
            #expect(try NotificationAction.packedNames.value(#require(PackedName(text: action.rawValue))) == action)
        }
        for tier in AppTier.allCases {
            #expect(try AppTier.packedNames.value(#require(PackedName(text: tier.rawValue))) == tier)
        }
        #expect(throws: FastPathMiss.self) { try EventType.packedNames.value(#require(PackedName(text: "goalset"))) }
        #expect(throws: FastPathMiss.self) { try SleepStage.packedNames.value(#require(PackedName(text: "Deep"))) }
        #expect(throws: FastPathMiss.self) { try SleepStage.packedNames.value(#require(PackedName(text: ""))) }
    }

    @Test("each type's ordinal is its place in EventType")
    func ordinals() {
        for (index, type) in EventType.allCases.enumerated() {
            #expect(type.ordinal == index)
        }
    }

    @Test("each type's keys are its payload description's, in write order")
    func fieldNames() {
        #expect(EventType.goalSet.fieldNames == ["currentBedtime", "targetBedtime", "days", "firstNight", "sleepNeedMinutes"])
        #expect(EventType.goalCleared.fieldNames == [])
        #expect(EventType.wokeUp.fieldNames == ["night"])
        #expect(EventType.sleepSampleIngested.fieldNames == ["sampleId", "stage", "start", "end", "tz", "sourceName"])
        #expect(EventType.scoreSettingsChanged.fieldNames == ["weights", "deepTarget", "remTarget", "preset"])
    }

    // MARK: Instants

    /// The reference's reading of `text`, or `nil`.
    static func reference(_ text: String) -> Instant? { try? Instant(rfc3339: text) }

    static func writerForm(_ text: String) -> Instant? {
        var text = text
        return text.withUTF8 { Instant.parseWriterForm($0) }
    }

    @Test("the writer-form parser reads what the reference reads", arguments: [
        "2026-11-30T22:15:03+01:00", "2026-11-30T22:15:03.250+01:00", "2026-11-30T22:15:03.000-00:00",
        "0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59.999-23:59", "2024-02-29T12:00:00+05:30",
        "1969-12-31T23:59:59.999+00:00", "1970-01-01T00:00:00-12:00", "2000-02-29T00:00:00+00:00",
    ])
    func writerFormReadsAlike(_ text: String) throws {
        let expected = try #require(Self.reference(text))
        #expect(Self.writerForm(text) == expected)
    }

    @Test("the writer-form parser refuses what the reference refuses, and other forms", arguments: [
        "2026-02-29T22:15:03+01:00", "2100-02-29T00:00:00+00:00", "2026-04-31T00:00:00+00:00", "2026-13-01T00:00:00+00:00",
        "2026-00-01T00:00:00+00:00", "2026-01-00T00:00:00+00:00", "0000-01-01T00:00:00+00:00", "2026-11-30T24:00:00+01:00",
        "2026-11-30T23:60:00+01:00", "2026-11-30T23:59:60+01:00", "2026-11-30T22:15:03+24:00", "2026-11-30T22:15:03+01:60",
        "2026-11-30t22:15:03+01:00", "2026-11-30 22:15:03+01:00", "2026-11-30T22:15:03+0100 ", "2026-11-30T22:15:03*01:00",
        "2026-11-30T22:15:03.25+01:00", "2026-11-30T22:15:03.2500+01:00", "2026-11-30T22:15:03,250+01:00",
        "2026-11-30T22:15:03.2a0+01:00", "2026/11/30T22:15:03+01:00", "2026-11-30T22-15:03+01:00", "2026-11-30T22:15-03+01:00",
        "2026-11-30T22:15:03+01-00", "2026-11-30T22:15:03Z", "2026-11-30T22:15:03.250Z", "+026-11-30T22:15:03+01:00",
        "2026-1a-30T22:15:03+01:00", "2026-11-30T22:15:0\u{0}+01:00", "2026-11-30T22:15:03+01:0é",
    ])
    func writerFormRefuses(_ text: String) {
        #expect(Self.writerForm(text) == nil)
    }

    @Test("the writer-form parser and the reference agree on every day of 1968–2030 and random times")
    func writerFormOnManyInstants() throws {
        var generator = SplitMix(seed: 9)
        var day = try #require(LocalDate(year: 1968, month: 1, day: 1))
        let last = try #require(LocalDate(year: 2030, month: 12, day: 31))
        var checked = 0
        while day <= last {
            let hour = generator.next(below: 24), minute = generator.next(below: 60), second = generator.next(below: 60)
            let offsetMinutes = generator.next(below: 2 * 1439 + 1) - 1439
            let millis = generator.next(below: 1000)
            let sign = offsetMinutes < 0 ? "-" : "+"
            let time = "\(Self.padded(hour, 2)):\(Self.padded(minute, 2)):\(Self.padded(second, 2))"
            let offset = "\(sign)\(Self.padded(abs(offsetMinutes) / 60, 2)):\(Self.padded(abs(offsetMinutes) % 60, 2))"
            for text in ["\(day.iso)T\(time)\(offset)", "\(day.iso)T\(time).\(Self.padded(millis, 3))\(offset)"] {
                let expected = try #require(Self.reference(text))
                #expect(Self.writerForm(text) == expected, "\(text)")
                checked += 1
            }
            day = day.adding(days: 1)
        }
        #expect(checked > 40_000)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    // MARK: Numbers

    static func fastDouble(_ literal: String) -> Double? {
        Array(literal.utf8).withUnsafeBufferPointer { try? FastLineScanner.double($0) }
    }

    @Test("the number reader gives Double(String)'s double, bit for bit", arguments: [
        "0", "-0", "1", "-1", "0.1", "-0.0", "14.6", "36", "1e22", "1e23", "-1e-22", "9007199254740992", "9007199254740993",
        "123456789012345678", "1234567890123456789", "12345678901234567890", "0.30000000000000004", "2.2250738585072014e-308",
        "4.9e-324", "1e-400", "1.7976931348623157e308", "123.456e-5", "1.25E-3", "1E+2", "0e0", "0e99999", "-0e-5",
        "0.000000000000000000000000000001", "100000000000000000000000", "8.98846567431158e307", "5e-324",
        "3.141592653589793238462643383279", "1.0000000000000002", "0.1e1", "10e-1", "7.0e-10", "1e0000000000000000000022",
    ])
    func numberReader(_ literal: String) {
        let expected = Double(literal).flatMap { $0.isFinite ? $0 : nil }
        let fast = Self.fastDouble(literal)
        #expect(fast?.bitPattern == expected?.bitPattern, "\(literal): \(String(describing: fast)) vs \(String(describing: expected))")
    }

    @Test("the number reader agrees with Double(String) on 200,000 random literals")
    func numberReaderRandom() {
        var generator = SplitMix(seed: 2026)
        var disagreements: [String] = []
        for _ in 0..<200_000 {
            var literal = generator.next(below: 4) == 0 ? "-" : ""
            let integerDigits = 1 + generator.next(below: 17)
            literal += generator.next(below: 5) == 0 ? "0" : String(1 + generator.next(below: 9))
            if !literal.hasSuffix("0") {
                for _ in 1..<integerDigits { literal += String(generator.next(below: 10)) }
            }
            if generator.next(below: 2) == 0 {
                literal += "."
                for _ in 0...generator.next(below: 18) { literal += String(generator.next(below: 10)) }
            }
            if generator.next(below: 3) == 0 {
                literal += ["e", "E", "e-", "e+", "E-"][generator.next(below: 5)] + String(generator.next(below: 40))
            }
            let expected = Double(literal).flatMap { $0.isFinite ? $0 : nil }
            if Self.fastDouble(literal)?.bitPattern != expected?.bitPattern { disagreements.append(literal) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    // MARK: Interned strings

    @Test("interned strings are found by their bytes, never by String equality")
    func internedStringsByBytes() {
        var strings = InternedStrings()
        let composed = Array("Caf\u{E9}".utf8)
        let decomposed = Array("Cafe\u{301}".utf8)
        let first = composed.withUnsafeBufferPointer { strings.string($0) }
        let second = decomposed.withUnsafeBufferPointer { strings.string($0) }
        #expect(first == second)  // canonically equivalent…
        #expect(first.map { Array($0.utf8) } == composed)  // …but each keeps its bytes
        #expect(second.map { Array($0.utf8) } == decomposed)
        let again = composed.withUnsafeBufferPointer { strings.string($0) }
        #expect(again.map { Array($0.utf8) } == composed)
    }

    @Test("zone names: plausible ones answered whether or not the platform knows them, others not")
    func internedZones() {
        var strings = InternedStrings()
        func zone(_ text: String) -> String? { Array(text.utf8).withUnsafeBufferPointer { strings.zoneName($0) } }
        #expect(zone("Europe/Berlin") == "Europe/Berlin")
        #expect(zone("Europe/Berlin") == "Europe/Berlin")
        #expect(zone("Mars/Olympus") == "Mars/Olympus")
        #expect(zone("Mars/Olympus") == "Mars/Olympus")
        #expect(zone("") == nil)
        #expect(zone("Asia/Karachi") == "Asia/Karachi")
        #expect(zone("Asia/\u{212A}arachi") == nil)
        #expect(zone("Asia/\u{212A}arachi") == nil)
        #expect(zone("Europe/Ber lin") == nil)
        #expect(zone(String(repeating: "A", count: InternedStrings.maximumLength)) == String(repeating: "A", count: InternedStrings.maximumLength))
        #expect(zone(String(repeating: "A", count: InternedStrings.maximumLength + 1)) == nil)
    }

    @Test("the table stops growing when full, and still answers")
    func internedTableFull() {
        var strings = InternedStrings()
        for index in 0..<(InternedStrings.maximumEntries + 10) {
            let text = "name-\(index)"
            let found = Array(text.utf8).withUnsafeBufferPointer { strings.string($0) }
            #expect(found == (index < InternedStrings.maximumEntries ? text : nil), "\(index)")
        }
        #expect(Array("name-3".utf8).withUnsafeBufferPointer { strings.string($0) } == "name-3")
    }
}
