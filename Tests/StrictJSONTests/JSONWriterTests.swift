import Testing


import StrictJSON
import TestSupport

@Suite("JSONWriter")
struct JSONWriterTests {
    /// The writer's output for `value`, as a String for readable expectations.
    private func written(_ value: JSONValue) -> String {
        String(decoding: JSONWriter.encode(value), as: UTF8.self)
    }

    /// The writer's output for the string `string`, quotes included.
    private func writtenString(_ string: String) -> String {
        var buffer: [UInt8] = []
        JSONWriter.writeString(string, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func writesCompactlyKeepingLiteralsAndOrder() throws {
        let value = try JSONParser.parse(#" { "z" : [ 1 , 2.50 , -0 , 1E+2 , true , false , null , { "b" : "c" } , [ ] , { } ] , "a" : "x" } "#)
        #expect(written(value) == #"{"z":[1,2.50,-0,1E+2,true,false,null,{"b":"c"},[],{}],"a":"x"}"#)
    }

    @Test func writesDuplicateKeysInStoredOrder() throws {
        var object = JSONObject()
        object.append("b", .number(JSONNumber(1)))
        object.append("a", .null)
        object.append("b", .bool(true))
        #expect(written(.object(object)) == #"{"b":1,"a":null,"b":true}"#)
        #expect(try JSONParser.parse(JSONWriter.encode(.object(object))) == .object(object))
    }

    @Test(arguments: [
        ("", #""""#),
        ("plain", #""plain""#),
        ("a/b</script>", #""a/b</script>""#),
        ("\"", #""\"""#),
        ("\\", #""\\""#),
        ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}", #""\u0000""#),
        ("\u{1}\u{1F}\u{0B}", #""\u0001\u001f\u000b""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),
        ("é€😴", "\"é€😴\""),
        ("say \"hi\"\n\\o/", #""say \"hi\"\n\\o/""#),
    ] as [(String, String)])
    func escapesMinimally(_ input: String, _ expected: String) throws {
        #expect(writtenString(input) == expected)
        #expect(written(.string(input)) == expected)
        #expect(try JSONParser.parse(expected) == .string(input))
    }

    @Test func neverEscapesSlashAndWritesLineSeparatorRaw() {
        let bytes = JSONWriter.encode(.string("/\u{2028}"))
        #expect(bytes == [0x22, 0x2F, 0xE2, 0x80, 0xA8, 0x22])
    }

    @Test func everyControlCharacterHasOneEscape() throws {
        let short: [UInt8: String] = [0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"]
        for byte in UInt8(0)..<0x20 {
            let string = String(decoding: [byte], as: UTF8.self)
            let hex = String(byte, radix: 16)
            let expected = short[byte] ?? "\\u00" + String(repeating: "0", count: 2 - hex.count) + hex
            #expect(writtenString(string) == "\"\(expected)\"")
            #expect(try JSONParser.parse(JSONWriter.encode(.string(string))) == .string(string))
        }
    }

    @Test func writeAppendsToExistingBytes() {
        var buffer = Array("prefix:".utf8)
        JSONWriter.write(.array([.null, .string("s")]), into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"prefix:[null,"s"]"#)
        JSONWriter.writeString("k", into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"prefix:[null,"s"]"k""#)
    }

    @Test func numbersAreWrittenAsTheirLiteral() throws {
        let literals = ["0", "-0", "1.0", "1e2", "1E-2", "123456789012345678901234567890", "0.000000000000000000001"]
        let numbers = try literals.map { try #require(JSONNumber(literal: $0)) }
        #expect(written(.array(numbers.map(JSONValue.number))) == "[" + literals.joined(separator: ",") + "]")
        #expect(written(.number(try #require(JSONNumber(2.0)))) == "2")
        #expect(written(.number(try #require(JSONNumber(0.1)))) == "0.1")
    }

    @Test func everyASCIIAndSomeUnicodeRoundTrips() throws {
        let ascii = String(decoding: Array(UInt8(0)..<0x80), as: UTF8.self)
        let text = ascii + "Grüße 睡眠 😴 \u{FEFF}\u{10FFFF}"
        let bytes = JSONWriter.encode(.object(JSONObject([.init(key: text, value: .string(text))])))
        let back = try JSONParser.parse(bytes)
        #expect(back.objectValue?[text]?.stringValue == text)
        #expect(JSONWriter.encode(back) == bytes)
    }

    @Test("y_ corpus files round-trip, and writing is idempotent", arguments: JSONTestSuiteCorpus.acceptedFileNames)
    func corpusRoundTrip(_ name: String) throws {
        guard let input = JSONTestSuiteCorpus.bytes(of: name) else { return }
        let value = try JSONParser.parse(input)
        let written = JSONWriter.encode(value)
        let reparsed = try JSONParser.parse(written)
        #expect(reparsed == value)
        let rewritten = JSONWriter.encode(reparsed)
        #expect(rewritten == written)
        // Compact output: no whitespace outside strings means no raw control bytes at all.
        #expect(!written.contains { $0 < 0x20 })
    }
}
