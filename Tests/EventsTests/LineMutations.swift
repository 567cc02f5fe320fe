/// Systematic mutations of a log line, for the differential tests of
/// `FastEventLineDecoder`: every byte deleted, every byte replaced by a few chosen bytes,
/// whitespace inserted everywhere, every prefix, keys repeated or added, numbers in other
/// forms, string bytes escaped, a BOM, carriage returns, NULs and invalid UTF-8.
enum LineMutations {
    /// The bytes each byte of a line is replaced by, one at a time: JSON structure, digits
    /// and number marks, letters, whitespace (a carriage return and a NUL among them) and
    /// bytes that are never, or only in part, UTF-8.
    static let replacementBytes: [UInt8] = [
        0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, // " \ , : { } [ ]
        0x30, 0x31, 0x39, 0x2D, 0x2B, 0x2E, 0x65, 0x45, // 0 1 9 - + . e E
        0x5A, 0x54, 0x61, 0x6E, 0x74, 0x66,             // Z T a n t f
        0x20, 0x09, 0x0A, 0x0D, 0x00, 0x1F, 0x7F,       // space, tab, LF, CR, NUL, US, DEL
        0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xF8, 0xFF,
    ]

    /// Other ways to write (or not) the numbers of a line.
    static let numberForms = [
        "0", "-0", "1", "-1", "01", "1.0", "1e0", "1E2", "1e+2", "1e-2", "-0.0", "0.1", "1.", ".5", "+1", "0x10",
        "9007199254740993", "123456789012345678", "1234567890123456789", "9223372036854775806",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "99999999999999999999",
        "1e400", "-1e400", "1e-400", "4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
        "0.30000000000000004", "123.456e-5", "1e22", "1e23", "9007199254740992e-22", "NaN", "Infinity",
        "\"1\"", "true", "null", "[1]", "{}",
    ]

    /// Keys (envelope and payload) added right after an object opens: a repeat when the
    /// line has the key already, an unknown key otherwise.
    static let envelopeInsertions = [
        #""seq":1"#, #""id":"x""#, #""type":"wokeUp""#, #""v":1"#, #""at":"2026-11-30T21:40:00+01:00""#,
        #""tz":"Europe/Berlin""#, #""source":"phone""#, #""causedBy":"x""#, #""batch":[1,2]"#, #""data":{}"#,
        #""extra":null"#,
    ]
    static let payloadInsertions = [
        #""night":"2026-11-30""#, #""sampleId":"S""#, #""stage":"deep""#, #""start":"2026-11-30T21:40:00+01:00""#,
        #""end":"2026-11-30T21:40:00+01:00""#, #""tz":"Europe/Berlin""#, #""tz":null"#, #""sourceName":"W""#,
        #""kind":"hrv""#, #""value":1"#, #""unit":"ms""#, #""item":"i""#, #""template":"t""#, #""action":"why""#,
        #""returnedEarly":true"#, #""app":"A""#, #""tier":"blockFirst""#, #""bedtime":"23:00""#,
        #""wakeTime":"2026-11-30T21:40:00+01:00""#, #""total":1"#, #""duration":1"#, #""interruptions":1"#,
        #""currentBedtime":"23:00""#, #""targetBedtime":"22:00""#, #""days":3"#, #""firstNight":"2026-11-30""#,
        #""sleepNeedMinutes":400"#, #""compression":2"#, #""preset":"p""#, #""weights":{}"#,
        #""deepTarget":{"minutes":1}"#, #""remTarget":{"percent":1}"#, #""deep":1"#, #""minutes":1"#,
    ]

    /// Byte sequences slipped into the line (at a string's start, or before the line).
    static let invalidSequences: [[UInt8]] = [
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0x80], [0xE2, 0x82], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xC3, 0xA9], [0xF0, 0x9F, 0x8C, 0x99],
        [0xE2, 0x84, 0xAA], [0xEF, 0xBB, 0xBF], [0x0D], [0x00], [0x09], [0x0A],
    ]

    /// Every mutation of `line`.
    static func all(of line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        results += deletions(of: line)
        results += replacements(of: line)
        results += insertions(of: line)
        results += prefixes(of: line)
        results += keyInsertions(into: line)
        results += numberRewrites(of: line)
        results += escapes(in: line)
        results += invalidBytes(in: line)
        results += wholeLine(line)
        return results
    }

    static func deletions(of line: [UInt8]) -> [[UInt8]] {
        line.indices.map { index in
            var mutated = line
            mutated.remove(at: index)
            return mutated
        }
    }

    static func replacements(of line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        for index in line.indices {
            for byte in replacementBytes where byte != line[index] {
                var mutated = line
                mutated[index] = byte
                results.append(mutated)
            }
        }
        return results
    }

    /// A space at every position, and a tab and a line feed at every structural position.
    static func insertions(of line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        for index in 0...line.count {
            var spaced = line
            spaced.insert(0x20, at: index)
            results.append(spaced)
            if index < line.count, [0x7B, 0x7D, 0x3A, 0x2C, 0x5B, 0x5D].contains(line[index]) {
                for byte: UInt8 in [0x09, 0x0A, 0x0D] {
                    var mutated = line
                    mutated.insert(byte, at: index)
                    results.append(mutated)
                    var after = line
                    after.insert(byte, at: index + 1)
                    results.append(after)
                }
            }
        }
        return results
    }

    static func prefixes(of line: [UInt8]) -> [[UInt8]] {
        (0..<line.count).map { Array(line[..<$0]) }
    }

    static func keyInsertions(into line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        if line.first == 0x7B {
            for member in envelopeInsertions {
                results.append([0x7B] + Array(member.utf8) + [0x2C] + line.dropFirst())
                results.append(Array(line.dropLast()) + [0x2C] + Array(member.utf8) + [0x7D])
            }
        }
        let dataKey = Array(#""data":{"#.utf8)
        if let range = firstRange(of: dataKey, in: line) {
            let emptyObject = range.upperBound < line.count && line[range.upperBound] == 0x7D
            for member in payloadInsertions {
                let inserted = Array(member.utf8) + (emptyObject ? [] : [0x2C])
                results.append(Array(line[..<range.upperBound]) + inserted + line[range.upperBound...])
            }
        }
        return results
    }

    /// Each number of the line (a run of number bytes right after a ':', '[' or ',') in
    /// every form of ``numberForms``.
    static func numberRewrites(of line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        var insideString = false
        var index = 0
        while index < line.count {
            let byte = line[index]
            if insideString {
                if byte == 0x5C { index += 2; continue }
                if byte == 0x22 { insideString = false }
                index += 1
                continue
            }
            if byte == 0x22 { insideString = true; index += 1; continue }
            if (byte == 0x2D || (0x30...0x39).contains(byte)), index > 0, [0x3A, 0x5B, 0x2C].contains(line[index - 1]) {
                var stop = index
                while stop < line.count, Array("-+.eE0123456789".utf8).contains(line[stop]) { stop += 1 }
                for form in numberForms {
                    results.append(Array(line[..<index]) + Array(form.utf8) + line[stop...])
                }
                index = stop
                continue
            }
            index += 1
        }
        return results
    }

    /// Each ASCII byte inside a string written as a `\u00XX` escape (the same text), and
    /// each `/` as `\/`; then a few escapes that change the text.
    static func escapes(in line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        var insideString = false
        let hex = Array("0123456789abcdef".utf8)
        for (index, byte) in line.enumerated() {
            if byte == 0x22 && (index == 0 || line[index - 1] != 0x5C) {
                if !insideString {
                    for escape in [#"\n"#, #"\""#, #"\\"#, #"\u00e9"#, #"\ud83c\udf19"#, #"\u0000"#, #"\ud800"#, #"\x41"#] {
                        results.append(Array(line[...index]) + Array(escape.utf8) + line[(index + 1)...])
                    }
                }
                insideString.toggle()
                continue
            }
            guard insideString, byte >= 0x20, byte < 0x80, byte != 0x5C else { continue }
            let escaped: [UInt8] = byte == 0x2F
                ? Array(#"\/"#.utf8)
                : Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            results.append(Array(line[..<index]) + escaped + line[(index + 1)...])
        }
        return results
    }

    /// Each sequence of ``invalidSequences`` at the start of every string.
    static func invalidBytes(in line: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
        var insideString = false
        for (index, byte) in line.enumerated() where byte == 0x22 && (index == 0 || line[index - 1] != 0x5C) {
            if !insideString {
                for sequence in invalidSequences {
                    results.append(Array(line[...index]) + sequence + line[(index + 1)...])
                }
            }
            insideString.toggle()
        }
        return results
    }

    /// A BOM, carriage returns, NULs and stray bytes around the whole line, and the line
    /// twice.
    static func wholeLine(_ line: [UInt8]) -> [[UInt8]] {
        [
            [0xEF, 0xBB, 0xBF] + line,
            line + [0x0D],
            [0x0D] + line,
            line + [0x00],
            line + [0x20, 0x00],
            line + [0x20],
            [0x20, 0x09] + line + [0x0A],
            line + line,
            line + [0x2C],
            [0x5B] + line + [0x5D],
            line + [0xFF],
        ]
    }

    static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
