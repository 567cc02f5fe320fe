import HealthImport
import Testing

/// Attribute values: entities, character references, normalization, UTF-8.
struct XMLAttributeValueTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("&lt;&lt;HKDevice: 0x283c1e6c0&gt;, name:iPhone, manufacturer:Apple Inc.&gt;", "<<HKDevice: 0x283c1e6c0>, name:iPhone, manufacturer:Apple Inc.>"),
        ("Tom &amp; Jerry&apos;s &quot;bed&quot;", "Tom & Jerry's \"bed\""),
        ("Noah&#8217;s&#xA0;iPhone", "Noah’s\u{00A0}iPhone"),
        ("&#x1F634;&#128564;", "😴😴"),
        ("Noah’s\u{00A0}iPhone", "Noah’s\u{00A0}iPhone"),
        ("a\tb\nc\r\nd\re", "a b c d e"),
        ("line&#10;break&#9;tab", "line\nbreak\ttab"),
        ("&#x41;&#66;", "AB"),
        ("", ""),
        ("a > b", "a > b"),
    ])
    func decodes(raw: String, decoded: String) throws {
        #expect(try XMLAttributeValue.decode(raw) == decoded)
    }

    @Test(arguments: [
        ("AT&T", XMLAttributeError.unknownEntity),
        ("&nbsp;", .unknownEntity),
        ("&amp", .unknownEntity),
        ("&;", .unknownEntity),
        ("&#;", .invalidCharacterReference),
        ("&#x;", .invalidCharacterReference),
        ("&#0;", .invalidCharacterReference),
        ("&#xD800;", .invalidCharacterReference),
        ("&#x110000;", .invalidCharacterReference),
        ("&#99999999999;", .invalidCharacterReference),
        ("&#12a;", .invalidCharacterReference),
        ("&#X42;", .invalidCharacterReference),  // XML writes the x of &#x lowercase only
    ])
    func rejects(raw: String, error: XMLAttributeError) {
        #expect(throws: error) { try XMLAttributeValue.decode(raw) }
    }

    @Test(arguments: [
        [0xFF] as [UInt8], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xE2, 0x80], [0x41, 0x80], [0x26, 0x61, 0x6D, 0x70, 0x3B, 0xFE],
    ])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(XMLAttributeError) in try XMLAttributeValue.decode(buffer) }
        }
        #expect(throws: XMLAttributeError.invalidUTF8) { try result.get() }
    }

    @Test func errorsNeverQuoteTheValue() {
        for error in [XMLAttributeError.unknownEntity, .invalidCharacterReference, .invalidUTF8] {
            #expect(!error.description.isEmpty)
        }
    }
}
