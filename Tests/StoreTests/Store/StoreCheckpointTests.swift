import Commands
import Store
import EventLogFile
import Events
import Foundation
@testable import Projections
import Testing
import TestSupport

/// The store opens from checkpoints (docs/checkpoints.md): the state is always the fold of
/// every line, whichever checkpoint (or none) it started from; bad checkpoints are passed
/// over with a warning and replaced; late events rewind to the checkpoint before them; the
/// first append does not read the log again; other writers' lines are folded alone.
@Suite struct StoreCheckpointTests {
    /// A fresh folder holding a copy of the fortnight fixture (255 lines over 14 nights).
    struct Folder {
        let url: URL
        var log: String { url.appendingPathComponent("phone.jsonl").path }
        var checkpoints: String { log + ".checkpoints" }

        init(lines: Int? = nil) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("store-checkpoints-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let text = try String(contentsOf: Golden.fixture("Fortnight/fortnight.jsonl"), encoding: .utf8)
            var kept = text.split(separator: "\n", omittingEmptySubsequences: true)
            if let lines { kept = Array(kept.prefix(lines)) }
            try Data((kept.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: log))
            _ = chmod(log, 0o600)
        }

        func remove() { try? FileManager.default.removeItem(at: url) }

        /// The checkpoint files, by name.
        var checkpointFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: checkpoints)) ?? []).filter { $0.hasSuffix(".checkpoint") }.sorted()
        }
    }

    /// Values heard from another thread.
    final class Recorder<Value: Sendable>: @unchecked Sendable {
        // @unchecked: `heard` is only touched under `lock`.
        private let lock = NSLock()
        private var heard: [Value] = []
        func add(_ value: Value) { lock.withLock { heard.append(value) } }
        var values: [Value] { lock.withLock { heard } }
    }

    static func environment() throws -> StoreEnvironment {
        try MoreSleepStoreTests.environment(at: "2026-11-30T20:00:00+01:00")
    }

    /// The fold of every line, with no checkpoint: what every open must equal.
    static func fullFold(_ path: String) throws -> CheckpointedFold {
        try CheckpointedFold.fold(.file(path: path), checkpoints: nil)
    }

    /// Expects the store's snapshot to be a fold of every line: its state, its warnings (and,
    /// with `refoldNotice`, the notice that the check after opening folded again) and last seq.
    static func expectSameState(
        _ store: MoreSleepStore, as path: String, refoldNotice: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let full = try fullFold(path)
        let snapshot = await store.snapshot
        #expect(snapshot.state == full.runner.state, sourceLocation: sourceLocation)
        var warned = full.warnedRunner(MoreSleepStore.tornTailNotice)
        if refoldNotice { warned.warn(.init(seq: nil, message: StorePrefixCheck.notice())) }
        #expect(snapshot.warnings == warned.warnings, sourceLocation: sourceLocation)
        #expect(snapshot.lastSeq == full.end.lastSeq, sourceLocation: sourceLocation)
    }

    @Test func aStoreOpenedWithoutCheckpointsWritesThemAndTheNextOpenStartsFromOne() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let first = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        await first.waitForCheckpointWrites()
        #expect(!folder.checkpointFiles.isEmpty, "opening without a checkpoint writes some")
        // The night checkpoints too: one for each recent night (the fixture has 14).
        #expect(folder.checkpointFiles.count > 2)
        let fold = try CheckpointedFold.fold(.file(path: folder.log), checkpoints: folder.checkpoints)
        #expect(fold.startedFrom?.header.lastSeq == 255)
        #expect(fold.linesAfterCheckpoint == 0)
        #expect(fold.problems.isEmpty)
        let second = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        try await Self.expectSameState(second, as: folder.log)
        #expect(await second.checkpointWarnings.isEmpty)
    }

    @Test func checkpointsOffWritesNone() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment(), checkpoints: .off)
        await store.waitForCheckpointWrites()
        #expect(folder.checkpointFiles.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.checkpoints))
    }

    @Test func theStoreRunsOnItsOwnQueueNotTheCooperativePool() async throws {
        let folder = try Folder(lines: 10)
        defer { folder.remove() }
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        #expect(await store.runsOnItsOwnQueue())
    }

    @Test func progressIsToldDuringAFoldFromTheFirstLine() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let heard = Recorder<Double>()
        _ = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment(), checkpoints: .off, progress: { heard.add($0) })
        let values = heard.values
        #expect(values.last == 1)
        #expect(values.count >= 10, "told about every 1 %: \(values.count)")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "never goes back")
    }

    @Test func everyCheckpointWrittenFromTheFirstLineIsTheFoldOfItsPrefix() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let written = try CheckpointedFold.writeCheckpoints(.file(path: folder.log), into: CheckpointFolder(path: folder.checkpoints))
        guard case .written(let entries) = written.outcome else {
            Issue.record("nothing written")
            return
        }
        #expect(entries.count >= 3, "night checkpoints besides the last: \(entries.map(\.fileName))")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.log)))
        for entry in entries {
            let prefix = folder.url.appendingPathComponent("prefix-\(entry.header.lastSeq).jsonl").path
            try Data(bytes[..<Int(entry.header.byteOffset)]).write(to: URL(fileURLWithPath: prefix))
            let expected = try Self.fullFold(prefix)
            guard case .success(let saved) = CheckpointedFold.decode(entry, in: CheckpointFolder(path: folder.checkpoints), position: .end) else {
                Issue.record("\(entry.fileName) does not decode")
                continue
            }
            #expect(saved.runner.state == expected.runner.state, "\(entry.fileName)")
            #expect(saved.runner.warnings == expected.runner.warnings, "\(entry.fileName)")
            #expect(saved.latestLineAt == expected.latestLineAt, "\(entry.fileName)")
            #expect(entry.header.eventCount == expected.eventCount)
            #expect(entry.header.lastSeq == expected.end.lastSeq)
        }
    }

    // MARK: Bad checkpoints

    /// Writes a valid checkpoint of the log in `folder`, and answers its file's path.
    static func writeCheckpoint(_ folder: Folder) throws -> String {
        let written = try CheckpointedFold.writeCheckpoints(.file(path: folder.log), into: CheckpointFolder(path: folder.checkpoints))
        guard case .written(let entries) = written.outcome, let last = entries.last else {
            Issue.record("no checkpoint written")
            return ""
        }
        return folder.checkpoints + "/" + last.fileName
    }

    /// Damages the checkpoints (or the log) as `damage` says, then expects an open to pass the
    /// damaged checkpoint over with a warning naming it, give the full fold's state, and
    /// replace it with a valid one.
    ///
    /// With `afterOpening`, the damage is one the open's tail check cannot see: the check of
    /// the whole prefixes after opening finds it, and the store folds again and says so.
    func expectPassedOver(
        _ what: String, afterOpening: Bool = false, damage: (Folder, [String]) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.writeCheckpoint(folder)
        let files = folder.checkpointFiles.map { folder.checkpoints + "/" + $0 }
        try damage(folder, files)
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        await store.prefixCheck?.value
        try await Self.expectSameState(store, as: folder.log, refoldNotice: afterOpening, sourceLocation: sourceLocation)
        let warnings = await store.checkpointWarnings
        #expect(!warnings.isEmpty, "\(what): a warning", sourceLocation: sourceLocation)
        #expect(warnings.allSatisfy { $0.contains("ignored") }, "\(what): \(warnings)", sourceLocation: sourceLocation)
        await store.waitForCheckpointWrites()
        let after = try CheckpointedFold.fold(.file(path: folder.log), checkpoints: folder.checkpoints)
        #expect(after.startedFrom != nil, "\(what): replaced by a valid checkpoint", sourceLocation: sourceLocation)
    }

    @Test func aGarbledCheckpointIsPassedOver() async throws {
        try await expectPassedOver("garbled") { _, files in
            for file in files { try Data("not a checkpoint\n".utf8).write(to: URL(fileURLWithPath: file)) }
        }
    }

    @Test func aTruncatedCheckpointIsPassedOver() async throws {
        try await expectPassedOver("truncated") { _, files in
            for file in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                try data.prefix(data.count - 7).write(to: URL(fileURLWithPath: file))
            }
        }
    }

    @Test func aCheckpointWithAFlippedPayloadByteIsPassedOver() async throws {
        try await expectPassedOver("flipped") { _, files in
            for file in files {
                var data = try Data(contentsOf: URL(fileURLWithPath: file))
                data[data.count - 100] ^= 0x5A
                try data.write(to: URL(fileURLWithPath: file))
            }
        }
    }

    @Test func aCheckpointOfAnotherFoldVersionIsPassedOver() async throws {
        try await expectPassedOver("stale") { folder, files in
            try Self.rewriteHeaders(files) { $0.foldVersion = FoldVersion.current + 1 }
        }
    }

    @Test func aCheckpointOfANewerFormatIsPassedOver() async throws {
        try await expectPassedOver("newer format") { folder, files in
            try Self.rewriteHeaders(files) { $0.formatVersion = CheckpointHeader.currentFormatVersion + 1 }
        }
    }

    @Test func aCheckpointOfAnotherLogIsPassedOver() async throws {
        try await expectPassedOver("foreign", afterOpening: true) { folder, files in
            // Another log of the same length, the same at the end: the fixture with its goals' text changed.
            var text = try String(contentsOfFile: folder.log, encoding: .utf8)
            text = text.replacingOccurrences(of: "\"targetBedtime\":\"23:00\"", with: "\"targetBedtime\":\"23:15\"")
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.log))
        }
    }

    /// Changes one digit of the first goal's bedtime in place (`23:00` → `23:10`): the same
    /// length, far before the last 4 KiB of any checkpoint near the log's end.
    static func editFirstBedtimeInPlace(_ folder: Folder) throws -> Int {
        let text = try String(contentsOfFile: folder.log, encoding: .utf8)
        let range = try #require(text.range(of: "\"targetBedtime\":\"23:00\""))
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: range.upperBound) - 3
        let handle = try #require(FileHandle(forUpdatingAtPath: folder.log))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data("1".utf8))
        try handle.close()
        #expect(try String(contentsOfFile: folder.log, encoding: .utf8).contains("\"targetBedtime\":\"23:10\""))
        return offset
    }

    /// An edit the open's tail check cannot see (far before each checkpoint's last line):
    /// the store opens from the checkpoint, then its check of the whole prefixes, before any
    /// checkpoint is saved, removes the checkpoints, folds again and says so.
    @Test func anEditBeforeTheTailIsFoundByTheCheckAfterOpening() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.writeCheckpoint(folder)
        let newest = try #require(CheckpointFolder(path: folder.checkpoints).entries().entries.max { $0.header.byteOffset < $1.header.byteOffset })
        let offset = try Self.editFirstBedtimeInPlace(folder)
        #expect(Int64(offset) < newest.header.byteOffset - PrefixDigest.tailLength, "the edit must lie before the newest checkpoint's tail")

        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        await store.prefixCheck?.value
        try await Self.expectSameState(store, as: folder.log, refoldNotice: true)
        let notes = await store.checkpointWarnings
        #expect(notes.contains { $0.contains("not the ones it covered") && $0.contains("ignored and replaced") }, "\(notes)")
        await store.waitForCheckpointWrites()
        // Every checkpoint left, or written again since, holds the edited log's bytes and state:
        // the next open starts from one, and its check finds nothing to fold again.
        let reopened = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        await reopened.prefixCheck?.value
        try await Self.expectSameState(reopened, as: folder.log)
        #expect(try CheckpointedFold.fold(.file(path: folder.log), checkpoints: folder.checkpoints).startedFrom != nil)
        // (A checkpoint whose tail holds the edit is passed over by the open, as before.)
        #expect(await reopened.checkpointWarnings.allSatisfy { !$0.contains("ignored and replaced") || $0.contains("seq-000000000001") })
    }

    /// `replay-tool`'s fold (`CheckpointedFold` with its default full check) never trusts a
    /// checkpoint of an edited prefix, wherever the edit is.
    @Test func theToolsFoldChecksTheWholePrefixBeforeTrustingACheckpoint() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.writeCheckpoint(folder)
        _ = try Self.editFirstBedtimeInPlace(folder)
        let tail = try CheckpointedFold.fold(.file(path: folder.log), checkpoints: folder.checkpoints, check: .tail)
        #expect(tail.startedFrom != nil, "the tail check alone cannot see this edit: \(tail.problems)")
        let fold = try CheckpointedFold.fold(.file(path: folder.log), checkpoints: folder.checkpoints)
        #expect(fold.runner.state == (try Self.fullFold(folder.log)).runner.state)
        #expect(fold.startedFrom == nil)
        #expect(!fold.problems.isEmpty && fold.problems.allSatisfy { if case .prefixChanged = $0 { true } else { false } }, "\(fold.problems)")
    }

    @Test func aCheckpointBeyondACutLogIsPassedOver() async throws {
        try await expectPassedOver("cut") { folder, _ in
            let text = try String(contentsOfFile: folder.log, encoding: .utf8)
            let lines = text.split(separator: "\n")
            try Data((lines.prefix(200).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.log))
        }
    }

    @Test func anInterruptedCheckpointWriteLeavesTheOldOneUsed() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.writeCheckpoint(folder)
        // What a crash mid-write leaves: a temporary file, never renamed.
        try Data("MoreSleep checkpoint\n".utf8 + [UInt8](repeating: 7, count: 100)).write(to: URL(fileURLWithPath: folder.checkpoints + "/.tmp-crashed"))
        let fold = try CheckpointedFold.fold(.file(path: folder.log), checkpoints: folder.checkpoints)
        #expect(fold.startedFrom != nil)
        #expect(fold.problems.isEmpty, "a temporary file is not a checkpoint: \(fold.problems)")
    }

    static func rewriteHeaders(_ files: [String], _ change: (inout CheckpointHeader) -> Void) throws {
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            var header = try [UInt8](data).withUnsafeBytes { bytes in
                Result { () throws(CheckpointProblem) in try CheckpointHeader.decode(bytes, file: file).header }
            }.get()
            let payloadStart = data.count - Int(header.payloadLength)
            change(&header)
            try Data(header.encoded() + data[payloadStart...]).write(to: URL(fileURLWithPath: file))
        }
    }

    // MARK: Appends, late events, other writers

    /// What a widget extension does: opens the log itself and appends one event.
    static func appendFromAnotherWriter(_ path: String, id: String, app: String, at: String) throws {
        _ = try FileEventLog(path: path).append([Event(
            id: id, at: try Instant(rfc3339: at), timeZone: "Europe/Berlin", source: .phone,
            payload: .appTierAssigned(AppTierAssigned(app: app, tier: .block30Min))
        )])
    }

    @Test func theFirstAppendAfterOpeningDoesNotReadTheLogAgain() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.writeCheckpoint(folder)
        // Damage a line inside the prefix the checkpoint covers, keeping its length: a store
        // that read the log again would refuse to append to a corrupt log.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.log)))
        let target = Array("\"wentToBed\"".utf8)
        guard let at = (0..<(bytes.count - target.count)).first(where: { Array(bytes[$0..<($0 + target.count)]) == target }) else {
            Issue.record("no wentToBed line")
            return
        }
        let environment = try MoreSleepStoreTests.environment(at: "2026-11-30T21:00:00+01:00")
        let file = try FileEventLog(path: folder.log)
        let store = try MoreSleepStore(log: file, environment: environment, checkpoints: .folder(folder.checkpoints))
        bytes[at + 1] = UInt8(ascii: "W")
        try Data(bytes).write(to: URL(fileURLWithPath: folder.log))
        try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
        #expect(await store.snapshot.lastSeq == 256)
    }

    /// An open decodes the checkpoint into a state of its own, which keeps nothing of the
    /// mapped file: the state outlives the file, deleted behind its back, and a change to the
    /// samples folds on as the full fold.
    @Test func aStoreOpenedFromACheckpointOutlivesTheDeletedFile() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.writeCheckpoint(folder)
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        #expect(await store.checkpointWarnings.isEmpty)
        try FileManager.default.removeItem(atPath: folder.checkpoints)
        try await Self.expectSameState(store, as: folder.log)
        try await store.send(DeleteSleepSamples(sampleIds: ["858D1E01-DBFC-5932-B163-BB32292A24BD"]))
        #expect(await store.snapshot.lastSeq == 256)
        try await Self.expectSameState(store, as: folder.log)
    }

    @Test func anEventQueuedThreeNightsLateRewindsToTheCheckpointBeforeIt() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let opened = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        await opened.waitForCheckpointWrites()
        // A watch that was offline: its clock says three nights before the log's last line.
        let late = try MoreSleepStoreTests.environment(at: "2026-11-27T21:30:00+01:00")
        let store = try await MoreSleepStore.open(path: folder.log, environment: late)
        try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
        #expect(await store.rewindCount == 1, "rewound to a checkpoint, not folded from the first line")
        try await Self.expectSameState(store, as: folder.log)
    }

    @Test func linesAnotherProcessAppendedAreFoldedOnRefreshAndOnSend() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        try Self.appendFromAnotherWriter(folder.log, id: "widget-1", app: "Threads", at: "2026-11-30T20:01:00+01:00")
        try await store.refresh()
        #expect(await store.state.appTiers.tier(of: "Threads") == .block30Min)
        try await Self.expectSameState(store, as: folder.log)
        try Self.appendFromAnotherWriter(folder.log, id: "widget-2", app: "Mail", at: "2026-11-30T20:02:00+01:00")
        // No refresh: the send reads the new line first, so it is not refused as a conflict.
        try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
        #expect(await store.state.appTiers.tier(of: "Mail") == .block30Min)
        try await Self.expectSameState(store, as: folder.log)
    }

    @Test func aLogCutShorterThanWhatWasFoldedIsFoldedAgain() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        let text = try String(contentsOfFile: folder.log, encoding: .utf8)
        try Data((text.split(separator: "\n").prefix(100).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.log))
        try await store.refresh()
        #expect(await store.snapshot.lastSeq == 100)
        try await Self.expectSameState(store, as: folder.log)
    }

    @Test func theFileSystemWatchFoldsAnotherProcessesLinesWithoutBeingAsked() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let store = try await MoreSleepStore.open(path: folder.log, environment: try Self.environment())
        try Self.appendFromAnotherWriter(folder.log, id: "widget-1", app: "Threads", at: "2026-11-30T20:01:00+01:00")
        var seen = false
        for _ in 0..<200 where !seen {
            if await store.snapshot.lastSeq == 256 { seen = true } else { try await Task.sleep(for: .milliseconds(25)) }
        }
        #expect(seen, "the watch noticed the append within 5 s")
    }
}
