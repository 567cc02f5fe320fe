import TestSupport
import Events
import Projections
import Testing

/// The exit history's layout: the real nights' exits in one array, nights in order, then
/// the demo night's; read back, a night's exits are found again, and bytes that break the
/// order are refused.
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

    @Test(arguments: ["in order", "nights out of order", "a demo night's exit among the real nights'", "a real night's exit among the demo night's", "an exit without its request"])
    func nightsAndTheirExitsAreChecked(what: String) throws {
        let (first, second) = try Self.records()
        var demo = first
        demo.night = .demo
        var causeless = second
        causeless.causes = []
        let (dated, demoRecords): ([ExitRecord], [ExitRecord]) = switch what {
        case "in order": ([first, second], [demo])
        case "nights out of order": ([second, first], [])
        case "a demo night's exit among the real nights'": ([first, demo], [])
        case "a real night's exit among the demo night's": ([first], [second])
        default: ([first, causeless], [])
        }
        var writer = CheckpointWriter()
        writer.write(dated)
        writer.write(demoRecords)
        let read = StateBytes.read(writer.bytes, as: ExitHistory.self)
        if what == "in order" {
            let history = try read.get()
            #expect(history.records(for: first.night) == [first])
            #expect(history.records(for: second.night) == [second])
            #expect(history.records(for: .demo) == [demo])
            #expect(history.realRecords == [first, second])
            #expect(StateBytes.of(history) == writer.bytes)
        } else {
            #expect(throws: CheckpointDecodingError.self, "\(what)") { try read.get() }
        }
    }
}
