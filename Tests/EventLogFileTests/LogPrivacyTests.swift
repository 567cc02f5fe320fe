import TestSupport
import EventLogFile
import Events
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The log holds health data (docs/log-format.md §1 "The file"): it is created 0600, an append to a
/// log that its group or others can write is refused with a clear message and writes
/// nothing, and errors name the file, the line and the key without echoing the line's
/// content. CI runs as root; that does not matter here, the guard reads `st_mode`.
@Suite("Log privacy")
struct LogPrivacyTests {
    /// Sets the permission bits of `path` with chmod(2), whatever the umask.
    static func setMode(_ mode: mode_t, of path: String) throws {
        try #require(chmod(path, mode) == 0, "chmod \(String(mode, radix: 8)) \(path) failed: errno \(errno)")
    }

    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o7777
    }

    static func bytes(of path: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: path)))
    }

    @Test func aNewLogIsCreated0600() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let log = try FileEventLog(path: path)
            _ = try log.append([try TestEvents.event("first")])
            #expect(try Self.mode(of: path) == 0o600)
        }
    }

    @Test func aLogOthersCanWriteIsRefusedAndNothingIsWritten() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...2))
            try Self.setMode(0o666, of: path)
            let before = try Self.bytes(of: path)
            let log = try FileEventLog(path: path)
            let error = try #require(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("refused")])
            }
            #expect(error.code == .permissionDenied)
            #expect(error.path == path)
            #expect(error.line == nil)
            #expect(error.message == "the log is writable by its group and others (mode 0666); it holds health data — chmod 600 \(path), then append again; nothing was written")
            #expect(error.description == "\(path): \(error.message)")
            #expect(try Self.bytes(of: path) == before)
            #expect(try Self.mode(of: path) == 0o666, "the guard never changes the mode itself")
        }
    }

    @Test(arguments: [
        (mode_t(0o602), "others", "0602"),
        (mode_t(0o620), "its group", "0620"),
        (mode_t(0o622), "its group and others", "0622"),
        (mode_t(0o777), "its group and others", "0777"),
    ])
    func everyGroupOrOthersWriteBitIsRefused(mode: mode_t, writers: String, shown: String) throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...1))
            try Self.setMode(mode, of: path)
            let log = try FileEventLog(path: path)
            let error = try #require(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("refused")])
            }
            #expect(error.code == .permissionDenied)
            #expect(error.message.hasPrefix("the log is writable by \(writers) (mode \(shown)); it holds health data"))
            #expect(try Self.bytes(of: path) == Array(RawLine.validLines(1...1).utf8))
        }
    }

    @Test(arguments: [0o600, 0o644, 0o640, 0o604, 0o700] as [mode_t])
    func aLogOnlyItsOwnerCanWriteAppends(mode: mode_t) throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...2))
            try Self.setMode(mode, of: path)
            let log = try FileEventLog(path: path)
            let outcomes = try log.append([try TestEvents.event("accepted")])
            #expect(outcomes.map(\.seq) == [3])
            #expect(try FileEventLog.verify(path: path).isSound)
        }
    }

    /// The mode is checked at every append, not only at open: a chmod between two appends
    /// of one long-lived log is caught, and undoing it lets the next append through.
    @Test func theModeIsCheckedAtEveryAppend() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let log = try FileEventLog(path: path)
            _ = try log.append([try TestEvents.event("one", minute: 1)])
            try Self.setMode(0o666, of: path)
            let error = try #require(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("two", minute: 2)])
            }
            #expect(error.code == .permissionDenied)
            try Self.setMode(0o600, of: path)
            let outcomes = try log.append([try TestEvents.event("two", minute: 2)])
            #expect(outcomes.map(\.seq) == [2])
        }
    }

    /// Reading is not refused: a person can still see (and verify) a log whose mode is wrong.
    @Test func aLogOthersCanWriteCanStillBeRead() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...3))
            try Self.setMode(0o666, of: path)
            #expect(try FileEventLog(path: path).read().events.count == 3)
            #expect(try FileEventLog.verify(path: path).isSound)
        }
    }

    /// `replay-tool append` exits 66 (the code of every `.permissionDenied`: the log cannot
    /// be used as it is), prints the message naming the file, and appends nothing.
    @Test func replayToolAppendRefusesWithAClearMessage() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...2))
            try Self.setMode(0o666, of: path)
            let before = try Self.bytes(of: path)
            let run = try ReplayToolBinary.run(["append", path, "--allow-skipped"], input: ReplayToolBinary.input([try TestEvents.event("cli")]))
            #expect(run.status == 66)
            #expect(run.output.isEmpty)
            #expect(run.error == "\(path): the log is writable by its group and others (mode 0666); it holds health data — chmod 600 \(path), then append again; nothing was written\n")
            #expect(try Self.bytes(of: path) == before)

            try Self.setMode(0o600, of: path)
            let again = try ReplayToolBinary.run(["append", path, "--allow-skipped"], input: ReplayToolBinary.input([try TestEvents.event("cli")]))
            #expect(again.status == 0, "\(again.error)")
            #expect(again.output == "3\n")
        }
    }

    /// A line with a wrong value is reported by file, line and key, never by quoting the
    /// person's data (a time, a value, free text).
    @Test func errorsNameFileLineAndKeyButNeverTheContent() throws {
        try TemporaryFolder.with { directory in
            let secretStage = "nap-after-argument-with-doctor"
            let secretTime = "2026-11-30T23:61:00+01:00"
            let line = "{\"seq\":2,\"id\":\"s-2\",\"type\":\"sleepSampleIngested\",\"v\":1,\"at\":\"2026-12-01T07:00:00+01:00\","
                + "\"tz\":\"Europe/Berlin\",\"source\":\"health\",\"data\":{\"sampleId\":\"A\",\"stage\":\"\(secretStage)\","
                + "\"start\":\"\(secretTime)\",\"end\":\"2026-12-01T07:00:00+01:00\",\"sourceName\":\"Apple Watch\"}}"
            let path = try directory.write(RawLine.validLines(1...1) + line + "\n")
            try Self.setMode(0o600, of: path)  // whatever the umask: this test is about the corrupt line
            let report = try FileEventLog.verify(path: path)
            let issue = try #require(report.issues.first)
            #expect(issue.line == 2)
            #expect(issue.message.contains("stage") || issue.message.contains("start"), "names the key: \(issue.message)")
            #expect(!issue.message.contains(secretStage), "echoes health content: \(issue.message)")
            #expect(!issue.message.contains("23:61"), "echoes health content: \(issue.message)")

            let log = try FileEventLog(path: path)
            let error = try #require(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("after-corruption")])
            }
            #expect(error.code == .corrupt)
            #expect(error.line == 2)
            #expect(!error.description.contains(secretStage))
            #expect(!error.description.contains("23:61"))
        }
    }
}
