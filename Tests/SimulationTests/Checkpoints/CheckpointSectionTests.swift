import TestSupport
import Events
import Foundation
@testable import Projections
import Simulation
import Testing

/// `LogState` writes each projection in a section of its own and decodes the sleep ledger
/// beside the others on two threads (`CheckpointParallel`) when it is large. Decoded on one
/// thread or two, the same bytes give the same state, and the same damaged bytes the same
/// error, at the same absolute offset.
@Suite("Checkpoint: sections decode the same on one thread or two")
struct CheckpointSectionTests {
    static func runner(nights: Int, seed: UInt64) throws -> ProjectionRunner<LogState> {
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(try SimulatedLog(SimulationConfiguration(nights: nights, seed: seed)).events))
        return runner
    }

    /// The payload decoded both ways: the re-encoded bytes, or the error's description.
    static func decodeBothWays(_ payload: [UInt8]) -> (serial: String, parallel: String) {
        func outcome(_ inParallel: Bool) -> String {
            payload.withUnsafeBytes { bytes in
                do throws(CheckpointDecodingError) {
                    let read = try ProjectionRunner<LogState>(checkpointPayload: bytes, position: .end, inParallel: inParallel)
                    return "decoded, the same bytes again: \(read.checkpointPayload() == payload)"
                } catch {
                    return error.description
                }
            }
        }
        return (outcome(false), outcome(true))
    }

    @Test func aLargeStateDecodesTheSameOnOneThreadOrTwo() throws {
        let runner = try Self.runner(nights: 300, seed: 41)
        let payload = runner.checkpointPayload()
        // The sleep ledger's section is large enough to be decoded on its own thread.
        #expect(runner.state.sleep.records.count > 250)
        #expect(payload.count > 4 * CheckpointParallel.minimumParallelBytes, "\(payload.count) bytes")
        let serial = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        #expect(serial.state == runner.state)
        #expect(serial.checkpointPayload() == payload)
        let both = Self.decodeBothWays(payload)
        #expect(both.serial == both.parallel)
        #expect(both.serial.hasSuffix("true"), "\(both.serial)")
    }

    @Test func damagedBytesGiveTheSameErrorOnOneThreadOrTwo() throws {
        let payload = try Self.runner(nights: 120, seed: 9).checkpointPayload()
        var random = SplitMix(seed: 0x5EC7)
        var failures = 0
        for _ in 0..<160 {
            var damaged = payload
            let index = 4 + random.next(below: payload.count - 4)
            damaged[index] ^= UInt8(1 + random.next(below: 255))
            let both = Self.decodeBothWays(damaged)
            #expect(both.serial == both.parallel, "byte \(index)")
            if both.serial.hasPrefix("checkpoint payload:") { failures += 1 }
        }
        #expect(failures > 0, "some damage is caught by decoding itself")
    }

    @Test func aSectionsErrorNamesItsOffsetInThePayload() throws {
        // A section holding one byte that is not a valid optional mark, after another.
        var writer = CheckpointWriter()
        writer.uint8(7)
        writer.section { $0.uint8(0xFF) }
        let bytes = writer.bytes
        let error = bytes.withUnsafeBytes { raw -> CheckpointDecodingError? in
            var reader = CheckpointReader(raw)
            do throws(CheckpointDecodingError) {
                _ = try reader.uint8("the first byte")
                var section = try reader.section("the section")
                _ = try section.optionalInt("the optional")
                return nil
            } catch {
                return error
            }
        }
        // 7, the section's length (1), then the bad mark at byte 2.
        #expect(error?.offset == 2)
    }
}
