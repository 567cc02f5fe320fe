import Events
import Projections
import Testing

/// The exit history's layout: the real nights' exits in one array, nights in order; read
/// back, a night's exits are found again, and bytes that break the order are refused.
@Suite("Checkpoint: the exit history's layout")
struct CheckpointExitLayoutTests {
    /// One exit on each of two nights.
    static func records() throws -> (first: ExitRecord, second: ExitRecord) {
        let runner = try ExitHistoryTests.log([
            try ExitHistoryTests.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try ExitHistoryTests.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
            try ExitHistoryTests.exit("request", at: "2026-12-01T20:00:00+01:00", on: "2026-12-01"),
        ]).runner()
        let first = try #require(runner.state.exits.records(for: try night("2026-11-30")).first)
        let second = try #require(runner.state.exits.records(for: try night("2026-12-01")).first)
        return (first, second)
    }

    @Test(arguments: ["in order", "nights out of order", "a night without exits", "an exit of another night"])
    func nightsAndTheirExitsAreChecked(what: String) throws {
        let (first, second) = try Self.records()
        let layout: [(Night, [ExitRecord])] = switch what {
        case "in order": [(first.night, [first]), (second.night, [second])]
        case "nights out of order": [(second.night, [second]), (first.night, [first])]
        case "a night without exits": [(first.night, [first]), (second.night, [])]
        default: [(first.night, [second])]
        }
        var writer = CheckpointWriter()
        writer.array(layout) { writer, entry in
            writer.night(entry.0)
            writer.array(entry.1)
        }
        let bytes = writer.bytes
        let read = bytes.withUnsafeBytes { raw in
            var reader = CheckpointReader(raw)
            return CheckpointSleepLayoutTests.result { () throws(CheckpointDecodingError) in try reader.value(ExitHistory.self) }
        }
        if what == "in order" {
            let history = try read.get()
            #expect(history.records(for: first.night) == [first])
            #expect(history.records(for: second.night) == [second])
            #expect(history.records(for: .demo).isEmpty)
            #expect(history.realRecords == [first, second])
        } else {
            #expect(throws: CheckpointDecodingError.self, "\(what)") { try read.get() }
        }
    }

    /// A string read among known ones is the known one when its bytes are, else read as
    /// any string (invalid UTF-8 and a cut still refused).
    @Test func stringsAmongKnownOnesReadAsAnyString() throws {
        let known: [(utf8: [UInt8], text: String)] = ["exitRequested", "exitConfirmed", "phone"].map { (Array($0.utf8), $0) }
        for text in ["exitConfirmed", "phone", "exitRequeste", "exitRequestedX", "", "caf\u{E9}"] {
            var writer = CheckpointWriter()
            writer.string(text)
            writer.uint8(7)
            let bytes = writer.bytes
            let read = try bytes.withUnsafeBytes { raw in
                var reader = CheckpointReader(raw)
                return try CheckpointSleepLayoutTests.result { () throws(CheckpointDecodingError) in
                    (try reader.string("test", among: known), try reader.uint8("test"))
                }.get()
            }
            #expect(read.0 == text)
            #expect(read.1 == 7)
        }
        for bytes: [UInt8] in [[3, 0xFF, 0xFE, 0x41], [13] + Array("exitRequested".utf8.dropLast())] {
            #expect(throws: CheckpointDecodingError.self) {
                try bytes.withUnsafeBytes { raw in
                    var reader = CheckpointReader(raw)
                    return try CheckpointSleepLayoutTests.result { () throws(CheckpointDecodingError) in try reader.string("test", among: known) }.get()
                }
            }
        }
    }
}
