import Foundation
import Testing

import StrictJSON
import TestSupport

/// Parses `text`, returning the error or `nil` if it parsed.
private func parseError(_ text: String) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(text)
        return nil
    } catch {
        return error
    }
}

/// Parses `bytes`, returning the error or `nil` if it parsed.
private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("JSONParser: JSONTestSuite corpus")
struct JSONParserCorpusTests {
    @Test("the corpus is present")
    func corpusIsPresent() throws {
        let directory = try #require(JSONTestSuiteCorpus.directory, "JSONTestSuite corpus not found")
        let names = JSONTestSuiteCorpus.fileNames
        #expect(!names.contains(JSONTestSuiteCorpus.missingMarker), "no .json files in \(directory)")
        #expect(names.count == 318)
        #expect(names.contains { $0.hasPrefix("y_") })
        #expect(names.contains { $0.hasPrefix("n_") })
        #expect(names.contains { $0.hasPrefix("i_") })
    }

    @Test("y_ accepted, n_ rejected, i_ as documented", arguments: JSONTestSuiteCorpus.fileNames)
    func corpusFile(_ name: String) throws {
        guard let bytes = JSONTestSuiteCorpus.bytes(of: name) else { return }
        let result = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes) }
        switch name.prefix(2) {
        case "y_":
            if case .failure(let error) = result {
                Issue.record("\(name) must be accepted but failed: \(error)")
            }
        case "n_":
            if case .success = result {
                Issue.record("\(name) must be rejected but parsed")
            }
        case "i_":
            let accepted = (try? result.get()) != nil
            #expect(accepted == JSONTestSuiteCorpus.implementationDefinedAccepted.contains(name), "\(name): accepted = \(accepted)")
        default:
            Issue.record("unexpected corpus file name \(name)")
        }
        if case .failure(let error) = result {
            #expect(error.byteOffset >= 0 && error.byteOffset <= bytes.count)
            #expect(error.message.contains("byte"))
        }
    }
}

@Suite("JSONParser: targeted")
struct JSONParserTests {
    // MARK: Structure

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"n":null,"t":true,"f":false,"i":-12,"s":"x","a":[1,"2",[]],"o":{}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["n", "t", "f", "i", "s", "a", "o"])
        #expect(object["n"] == .null)
        #expect(object["t"]?.boolValue == true)
        #expect(object["f"]?.boolValue == false)
        #expect(object["i"]?.numberValue?.integerValue == -12)
        #expect(object["s"]?.stringValue == "x")
        let array = try #require(object["a"]?.arrayValue)
        #expect(array.count == 3)
        #expect(array[1] == .string("2"))
        #expect(array[2] == .array([]))
        #expect(object["o"] == .object(JSONObject()))
        #expect(object["missing"] == nil)
    }

    @Test func keepsDuplicateKeysInOrder() throws {
        let object = try #require(try JSONParser.parse(#"{"b":1,"a":2,"a":3,"c":4,"b":5}"#).objectValue)
        #expect(object.keys == ["b", "a", "a", "c", "b"])
        #expect(object["a"]?.numberValue?.integerValue == 2)
        #expect(object["b"]?.numberValue?.integerValue == 1)
        #expect(object.duplicateKeys() == ["b", "a"])
        #expect(object.members.map { $0.value.numberValue?.literal } == ["1", "2", "3", "4", "5"])
    }

    @Test func carriageReturnAndTabAreWhitespace() throws {
        let value = try JSONParser.parse(" \r\n\t{\r\"a\"\r:\t[\r1\r,\n2\r]\r}\r\n ")
        #expect(value == .object(JSONObject([.init(key: "a", value: .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))])))
    }

    @Test(arguments: ["", " ", "\r\n", "\u{0C}1", "1\u{0B}", "\u{A0}1"])
    func rejectsNonJSONWhitespaceAndEmptyInput(_ text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message.contains("byte"))
    }

    @Test func rejectsByteOrderMark() throws {
        let error = try #require(parseError([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(error.byteOffset == 0)
        #expect(error.message.contains("byte-order mark is not allowed"))
    }

    @Test func trailingCommaInArrayNamesTheOffset() throws {
        let error = try #require(parseError("[1,2,]"))
        #expect(error.byteOffset == 5)
        #expect(error.message.contains("byte 5"))
        #expect(error.message.contains("trailing comma"))
    }

    @Test func trailingCommaInObjectNamesTheOffset() throws {
        let error = try #require(parseError(#"{"a":1,}"#))
        #expect(error.byteOffset == 7)
        #expect(error.message == "expected a string key after ',' at byte 7, found '}' (trailing commas are not allowed)")
    }

    @Test(arguments: [
        (#"{"a":1 "b":2}"#, 7, "expected ',' or '}' after an object member at byte 7, found '\"'"),
        (#"[1 2]"#, 3, "expected ',' or ']' after an array element at byte 3"),
        (#"{"a" 1}"#, 5, "expected ':' after an object key at byte 5"),
        (#"{1:2}"#, 1, "expected a string key after '{' at byte 1"),
        (#"{"a":1"#, 6, "expected ',' or '}' after an object member at byte 6 but the input ended"),
        ("[", 1, "expected a JSON value at byte 1 but the input ended"),
        ("{} x", 3, "trailing content after the JSON value at byte 3"),
        ("[tru]", 1, "invalid literal at byte 1 (expected true, false or null)"),
        ("[NaN]", 1, "expected a JSON value at byte 1"),
        ("[+1]", 1, "expected a JSON value at byte 1"),
        ("['a']", 1, "expected a JSON value at byte 1"),
        ("[01]", 1, "leading zeros are not allowed in a number at byte 1"),
        ("[-]", 2, "expected a digit after '-' in a number at byte 2"),
        ("[1.]", 3, "expected a digit after the decimal point in a number at byte 3"),
        ("[1e+]", 4, "expected a digit in the exponent of a number at byte 4"),
        ("[1]/*c*/", 3, "trailing content after the JSON value at byte 3"),
        (#"["\x"]"#, 2, #"invalid escape sequence at byte 2 (allowed: \" \\ \/ \b \f \n \r \t \uXXXX)"#),
        (#"["\u12"]"#, 2, #"invalid \u escape at byte 2 (expected four hex digits)"#),
        (#"["abc"#, 1, #"unterminated string starting at byte 1: expected '"' before the end of the input"#),
        ("[\"a\u{0A}\"]", 3, "control character U+000A inside a string at byte 3 (must be escaped)"),
    ] as [(String, Int, String)])
    func errorMessagesSayWhatWasExpectedAndWhere(_ text: String, offset: Int, message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.byteOffset == offset)
        #expect(error.message == message)
        #expect(error.description == message)
    }

    @Test(arguments: [
        "{\"a\":\"secret\u{01}\"}",
        "{\"secret\":\"x\u{1F}y\"}",
        #"{"a":"secret" "b":1}"#,
        #"{"secret" 1}"#,
        #"["secret",secret]"#,
        #"["secret\q"]"#,
        #"["secret\uD800"]"#,
        #"{"a":secret}"#,
        #"{"a":"secret"}secret"#,
        #"{"a":"secret"#,
        #"[1, 2, -secret]"#,
        "[\"secret\u{0A}secret\"]",
    ])
    func errorMessagesNeverQuoteContent(_ text: String) throws {
        let error = try #require(parseError(text))
        #expect(!error.message.contains("secret"))
        #expect(!error.message.contains("ecr"))
        #expect(!error.description.contains("secret"))
    }

    @Test func rawControlCharacterIsReportedByCodePointOnly() throws {
        let error = try #require(parseError("{\"a\":\"secret\u{01}\"}"))
        #expect(error.message == "control character U+0001 inside a string at byte 12 (must be escaped)")
        #expect(error.byteOffset == 12)
    }

    // MARK: Nesting

    @Test(arguments: ["[", "{\"a\":"])
    func deepNestingIsRejectedWithoutCrashing(_ opener: String) throws {
        let text = String(repeating: opener, count: 100_000)
        let error = try #require(parseError(text))
        #expect(error.message.hasPrefix("nesting deeper than 512 levels"))
    }

    @Test func nestingLimitIsExactly512() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(ok) == nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(parseError(tooDeep))
        #expect(error.byteOffset == 512)
        #expect(error.message == "nesting deeper than 512 levels at byte 512")
        let mixed = String(repeating: "{\"a\":[", count: 256) + "1" + String(repeating: "]}", count: 256)
        #expect(parseError(mixed) == nil)
    }

    @Test func manyElementsAndMembersGrowTheStacks() throws {
        let elements = (0..<5_000).map(String.init).joined(separator: ",")
        let members = (0..<3_000).map { "\"k\($0)\":[\($0),{\"x\":\($0)}]" }.joined(separator: ",")
        let value = try JSONParser.parse("{\"list\":[\(elements)],\(members)}")
        let object = try #require(value.objectValue)
        #expect(object.count == 3_001)
        #expect(object["list"]?.arrayValue?.count == 5_000)
        #expect(object["list"]?.arrayValue?.last?.numberValue?.integerValue == 4_999)
        #expect(object["k2999"] == .array([.number(JSONNumber(2_999)), .object(JSONObject([.init(key: "x", value: .number(JSONNumber(2_999)))]))]))
        // An error deep inside many open containers must clean up without leaking or crashing.
        #expect(parseError("{\"list\":[\(elements)],\(members),\"z\":[1,{\"q\":[2,}]}") != nil)
    }

    // MARK: Strings

    @Test func decodesEveryEscape() throws {
        let value = try JSONParser.parse(#"["\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\uD834\uDD1E\u0000"]"#)
        #expect(value == .array([.string("\"\\/\u{08}\u{0C}\n\r\tAé€𝄞\u{0}")]))
    }

    @Test func keepsRawNonASCII() throws {
        let value = try JSONParser.parse("[\"Grüße, 睡眠 😴 \u{2028}\"]")
        #expect(value == .array([.string("Grüße, 睡眠 😴 \u{2028}")]))
    }

    @Test(arguments: [
        #"["\uD800"]"#,
        #"["\uDBFF"]"#,
        #"["\uDC00"]"#,
        #"["\uDFFF\uD800"]"#,
        #"["\uD800\u0041"]"#,
        #"["\uD800\uD800"]"#,
        #"["\uD800x"]"#,
        #"["\uD800\"#,
        #"{"\uDD1E":1}"#,
    ])
    func rejectsLoneAndInvertedSurrogates(_ text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message.contains("surrogate") || error.message.contains("unterminated"))
    }

    @Test(arguments: [
        ([0xC0, 0x80], "overlong 2-byte"),
        ([0xC1, 0xBF], "overlong 2-byte"),
        ([0xE0, 0x80, 0x80], "overlong 3-byte"),
        ([0xE0, 0x9F, 0xBF], "overlong 3-byte"),
        ([0xF0, 0x8F, 0xBF, 0xBF], "overlong 4-byte"),
        ([0xED, 0xA0, 0x80], "UTF-8-encoded high surrogate"),
        ([0xED, 0xBF, 0xBF], "UTF-8-encoded low surrogate"),
        ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
        ([0xF5, 0x80, 0x80, 0x80], "invalid lead byte"),
        ([0xFF], "invalid byte"),
        ([0x80], "lone continuation byte"),
        ([0xE2, 0x82], "truncated sequence"),
        ([0xE2, 0x28, 0xA1], "bad continuation byte"),
        ([0xF0, 0x9F, 0x98], "truncated 4-byte sequence"),
    ] as [([UInt8], String)])
    func rejectsInvalidUTF8InStrings(_ sequence: [UInt8], _ label: String) throws {
        // After a long ASCII run (word-at-a-time scan) and right after the quote (byte scan).
        for prefix in ["", "abcdefghijklmnop"] {
            let bytes = Array("[\"\(prefix)".utf8) + sequence + Array("\"]".utf8)
            let error = try #require(parseError(bytes), "\(label)")
            #expect(error.message == "invalid UTF-8 at byte \(2 + prefix.utf8.count)", "\(label)")
            let escaped = Array("[\"\\n\(prefix)".utf8) + sequence + Array("\"]".utf8)
            let escapedError = try #require(parseError(escaped), "\(label) after an escape")
            #expect(escapedError.message == "invalid UTF-8 at byte \(4 + prefix.utf8.count)", "\(label)")
        }
    }

    @Test func rejectsInvalidUTF8OutsideStrings() throws {
        #expect(parseError([0x5B, 0xC3, 0xA9, 0x5D]) != nil)
        #expect(parseError(Array("[1]".utf8) + [0xC3, 0xA9]) != nil)
    }

    @Test(arguments: [
        [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
        [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
    func acceptsUTF8Boundaries(_ sequence: [UInt8]) throws {
        let value = try JSONParser.parse(Array("[\"".utf8) + sequence + Array("\"]".utf8))
        let string = try #require(value.arrayValue?.first?.stringValue)
        #expect(Array(string.utf8) == sequence)
    }

    @Test func stringsOfEveryLengthAroundTheWordSize() throws {
        for length in 0..<40 {
            let content = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            #expect(try JSONParser.parse("\"\(content)\"") == .string(content))
            #expect(try JSONParser.parse("\"\(content)é\(content)\"") == .string("\(content)é\(content)"))
            #expect(try JSONParser.parse("\"\(content)\\n\(content)\"") == .string("\(content)\n\(content)"))
            #expect(parseError("\"\(content)") != nil)
        }
    }

    // MARK: Numbers

    @Test func integerAndFractionForms() throws {
        let value = try JSONParser.parse("[1.0,10,-0,1e2,0,-7]")
        let numbers = try #require(value.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.literal) == ["1.0", "10", "-0", "1e2", "0", "-7"])
        #expect(numbers.map(\.integerValue) == [nil, 10, 0, nil, 0, -7])
        #expect(numbers.map(\.doubleValue) == [1.0, 10.0, -0.0, 100.0, 0.0, -7.0])
        #expect(numbers[2].doubleValue?.sign == .minus)
        #expect(numbers[0] != numbers[4])
    }

    @Test func bigIntegersParseButHaveNoInt64Value() throws {
        let text = "[9223372036854775807,-9223372036854775808,9223372036854775808,-9223372036854775809,123456789012345678901234567890]"
        let numbers = try #require(try JSONParser.parse(text).arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.integerValue) == [Int64.max, Int64.min, nil, nil, nil])
        #expect(numbers[4].literal == "123456789012345678901234567890")
        #expect(JSONWriter.encode(.array(numbers.map(JSONValue.number))) == Array(text.utf8))
    }

    @Test func hugeExponentsHaveNoDoubleValue() throws {
        let numbers = try #require(try JSONParser.parse("[1e400,-1e400,1e-400,1.5e308]").arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.doubleValue) == [nil, nil, 0, 1.5e308])
    }

    @Test(arguments: ["0", "-0", "1", "-1", "10", "0.5", "-0.0", "1.5", "1e5", "1E5", "1e+5", "1e-5", "-1.25e-3", "0e0", "123456789012345678901234567890"])
    func validNumberLiterals(_ literal: String) throws {
        let number = try #require(JSONNumber(literal: literal))
        #expect(number.literal == literal)
        #expect(number.description == literal)
        #expect(try JSONParser.parse(literal) == .number(number))
    }

    @Test(arguments: ["", "-", "01", "-01", "00", "+1", "1.", ".5", "1e", "1e+", "1.e1", "NaN", "Infinity", "-Infinity", " 1", "1 ", "0x10", "1.0e", "1_000", "１", "1,5", "--1"])
    func invalidNumberLiterals(_ literal: String) {
        #expect(JSONNumber(literal: literal) == nil)
    }

    @Test func numberFromInt64() {
        #expect(JSONNumber(Int64.min).literal == "-9223372036854775808")
        #expect(JSONNumber(Int64.min).integerValue == Int64.min)
        #expect(JSONNumber(42).literal == "42")
        #expect(JSONNumber(0).literal == "0")
    }

    @Test(arguments: [
        (1.5, "1.5"), (2.0, "2"), (-2.0, "-2"), (0.0, "0"), (-0.0, "-0"), (0.1, "0.1"), (-0.25, "-0.25"),
        (1e-7, "1e-07"), (1e300, "1e+300"), (123.456, "123.456"), (9_007_199_254_740_991, "9007199254740991"),
        (9_007_199_254_740_992, "9007199254740992.0"), (1e16, "1e+16"), (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ] as [(Double, String)])
    func numberFromDouble(_ value: Double, _ expected: String) throws {
        let number = try #require(JSONNumber(value))
        #expect(number.literal == expected)
        #expect(JSONNumber(literal: number.literal) == number)
        let back = try #require(number.doubleValue)
        #expect(back == value)
        #expect(back.sign == value.sign)
    }

    @Test func numberFromNonFiniteDoubleIsNil() {
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(Double.infinity) == nil)
        #expect(JSONNumber(-Double.infinity) == nil)
    }

    // MARK: Overloads

    @Test func overloadsAgree() throws {
        let text = #"{"a":[1,"ü"]}"#
        let expected = try JSONParser.parse(text)
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
        let padded = Array("xx\(text)yy".utf8)
        #expect(try JSONParser.parse(padded[2..<(padded.count - 2)]) == expected)
        let sliceError = try #require(Result { () throws(JSONParseError) in try JSONParser.parse(padded[2..<(padded.count - 1)]) }.failureValue)
        #expect(sliceError.byteOffset == text.utf8.count)
        let viaBuffer = Array(text.utf8).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try JSONParser.parse(buffer) }
        }
        #expect(try viaBuffer.get() == expected)
        #expect(parseError([UInt8]()) != nil)
        #expect(try JSONParser.parse(ArraySlice<UInt8>(Array("7".utf8))) == .number(JSONNumber(7)))
    }

    // MARK: Values and objects

    @Test func kindDescriptions() {
        let values: [JSONValue] = [.null, .bool(true), .number(JSONNumber(1)), .string("s"), .array([]), .object(JSONObject())]
        #expect(values.map(\.kindDescription) == ["null", "a boolean", "a number", "a string", "an array", "an object"])
        #expect(values.map(\.isNull) == [true, false, false, false, false, false])
        #expect(JSONValue.string("s").objectValue == nil)
        #expect(JSONValue.null.stringValue == nil)
        #expect(JSONValue.null.boolValue == nil)
        #expect(JSONValue.null.numberValue == nil)
        #expect(JSONValue.null.arrayValue == nil)
    }

    @Test func objectEditing() {
        var object = JSONObject()
        #expect(object.isEmpty)
        object.append("a", .number(JSONNumber(1)))
        object.append("b", .null)
        object.append("a", .number(JSONNumber(2)))
        #expect(object.keys == ["a", "b", "a"])
        #expect(object.duplicateKeys() == ["a"])
        object.set("a", .string("x"))
        #expect(object.members.map(\.value) == [.string("x"), .null, .number(JSONNumber(2))])
        object.set("c", .bool(false))
        #expect(object.keys == ["a", "b", "a", "c"])
        #expect(object.contains(key: "c"))
        #expect(object.removeValue(forKey: "a") == .string("x"))
        #expect(object.keys == ["b", "c"])
        #expect(object.duplicateKeys().isEmpty)
        #expect(object.removeValue(forKey: "zzz") == nil)
        #expect(object.count == 2)
        #expect(object["c"] == .bool(false))
    }

    @Test func objectEqualityIsOrderSensitive() {
        let ab = JSONObject([.init(key: "a", value: .null), .init(key: "b", value: .null)])
        let ba = JSONObject([.init(key: "b", value: .null), .init(key: "a", value: .null)])
        #expect(ab != ba)
        #expect(Set([JSONValue.object(ab), .object(ab), .object(ba)]).count == 2)
    }
}

extension Result {
    /// The error of a failed result, or `nil`.
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
