import TestSupport
import Events
import Foundation
import Simulation
import Testing

/// A checkpoint is a cache (docs/checkpoints.md): for simulated logs cut at random lines,
/// `show --json` from a checkpoint of the first lines plus the lines after it is
/// byte-identical to `show --json --no-checkpoint`, which folds every line.
@Suite struct CheckpointEquivalenceTests {
    /// The line starts of `bytes` (byte offsets), the first line's included.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && index + 1 < bytes.count { starts.append(index + 1) }
        return starts
    }

    /// Writes the first `cut` bytes, checkpoints them, appends the rest, and compares the
    /// views; answers whether the fold started from the checkpoint.
    static func compare(_ bytes: [UInt8], cut: Int, folder: TemporaryFolder, name: String, arguments extra: [String] = []) throws -> Bool {
        let path = try folder.write(name, Array(bytes[..<cut]))
        let checkpoint = ToolRun.run(["checkpoint", path])
        #expect(checkpoint.code == .success, "\(checkpoint.error)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes[cut...]))
        try handle.close()
        let with = ToolRun.run(["show", path, "--json"] + extra)
        let without = ToolRun.run(["show", path, "--json", "--no-checkpoint"] + extra)
        #expect(with.code == without.code)
        #expect(with.output == without.output, "cut at byte \(cut) of \(name)")
        #expect(!without.error.contains("checkpoint"), "--no-checkpoint says nothing of checkpoints: \(without.error)")
        return with.error.contains("started from checkpoint")
    }

    @Test(arguments: [(seed: UInt64(5), nights: 20), (seed: 77, nights: 35), (seed: 2026, nights: 12)])
    func stateFromACheckpointPlusTheTailEqualsTheFullFold(seed: UInt64, nights: Int) throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: nights, seed: seed))
        let starts = Self.lineStarts(log.bytes)
        var generator = SplitMix(seed: seed)
        let folder = try TemporaryFolder()
        var startedFromOne = 0
        for round in 0..<6 {
            let cut = starts[Int.random(in: 1..<starts.count, using: &generator)]
            if try Self.compare(log.bytes, cut: cut, folder: folder, name: "log-\(round).jsonl") { startedFromOne += 1 }
        }
        #expect(startedFromOne > 0, "at least one cut was folded from its checkpoint")
    }

    @Test func asOfAnInstantAndAnUntilSeqTheViewsAreTheSameToo() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 20, seed: 9))
        let starts = Self.lineStarts(log.bytes)
        let folder = try TemporaryFolder()
        let middle = log.events[log.events.count / 2]
        let cut = starts[log.events.count / 3]
        _ = try Self.compare(log.bytes, cut: cut, folder: folder, name: "at.jsonl", arguments: ["--at", middle.at.rfc3339])
        _ = try Self.compare(log.bytes, cut: cut, folder: folder, name: "seq.jsonl", arguments: ["--until-seq", "\(log.events.count / 4)"])
    }

    @Test func aLineDatedBeforeTheCheckpointMakesTheFoldStartEarlierWithTheSameView() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 15, seed: 12))
        let folder = try TemporaryFolder()
        // A late line: an early event again, under a new id and the next seq (a watch's
        // queue arriving after the checkpoint was written).
        let early = log.events[log.events.count / 4]
        var late = early.event
        late.id = "late-\(early.id)"
        let line = EventLineEncoder.encode(RecordedEvent(seq: log.events.count + 1, event: late)) + [UInt8(ascii: "\n")]
        let path = try folder.write("late.jsonl", log.bytes)
        #expect(ToolRun.run(["checkpoint", path]).code == .success)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line))
        try handle.close()
        let with = ToolRun.run(["show", path, "--json"])
        let without = ToolRun.run(["show", path, "--json", "--no-checkpoint"])
        #expect(with.output == without.output)
        #expect(!with.error.contains("(seq \(log.events.count))"), "the newest checkpoint is not the start: \(with.error)")
        #expect(with.error.contains("checkpoint"), "it says which start it took: \(with.error)")
    }
}
