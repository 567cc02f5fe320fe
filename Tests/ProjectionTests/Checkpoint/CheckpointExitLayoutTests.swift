import TestSupport
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

    @Test(arguments: ["in order", "nights out of order", "a night without exits", "an exit of another night", "a wrong count of records"])
    func nightsAndTheirExitsAreChecked(what: String) throws {
        let (first, second) = try Self.records()
        let layout: [(Night, [ExitRecord])] = switch what {
        case "in order": [(first.night, [first]), (second.night, [second])]
        case "nights out of order": [(second.night, [second]), (first.night, [first])]
        case "a night without exits": [(first.night, [first]), (second.night, [])]
        case "a wrong count of records": [(first.night, [first]), (second.night, [second])]
        default: [(first.night, [second])]
        }
        var writer = CheckpointWriter()
        writer.count(layout.map(\.1.count).reduce(0, +) + (what == "a wrong count of records" ? 1 : 0))
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
}
