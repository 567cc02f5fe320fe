import TestSupport
import CrashConsistency
import EventLogFile
import Events
import Foundation
import Testing

/// What a crash leaves when the disk had written some sectors of the last append and not
/// others: zero bytes where lines were. Reading tells it from corruption by what follows.
@Suite("Zero-filled sectors in the last append read as a torn tail")
struct ZeroFilledTailTests {
    /// A log of event 1 alone, then the batch of events 2–13; `damage` changes the batch's bytes.
    private func log(in folder: TemporaryFolder, damage: (inout [UInt8], Range<Int>) -> Void) throws -> (path: String, sound: [UInt8]) {
        let path = folder.path + "/log.jsonl"
        let log = try FileEventLog(path: path)
        _ = try log.append([WorkloadEvents.event(1)])
        let sound = folder.bytes("log.jsonl")
        _ = try log.append(WorkloadEvents.events(2...13))
        var bytes = folder.bytes("log.jsonl")
        damage(&bytes, sound.count..<bytes.count)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, sound)
    }

    @Test("a zeroed sector inside the last batch: a torn tail from the batch's first line, which repair removes")
    func zeroedSectorInTheLastBatch() throws {
        let folder = try TemporaryFolder()
        let (path, sound) = try log(in: folder) { bytes, batch in
            let sector = (batch.lowerBound / 512 + 1) * 512
            for index in sector..<min(sector + 512, batch.upperBound) { bytes[index] = 0 }
        }
        let report = try FileEventLog.verify(path: path)
        #expect(report.issues.map(\.kind) == [.tornTail])
        let torn = try #require(report.tornTail)
        #expect(torn.firstLine == 2 && torn.byteOffset == Int64(sound.count))
        #expect(torn.description.contains("zero bytes"))
        #expect(report.eventCount == 1)
        _ = try FileEventLog.repair(path: path)
        #expect(folder.bytes("log.jsonl") == sound)
    }

    @Test("zeros where the file was extended but not written (a hole) at the end: a torn tail")
    func holeAtTheEnd() throws {
        let folder = try TemporaryFolder()
        let (path, _) = try log(in: folder) { bytes, batch in
            for index in batch { bytes[index] = 0 }
        }
        let report = try FileEventLog.verify(path: path)
        #expect(report.issues.map(\.kind) == [.tornTail])
        #expect(report.eventCount == 1)
    }

    @Test("zeros followed by an event that is read whole: corruption, which repair refuses to cut")
    func zerosBeforeASoundEventAreCorruption() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/log.jsonl"
        let log = try FileEventLog(path: path)
        _ = try log.append([WorkloadEvents.event(1)])
        _ = try log.append([WorkloadEvents.event(2)])
        _ = try log.append([WorkloadEvents.event(3)])
        var bytes = folder.bytes("log.jsonl")
        // Line 2 (acknowledged long ago) loses 20 bytes to zeros; line 3 after it is sound.
        let second = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        for index in second + 5..<second + 25 { bytes[index] = 0 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let report = try FileEventLog.verify(path: path)
        #expect(report.issues.contains { $0.kind == .invalidLine && $0.line == 2 })
        #expect(report.tornTail == nil)
        #expect(throws: EventLogFileError.self) { try FileEventLog.repair(path: path) }
        #expect(folder.bytes("log.jsonl") == bytes)
    }

    @Test("a UTF-16 file is still named for its encoding, not taken for zeroed sectors")
    func utf16IsNotZeroFill() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/wide.jsonl"
        let text = "{\"seq\":1}\n{\"seq\":2}\n"
        try Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: path))
        let report = try FileEventLog.verify(path: path)
        // Its lines are corruption (named UTF-16 by the readers), not one zero-filled tail.
        #expect(report.issues.contains { $0.kind == .invalidLine && $0.line == 1 })
        #expect(report.tornTail.map { $0.firstLine > 1 } ?? true)
    }
}
