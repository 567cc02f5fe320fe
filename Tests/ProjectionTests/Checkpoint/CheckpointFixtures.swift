import Events
import Foundation
import Projections
import TestSupport

/// The fixture logs the checkpoint tests fold: every `*.jsonl` under `Tests/Fixtures`
/// (the JSON test suite aside) with at least one line that decodes, its events in (`at`,
/// `seq`) order (lines that do not decode, as in the hostile logs, are left out).
enum CheckpointFixtures {
    /// The logs' paths, relative to `Tests/Fixtures`, found on disk.
    static var logs: [String] {
        let root = Golden.fixturesDirectory
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("JSONTestSuite") }
            .filter { !((try? events(of: $0)) ?? []).isEmpty }
            .sorted()
    }

    /// The events of the log at `path` (relative to `Tests/Fixtures`), in fold order.
    static func events(of path: String) throws -> [RecordedEvent] {
        let data = try Data(contentsOf: Golden.fixture(path))
        var decoder = EventLineDecoder()
        let events = [UInt8](data).split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(line: Array($0)) }
        return EventOrdering.sorted(events)
    }

}
