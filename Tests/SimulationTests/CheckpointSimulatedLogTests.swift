import Events
import Projections
import Store
import Simulation
import Testing
import TestSupport
import Views

/// A runner read back from its checkpoint folds a long simulated log on as the original
/// (goal changes, trips across zones, daylight-saving changes, many samples and vitals):
/// the checkpoint tests of `ProjectionTests` on a log of hundreds of nights, and on the
/// random plan logs that ask about plans while folding.
@Suite("Checkpoint: simulated logs fold on alike")
struct CheckpointSimulatedLogTests {
    @Test func aSimulatedLogFoldsOnAlikeFromACheckpoint() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 400, seed: 41))
        let events = EventOrdering.sorted(log.events)
        for cut in [1, events.count / 5, events.count / 2, events.count * 4 / 5, events.count - 3] {
            try CheckpointRoundTrip.expect(events, cut: cut, label: "cut \(cut)")
        }
    }

    @Test(arguments: 0..<6)
    func randomPlanLogsFoldOnAlikeFromACheckpoint(seed: Int) throws {
        let events = try RandomPlanLog(seed: UInt64(seed)).events
        for cut in stride(from: 0, through: events.count, by: max(1, events.count / 7)) {
            try CheckpointRoundTrip.expect(events, cut: cut, label: "cut \(cut)")
        }
    }
}
