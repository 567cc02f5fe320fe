import Events
import Projections
import Testing
import TestSupport
import Views

/// A runner read back from its checkpoint folds on exactly as the runner it was made of:
/// the same JSON view, warnings, state, bookkeeping and bytes, at every cut of every
/// fixture log.
@Suite("Checkpoint: a runner read back folds on as the original")
struct CheckpointRoundTripTests {
    @Test func thereAreFixtureLogs() {
        let logs = CheckpointFixtures.logs
        #expect(logs.count >= 15, "\(logs)")
        #expect(logs.contains { $0.hasPrefix("Hostile/") }, "the hostile logs that fold are folded too")
    }

    @Test(arguments: CheckpointFixtures.logs)
    func foldsOnAlikeAtEveryCut(path: String) throws {
        let events = try CheckpointFixtures.events(of: path)
        for cut in Self.cuts(count: events.count, seed: UInt64(path.utf8.count)) {
            try CheckpointRoundTrip.expect(events, cut: cut, label: "\(path) cut \(cut)")
        }
    }

    /// Every cut of a short log; of a longer one the first and last few and 16 between.
    static func cuts(count: Int, seed: UInt64) -> [Int] {
        if count <= 48 { return Array(0...count) }
        var random = SplitMix(seed: seed)
        var cuts = Set([0, 1, 2, count / 2, count - 2, count - 1, count])
        while cuts.count < 23 { cuts.insert(random.next(below: count + 1)) }
        return cuts.sorted()
    }
}
