@_spi(LogTools) import EventLogFile
import TestSupport
import Foundation
import Testing

/// Runs `body` with the path of a new, empty temporary directory, removed afterwards.
private func withTemporaryFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("LineReaderTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.path)
}

/// Writes `bytes` to a new file `name` in `directory` and returns its path.
private func makeFile(_ bytes: [UInt8], named name: String = "log.jsonl", in directory: String) throws -> String {
    let path = directory + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// A line as the tests compare it: a copy of its bytes and where it was.
private struct CopiedLine: Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var lineNumber: Int
    var byteOffset: Int64
    var endsWithNewline: Bool

    init(bytes: [UInt8], lineNumber: Int, byteOffset: Int64, endsWithNewline: Bool) {
        self.bytes = bytes
        self.lineNumber = lineNumber
        self.byteOffset = byteOffset
        self.endsWithNewline = endsWithNewline
    }

    init(_ line: LineReader.Line) {
        self.init(
            bytes: Array(line.bytes),
            lineNumber: line.lineNumber,
            byteOffset: line.byteOffset,
            endsWithNewline: line.endsWithNewline
        )
    }

    var description: String {
        "#\(lineNumber)@\(byteOffset)\(endsWithNewline ? "" : " (no newline)"): \(bytes)"
    }
}

/// Reads every remaining line of `reader`, copied.
private func readAll(_ reader: inout LineReader) throws -> [CopiedLine] {
    var lines: [CopiedLine] = []
    while let line = try reader.nextLine() {
        lines.append(CopiedLine(line))
    }
    return lines
}

/// Splits `bytes` into lines in memory, the way the reader should.
private func splitInMemory(_ bytes: [UInt8], firstLineNumber: Int = 1, firstOffset: Int = 0) -> [CopiedLine] {
    var lines: [CopiedLine] = []
    var start = firstOffset
    var lineNumber = firstLineNumber
    while start < bytes.count {
        if let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(CopiedLine(
                bytes: Array(bytes[start..<newline]), lineNumber: lineNumber,
                byteOffset: Int64(start), endsWithNewline: true))
            start = newline + 1
        } else {
            lines.append(CopiedLine(
                bytes: Array(bytes[start...]), lineNumber: lineNumber,
                byteOffset: Int64(start), endsWithNewline: false))
            start = bytes.count
        }
        lineNumber += 1
    }
    return lines
}

/// A deterministic linear congruential generator (Knuth's MMIX constants).
private struct LinearCongruentialGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

/// Random-ish file contents: lines of 0–`longestLine` bytes (never `\n` inside, sometimes
/// `\r`, NUL or non-ASCII), with or without a final newline.
private func randomContents(seed: UInt64, lineCount: Int, longestLine: Int, finalNewline: Bool) -> [UInt8] {
    var generator = LinearCongruentialGenerator(state: seed)
    var bytes: [UInt8] = []
    for index in 0..<lineCount {
        let length = Int.random(in: 0...longestLine, using: &generator)
        for _ in 0..<length {
            var byte = UInt8.random(in: 0...255, using: &generator)
            if byte == UInt8(ascii: "\n") {
                byte = UInt8(ascii: "\r")
            }
            bytes.append(byte)
        }
        if index < lineCount - 1 || finalNewline {
            bytes.append(UInt8(ascii: "\n"))
        }
    }
    return bytes
}

private let bufferSizes = [1, 2, 3, 7, 16, 100, 4096, LineReader.defaultBufferSize]

@Suite("LineReader")
struct LineReaderTests {
    @Test("an empty file has no lines")
    func emptyFile() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile([], in: directory)
            var reader = try LineReader(path: path)
            #expect(try reader.nextLine() == nil)
            #expect(try reader.nextLine() == nil)
            #expect(reader.position == .start)
            #expect(reader.path == path)
        }
    }

    @Test(
        "lines straddling buffer boundaries come out as splitting in memory does",
        arguments: bufferSizes, [UInt64(1), 2, 3, 42]
    )
    func matchesInMemorySplit(bufferSize: Int, seed: UInt64) throws {
        try withTemporaryFolder { directory in
            let contents = randomContents(
                seed: seed, lineCount: 300, longestLine: seed == 42 ? 300 : 40, finalNewline: seed % 2 == 0)
            let path = try makeFile(contents, in: directory)
            var reader = try LineReader(path: path, bufferSize: bufferSize, maximumLineLength: 1000)
            let lines = try readAll(&reader)
            let expected = splitInMemory(contents)
            #expect(lines.count == expected.count)
            #expect(lines == expected)
            #expect(reader.position.byteOffset == Int64(contents.count))
            #expect(reader.position.lineNumber == expected.count + 1)
        }
    }

    @Test("exact line numbers, offsets and newline flags", arguments: bufferSizes)
    func numbersOffsetsAndFlags(bufferSize: Int) throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("ab\n\ncdef\ng".utf8), in: directory)
            var reader = try LineReader(path: path, bufferSize: bufferSize)
            let lines = try readAll(&reader)
            #expect(lines == [
                CopiedLine(bytes: Array("ab".utf8), lineNumber: 1, byteOffset: 0, endsWithNewline: true),
                CopiedLine(bytes: [], lineNumber: 2, byteOffset: 3, endsWithNewline: true),
                CopiedLine(bytes: Array("cdef".utf8), lineNumber: 3, byteOffset: 4, endsWithNewline: true),
                CopiedLine(bytes: Array("g".utf8), lineNumber: 4, byteOffset: 9, endsWithNewline: false),
            ])
            #expect(reader.position == LineReader.Position(byteOffset: 10, lineNumber: 5))
        }
    }

    @Test("a file ending with a newline has no extra empty line; blank lines are lines")
    func finalNewlineAndBlankLines() throws {
        try withTemporaryFolder { directory in
            var reader = try LineReader(path: try makeFile(Array("x\n".utf8), named: "one", in: directory))
            #expect(try readAll(&reader).map(\.endsWithNewline) == [true])
            var blanks = try LineReader(path: try makeFile(Array("\n\n".utf8), named: "two", in: directory))
            let lines = try readAll(&blanks)
            #expect(lines.map(\.bytes) == [[], []])
            #expect(lines.map(\.byteOffset) == [0, 1])
        }
    }

    @Test("a last line without newline is flagged, with its end offset and position")
    func tornLastLine() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("{\"seq\":1}\n{\"seq\":2}".utf8), in: directory)
            var reader = try LineReader(path: path)
            let first = try #require(try reader.nextLine())
            #expect(first.endsWithNewline)
            #expect(first.endByteOffset == 10)
            let last = try #require(try reader.nextLine())
            #expect(!last.endsWithNewline)
            #expect(Array(last.bytes) == Array("{\"seq\":2}".utf8))
            #expect(last.position == LineReader.Position(byteOffset: 10, lineNumber: 2))
            #expect(last.endByteOffset == 19)
            #expect(try reader.nextLine() == nil)
        }
    }

    @Test("carriage returns and other bytes pass through untouched")
    func carriageReturnsPassThrough() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("a\r\n\r\nb\0c\r".utf8), in: directory)
            var reader = try LineReader(path: path, bufferSize: 2)
            let lines = try readAll(&reader)
            #expect(lines.map(\.bytes) == [Array("a\r".utf8), Array("\r".utf8), Array("b\0c\r".utf8)])
            #expect(lines.map(\.endsWithNewline) == [true, true, false])
        }
    }

    @Test("reading can start at a saved position", arguments: bufferSizes)
    func startAtPosition(bufferSize: Int) throws {
        try withTemporaryFolder { directory in
            let contents = randomContents(seed: 7, lineCount: 50, longestLine: 30, finalNewline: true)
            let path = try makeFile(contents, in: directory)
            var whole = try LineReader(path: path, bufferSize: bufferSize)
            let all = try readAll(&whole)
            for index in [0, 1, 17, 49] {
                let start = LineReader.Position(byteOffset: all[index].byteOffset, lineNumber: all[index].lineNumber)
                var reader = try LineReader(path: path, startingAt: start, bufferSize: bufferSize)
                #expect(try readAll(&reader) == Array(all[index...]))
            }
            // Starting at the end gives nothing.
            let end = whole.position
            var atEnd = try LineReader(path: path, startingAt: end, bufferSize: bufferSize)
            #expect(try atEnd.nextLine() == nil)
            #expect(atEnd.position == end)
        }
    }

    @Test("lines appended after the end are found by the same reader and from a saved position")
    func followsGrowingFile() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let writer = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            try Array("one\ntwo\n".utf8).withUnsafeBytes { try writer.appendAll($0) }
            var reader = try LineReader(path: path, bufferSize: 5)
            #expect(try readAll(&reader).map(\.lineNumber) == [1, 2])
            let saved = reader.position
            try Array("three\nfour\n".utf8).withUnsafeBytes { try writer.appendAll($0) }
            let more = try readAll(&reader)
            #expect(more.map(\.bytes) == [Array("three".utf8), Array("four".utf8)])
            #expect(more.map(\.lineNumber) == [3, 4])
            #expect(more.map(\.byteOffset) == [8, 14])
            var fromSaved = try LineReader(path: path, startingAt: saved)
            #expect(try readAll(&fromSaved) == more)
        }
    }

    @Test("a line over the maximum is lineTooLong naming the path and line", arguments: [1, 4, 10, 11, 12, 64, 4096])
    func lineTooLong(bufferSize: Int) throws {
        try withTemporaryFolder { directory in
            // Lines 1–2 are at or under the maximum of 10 bytes; line 3 has 11.
            let path = try makeFile(Array("short\n0123456789\n0123456789A\nafter\n".utf8), in: directory)
            var reader = try LineReader(path: path, bufferSize: bufferSize, maximumLineLength: 10)
            #expect(try reader.nextLine()?.bytes.count == 5)
            #expect(try reader.nextLine()?.bytes.count == 10)
            let error = try #require(throws: EventLogFileError.self) {
                _ = try reader.nextLine()
            }
            #expect(error.code == .lineTooLong)
            #expect(error.line == 3)
            #expect(error.path == path)
            #expect(error.description.hasPrefix("\(path):3: "))
        }
    }

    @Test("a long last line without newline is lineTooLong too", arguments: [1, 8, 64])
    func tornLineTooLong(bufferSize: Int) throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array(("ok\n" + String(repeating: "x", count: 40)).utf8), in: directory)
            var reader = try LineReader(path: path, bufferSize: bufferSize, maximumLineLength: 39)
            #expect(try reader.nextLine()?.lineNumber == 1)
            let error = try #require(throws: EventLogFileError.self) {
                _ = try reader.nextLine()
            }
            #expect(error.code == .lineTooLong)
            #expect(error.line == 2)
        }
    }

    @Test("a huge line is refused without reading it all")
    func hugeLineIsRefused() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile([UInt8](repeating: UInt8(ascii: "a"), count: 3_000_000), in: directory)
            var reader = try LineReader(path: path, bufferSize: 4096, maximumLineLength: 100_000)
            let error = try #require(throws: EventLogFileError.self) {
                _ = try reader.nextLine()
            }
            #expect(error.code == .lineTooLong)
            #expect(error.line == 1)
        }
    }

    @Test("forEachLine stops when asked, and reading can go on from there")
    func forEachLineStops() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("a\nb\nc\nd\n".utf8), in: directory)
            var reader = try LineReader(path: path, bufferSize: 3)
            var seen: [[UInt8]] = []
            try reader.forEachLine { line in
                seen.append(Array(line.bytes))
                return line.lineNumber == 2 ? .stop : .continue
            }
            #expect(seen == [Array("a".utf8), Array("b".utf8)])
            #expect(reader.position == LineReader.Position(byteOffset: 4, lineNumber: 3))
            #expect(try reader.nextLine()?.lineNumber == 3)
            var count = 0
            try reader.forEachLine { _ in
                count += 1
                return .continue
            }
            #expect(count == 1)
        }
    }

    @Test("an error thrown by the body of forEachLine comes out unchanged")
    func forEachLineRethrows() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("a\nb\n".utf8), in: directory)
            var reader = try LineReader(path: path)
            let error = try #require(throws: EventLogFileError.self) {
                try reader.forEachLine { line throws(EventLogFileError) in
                    if line.lineNumber == 2 {
                        throw EventLogFileError(
                            code: .invalidLine, message: "expected an object", path: path, line: line.lineNumber)
                    }
                    return .continue
                }
            }
            #expect(error.code == .invalidLine)
            #expect(error.line == 2)
        }
    }

    @Test("a reader over an appending descriptor gives it back for appending")
    func takeDescriptorBack() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/log.jsonl"
            let writer = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true)
            try writer.lockExclusive(timeout: .zero)
            try Array("one\ntw".utf8).withUnsafeBytes { try writer.appendAll($0) }
            var reader = try LineReader(descriptor: writer)
            let lines = try readAll(&reader)
            #expect(lines.map(\.endsWithNewline) == [true, false])
            let tornAt = try #require(lines.last).byteOffset
            let descriptor = reader.takeDescriptor()
            try descriptor.truncate(to: tornAt)
            try Array("two\n".utf8).withUnsafeBytes { try descriptor.appendAll($0) }
            descriptor.unlock()
            descriptor.close()
            var check = try LineReader(path: path)
            #expect(try readAll(&check).map(\.bytes) == [Array("one".utf8), Array("two".utf8)])
        }
    }

    @Test("out-of-range arguments are invalidArgument")
    func invalidArguments() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("a\n".utf8), in: directory)
            let cases: [(LineReader.Position, Int, Int)] = [
                (LineReader.Position(byteOffset: -1, lineNumber: 1), 16, 100),
                (LineReader.Position(byteOffset: 0, lineNumber: 0), 16, 100),
                (.start, 0, 100),
                (.start, 16, -1),
            ]
            for (position, bufferSize, maximumLineLength) in cases {
                let error = try #require(throws: EventLogFileError.self) {
                    _ = try LineReader(
                        path: path, startingAt: position, bufferSize: bufferSize, maximumLineLength: maximumLineLength)
                }
                #expect(error.code == .invalidArgument)
            }
        }
    }

    @Test("reading a missing file fails with notFound")
    func missingFile() throws {
        try withTemporaryFolder { directory in
            let path = directory + "/missing.jsonl"
            let error = try #require(throws: EventLogFileError.self) {
                _ = try LineReader(path: path)
            }
            #expect(error.code == .notFound)
            #expect(error.path == path)
        }
    }

    @Test("a maximum line length of zero allows only empty lines")
    func zeroMaximum() throws {
        try withTemporaryFolder { directory in
            let path = try makeFile(Array("\n\nx\n".utf8), in: directory)
            var reader = try LineReader(path: path, maximumLineLength: 0)
            #expect(try reader.nextLine()?.bytes.count == 0)
            #expect(try reader.nextLine()?.bytes.count == 0)
            let error = try #require(throws: EventLogFileError.self) {
                _ = try reader.nextLine()
            }
            #expect(error.line == 3)
        }
    }
}
