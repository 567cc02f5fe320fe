import EventLogFile
import Events
import Foundation
import Simulation
import Testing

/// `FastEventLineDecoder` on simulated logs (60 nights, each profile): every line reads
/// exactly as with the reference `EventLineDecoder` (an equal event, encoding to the same
/// bytes, which are the line's), all on the fast path (no line handed over), and reading
/// the file through `EventLogReader` (whose default decoder it now is) gives the reference's
/// events.
struct FastDecoderSimulatedLogTests {
    static func lines(of configuration: SimulationConfiguration) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        try LogSimulator(configuration: configuration).forEachLine { line in lines.append(Array(line.dropLast())) }
        return lines
    }

    @Test("every simulated line reads as with the reference, on the fast path", arguments: SimulationProfile.allCases)
    func simulatedLog(profile: SimulationProfile) throws {
        let lines = try Self.lines(of: SimulationConfiguration(nights: 60, profile: profile))
        #expect(lines.count > 60 * 20)
        var fast = FastEventLineDecoder()
        var reference = EventLineDecoder()
        var types: Set<String> = []
        for (index, line) in lines.enumerated() {
            let expected = try reference.decode(line: line)
            let decoded = try fast.decode(line: line)
            #expect(decoded == expected, "line \(index + 1)")
            #expect(EventLineEncoder.encode(decoded) == line, "line \(index + 1) does not write back to its bytes")
            types.insert(decoded.typeName)
        }
        #expect(fast.fallbackLineCount == 0, "\(fast.fallbackLineCount) of \(lines.count) lines handed to the reference")
        #expect(fast.fastPathLineCount == lines.count)
        #expect(types.contains(EventType.sleepSampleIngested.rawValue))
        #expect(types.contains(EventType.vitalSampleIngested.rawValue))
    }

    @Test("mutated simulated lines read as with the reference")
    func mutatedSimulatedLines() throws {
        let lines = try Self.lines(of: SimulationConfiguration(nights: 60))
        var fast = FastEventLineDecoder()
        var reference = EventLineDecoder()
        // Every 50th line, each byte in turn deleted, replaced by a quote or a digit, or
        // doubled: the two decoders must agree on each mutation.
        for line in stride(from: 0, to: lines.count, by: 50).map({ lines[$0] }) {
            for index in line.indices {
                var deleted = line
                deleted.remove(at: index)
                var quoted = line
                quoted[index] = UInt8(ascii: "\"")
                var digit = line
                digit[index] = UInt8(ascii: "7")
                var doubled = line
                doubled.insert(line[index], at: index)
                for mutated in [deleted, quoted, digit, doubled] {
                    let expected = Result { () throws(EventDecodingError) -> RecordedEvent in try reference.decode(line: mutated) }
                    let actual = Result { () throws(EventDecodingError) -> RecordedEvent in try fast.decode(line: mutated) }
                    #expect(actual == expected, "\(String(decoding: mutated, as: UTF8.self))")
                }
            }
        }
        #expect(fast.fallbackLineCount > 0)
        #expect(fast.fastPathLineCount > 0)
    }

    @Test("EventLogReader reads a simulated file with the fast decoder by default, as with the reference")
    func readerDefault() throws {
        let lines = try Self.lines(of: SimulationConfiguration(nights: 60, profile: .struggling))
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("fast-decoder-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        var byDefault: [ScannedEvent] = []
        let summary = try EventLogReader.forEachEvent(path: path) { byDefault.append($0) }
        var byReference: [ScannedEvent] = []
        try EventLogReader.forEachEvent(path: path, decoder: EventLineDecoder()) { byReference.append($0) }
        #expect(summary.eventCount == lines.count)
        #expect(byDefault == byReference)
    }
}
