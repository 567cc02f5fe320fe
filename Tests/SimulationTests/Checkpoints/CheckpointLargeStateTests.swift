import TestSupport
import Events
import Foundation
@testable import Projections
import Simulation
import Testing

/// A large simulated state (months of nights) read back from its checkpoint: the same
/// state, the same bytes written again; damaged bytes throw or read into a state that
/// writes itself and folds on, never a trap.
@Suite("Checkpoint: a large simulated state")
struct CheckpointLargeStateTests {
    static func runner(nights: Int, seed: UInt64) throws -> ProjectionRunner<LogState> {
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(try SimulatedLog(SimulationConfiguration(nights: nights, seed: seed)).events))
        return runner
    }

    @Test func aLargeStateReadsBackAsItWasWritten() throws {
        let runner = try Self.runner(nights: 300, seed: 41)
        let payload = runner.checkpointPayload()
        #expect(runner.state.sleep.records.count > 250)
        #expect(runner.checkpointPayload() == payload, "the same state writes the same bytes")
        let read = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        CheckpointRoundTrip.expectAlike(runner, read, label: "300 nights")
        #expect(read.checkpointPayload() == payload)
    }

    @Test func damagedBytesOfALargeStateNeverTrap() throws {
        let runner = try Self.runner(nights: 120, seed: 9)
        let payload = runner.checkpointPayload()
        var random = SplitMix(seed: 0x5EC7)
        var failures = 0
        for _ in 0..<160 {
            var damaged = payload
            let index = 4 + random.next(below: payload.count - 4)
            damaged[index] ^= UInt8(1 + random.next(below: 255))
            do {
                var read = try ProjectionRunner<LogState>(checkpointPayload: damaged, position: .end)
                _ = read.checkpointPayload()
                read.apply(contentsOf: EventOrdering.sorted(try SimulatedLog(SimulationConfiguration(nights: 2, seed: 3)).events))
            } catch {
                failures += 1
            }
        }
        #expect(failures > 0, "some damage is caught by decoding itself")
    }
}
