import EventLogFile
import Events
import Foundation
import ReplayToolKit
import Testing
import TestSupport

/// Logs from older versions read forever (docs/VERSIONING.md).
///
/// Tests/Fixtures/FrozenLogs/vN/ holds log files written by each released shape of the
/// format, byte for byte, never regenerated. Every file in every folder must still:
/// verify as sound; decode line by line into typed (non-opaque) events; re-encode to the
/// very same bytes (so a change to a payload's Swift shape that changes its wire form
/// fails here); and fold into the same `show --json` view as its frozen golden
/// (vN/goldens/NAME-latest.json, recorded once with RECORD_GOLDENS=1).
@Suite("Frozen logs of released format versions")
struct FrozenLogTests {
    static let folder = "FrozenLogs"

    /// One frozen log: the version folder (`v1`) and the file name (`sample-week.jsonl`).
    struct FrozenLog: Sendable, CustomTestStringConvertible {
        var version: String
        var file: String

        var relativePath: String { "\(FrozenLogTests.folder)/\(version)/\(file)" }
        var path: String { Golden.fixture(relativePath).path }
        var golden: String { "\(FrozenLogTests.folder)/\(version)/goldens/\((file as NSString).deletingPathExtension)-latest.json" }
        var testDescription: String { "\(version)/\(file)" }
    }

    /// Every `*.jsonl` in every `FrozenLogs/v*/` folder, found on disk (so a new folder or
    /// file is tested without touching this list).
    static var logs: [FrozenLog] {
        let root = Golden.fixture(folder)
        let manager = FileManager.default
        let versions = ((try? manager.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasPrefix("v") }
            .sorted()
        return versions.flatMap { version in
            ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(version).path)) ?? [])
                .filter { $0.hasSuffix(".jsonl") }
                .sorted()
                .map { FrozenLog(version: version, file: $0) }
        }
    }

    /// The lines of a file, each without its `\n` (the last line must have one).
    static func lines(of path: String) throws -> [[UInt8]] {
        let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        let bytes = [UInt8](data)
        try #require(bytes.last == UInt8(ascii: "\n"), "\(path) does not end with a newline")
        return bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    @Test func thereAreFrozenLogs() {
        #expect(!Self.logs.isEmpty, "no *.jsonl under Tests/Fixtures/\(Self.folder)/v*/")
        #expect(Self.logs.contains { $0.version == "v1" })
    }

    @Test("verify finds nothing wrong", arguments: logs)
    func verifies(_ log: FrozenLog) throws {
        let report = try FileEventLog.verify(path: log.path)
        #expect(report.isSound, "\(log.relativePath): \(report.issues.map(\.message))")
        #expect(report.tornTail == nil)
        #expect(report.eventCount == report.lineCount)
        #expect(report.lastSeq == report.lineCount)

        let run = ToolRun.run(["verify", log.path])
        #expect(run.code == .success, "\(run.error)")
    }

    @Test("every line decodes typed and re-encodes byte for byte", arguments: logs)
    func roundTrips(_ log: FrozenLog) throws {
        var decoder = EventLineDecoder()
        for (index, line) in try Self.lines(of: log.path).enumerated() {
            let number = index + 1
            let recorded: RecordedEvent
            do {
                recorded = try decoder.decode(line: line)
            } catch {
                Issue.record("\(log.relativePath):\(number): no longer decodes: \(error.description)")
                continue
            }
            guard let type = recorded.payload.type else {
                Issue.record("\(log.relativePath):\(number): read as opaque (\(recorded.typeName) v\(recorded.event.version)); a released type or version is no longer known")
                continue
            }
            let written = Self.writtenVersion(of: line)
            guard written == type.currentVersion else {
                // An older payload version: read through its upcasters (it decoded typed
                // above); its wire form is the old one, so it cannot re-encode to the same
                // bytes. The golden below still guards what it means.
                #expect(written.map { $0 < type.currentVersion } == true,
                        "\(log.relativePath):\(number): \(type.rawValue) v\(written.map(String.init) ?? "?") is newer than the reader")
                continue
            }
            #expect(recorded.originalLine == nil, "\(log.relativePath):\(number): a typed event keeps no original line")
            #expect(recorded.event.additionalPayloadFields.members.isEmpty,
                    "\(log.relativePath):\(number): \(type.rawValue) payload keys are no longer known: \(recorded.event.additionalPayloadFields.members.map(\.key))")
            #expect(recorded.event.additionalEnvelopeFields.members.isEmpty,
                    "\(log.relativePath):\(number): envelope keys are no longer known")
            let encoded = EventLineEncoder.encode(recorded)
            if encoded != line {
                Issue.record("""
                    \(log.relativePath):\(number): \(type.rawValue) re-encodes differently — its wire form changed; \
                    add a new payload version with an upcaster instead (docs/VERSIONING.md):
                    \(Golden.diff(expected: String(decoding: line, as: UTF8.self), actual: String(decoding: encoded, as: UTF8.self)))
                    """)
            }
        }
    }

    @Test("show --json equals its frozen golden", arguments: logs)
    func showMatchesGolden(_ log: FrozenLog) {
        let run = ToolRun.run(["show", log.path, "--json"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: log.golden)
    }

    @Test func everyFrozenLogHasAGolden() {
        for log in Self.logs {
            #expect(FileManager.default.fileExists(atPath: Golden.fixture(log.golden).path), "\(log.golden) is missing")
        }
    }

    /// The frozen folders together hold every event type of the catalogue (typed, not
    /// opaque), so no type's wire form can change unnoticed: a new type comes with a frozen
    /// line in the folder of the release that adds it.
    @Test func frozenLogsCoverEveryEventType() throws {
        var seen = Set<EventType>()
        var decoder = EventLineDecoder()
        for log in Self.logs {
            for line in try Self.lines(of: log.path) {
                if let type = try? decoder.decode(line: line).payload.type { seen.insert(type) }
            }
        }
        let missing = EventType.allCases.filter { !seen.contains($0) }.map(\.rawValue)
        #expect(missing.isEmpty, "no frozen line of: \(missing.joined(separator: ", ")); add them to the folder of the release that adds them")
    }

    /// The 23 types of format v1 (docs/log-format.md), written out: frozen like the files
    /// (the last two, the coach's, were reserved until this version folded them).
    static let v1TypeNames = [
        "goalSet", "goalCleared", "bedtimeOverridden", "appTierAssigned", "windDownStartedEarly",
        "checklistItemCompleted", "checklistItemReopened", "notificationInteracted", "exitRequested",
        "exitCancelled", "exitConfirmed", "freeWindowUsed", "wentToBed", "wokeUp", "sleepSampleIngested",
        "sleepSampleDeleted", "vitalSampleIngested", "manualSleepLogged", "appleSleepScoreLogged",
        "scoreSettingsChanged", "demoNightStarted", "reminderRetired", "reminderRestored",
    ]

    /// The v1 folder alone holds a `"v":1` line of every v1 type.
    @Test func v1FolderHoldsEveryV1Type() throws {
        var seen = Set<String>()
        for log in Self.logs where log.version == "v1" {
            for line in try Self.lines(of: log.path) where Self.writtenVersion(of: line) == 1 {
                let text = String(decoding: line, as: UTF8.self)
                if let key = text.range(of: "\"type\":\"") {
                    seen.insert(String(text[key.upperBound...].prefix { $0 != "\"" }))
                }
            }
        }
        let missing = Self.v1TypeNames.filter { !seen.contains($0) }
        #expect(missing.isEmpty, "FrozenLogs/v1 lacks: \(missing.joined(separator: ", "))")
    }

    /// The `v` written on a line (the writer puts it right after `type`).
    static func writtenVersion(of line: [UInt8]) -> Int? {
        let text = String(decoding: line, as: UTF8.self)
        guard let key = text.range(of: ",\"v\":") else { return nil }
        return Int(text[key.upperBound...].prefix { $0.isNumber })
    }
}
