import Commands
import Dispatch
import EventLogFile
import Events
import Foundation
import Projections

/// A store's checkpoints: those known valid this session, warnings, and a queue of its own for
/// prefix checks and writes (reading prefixes and syncing files never run on the store's actor).
/// Thread-safe: called from the store's actor and from that queue.
final class CheckpointKeeper: Sendable {
    let folderPath: String
    let source: LogSource
    private let folder: CheckpointFolder
    private let writer = DispatchQueue(label: "MoreSleepStore.checkpoints", qos: .utility)
    private struct Knowledge: Sendable {
        var known: [CheckpointEntry] = []
        var notes: [String] = []
        var wantsCheckpoint = false
        var openedWithout = false
        /// Bumped when a full check finds an edited prefix: saves asked for before are dropped.
        var generation = 0
    }
    private let knowledge = Locked(Knowledge())

    /// Lines folded past the newest usable checkpoint that make the state opened worth saving.
    static let linesWorthACheckpoint = 200

    init(folderPath: String, source: LogSource) {
        self.folderPath = folderPath
        self.source = source
        folder = CheckpointFolder(path: folderPath)
    }

    /// Records what opening found: valid checkpoints, problems as warnings, whether to save.
    func opened(with fold: CheckpointedFold) {
        knowledge.withLock { state in
            state.known = fold.validCheckpoints
            state.notes += fold.problems.map { $0.warning(replaced: true) }
            state.wantsCheckpoint = fold.eventCount > 0
                && (fold.startedFrom == nil || !fold.problems.isEmpty || fold.linesAfterCheckpoint >= Self.linesWorthACheckpoint)
            state.openedWithout = fold.startedFrom == nil
        }
    }

    /// Records what a re-read found.
    func reopened(with fold: CheckpointedFold) {
        knowledge.withLock { state in
            state.known = fold.validCheckpoints
            state.notes += fold.problems.map { $0.warning }
        }
    }

    /// What ``save(generation:_:)`` compares; a store notes it before each fold.
    var generation: Int {
        knowledge.withLock { state in state.generation }
    }

    var wantsCheckpointAfterOpening: Bool {
        knowledge.withLock { state in state.wantsCheckpoint }
    }

    /// Whether opening found no usable checkpoint (the nights before are then saved too).
    var openedWithoutCheckpoint: Bool {
        knowledge.withLock { state in state.openedWithout }
    }

    var warnings: [String] {
        knowledge.withLock { state in state.notes }
    }

    var checkpointFolder: CheckpointFolder { folder }

    /// The checkpoints known valid whose lines all come before `moment`, newest first.
    func rewindCandidates(before moment: Int64) -> [CheckpointEntry] {
        knowledge.withLock { state in
            state.known.filter { $0.header.latestAt <= moment }
                .sorted { $0.header.byteOffset > $1.header.byteOffset }
        }
    }

    /// The state in `entry` (as of `.end`); `nil`, forgotten with a warning, if gone or damaged.
    func state(of entry: CheckpointEntry) -> CheckpointState? {
        forgetting(entry, CheckpointedFold.decode(entry, in: folder, position: .end))
    }

    private func forgetting<Value>(_ entry: CheckpointEntry, _ read: Result<Value, CheckpointProblem>) -> Value? {
        switch read {
        case .success(let value):
            return value
        case .failure(let problem):
            knowledge.withLock { state in
                state.known.removeAll { $0.path == entry.path }
                state.notes.append(problem.warning)
            }
            return nil
        }
    }

    /// On the keeper's queue, makes `draft`'s checkpoint and writes it; a failure is a warning.
    /// The caller hands over a copy of its state: encoding is too slow for the store's actor.
    /// Nothing is saved if ``generation`` moved since the state was folded (it may be a bad one's).
    func save(generation: Int, _ draft: @escaping @Sendable () -> CheckpointDraft?) {
        writer.async { [self] in
            guard knowledge.withLock({ state in state.generation }) == generation else { return }
            do {
                guard let entry = try draft()?.write(source, into: folder) else { return }
                let remaining = Set(folder.entries().entries.map(\.fileName))
                knowledge.withLock { state in
                    state.known.append(entry)
                    state.known.removeAll { !remaining.contains($0.fileName) }
                    state.wantsCheckpoint = false
                }
            } catch {
                knowledge.withLock { state in state.notes.append("could not write a checkpoint (\(error)); the log is unaffected, and opening folds more of it until one is written") }
            }
        }
    }

    /// On the keeper's queue, folds the log again and writes checkpoints as `replay-tool
    /// checkpoint` does (with the states before recent nights, for rewinds); failures are warnings.
    func saveAll() {
        writer.async { [self] in
            do {
                let written = try CheckpointedFold.writeCheckpoints(source, into: folder)
                let remaining = Set(written.kept.map(\.fileName))
                knowledge.withLock { state in
                    if case .written(let entries) = written.outcome { state.known += entries }
                    state.known.removeAll { !remaining.contains($0.fileName) }
                    state.wantsCheckpoint = false
                }
            } catch {
                knowledge.withLock { state in state.notes.append("could not write checkpoints (\(error)); the log is unaffected, and opening folds more of it until one is written") }
            }
        }
    }

    /// The full check of every checkpoint known valid, queued before any later save. One that
    /// fails is removed with a warning and earlier saves dropped; `done` hears whether any failed
    /// (the store's state may come from it: fold again with `.full`).
    func checkPrefixes(then done: @escaping @Sendable (_ failed: Bool) -> Void) {
        writer.async(qos: .background) { [self] in done(checkPrefixes()) }
    }

    /// Whether a checkpoint failed.
    private func checkPrefixes() -> Bool {
        let known = knowledge.withLock { state in state.known }
        guard !known.isEmpty, let streams = try? source.streams() else { return false }
        let checked = folder.validate(known, log: source, streams: streams, foldVersion: FoldVersion.current, check: .full)
        let failed = known.filter { entry in checked.problems.contains { $0.file == entry.path } }
        guard !failed.isEmpty else { return false }
        var notes = checked.problems.map { $0.warning(replaced: true) }
        for entry in failed {
            do { try folder.remove(entry) } catch { notes.append("could not remove the checkpoint \(entry.path) (\(error)); remove it by hand") }
        }
        knowledge.withLock { state in
            state.generation += 1
            state.known.removeAll { entry in failed.contains(entry) }
            state.notes += notes
        }
        return true
    }

    /// Waits until every check and checkpoint asked for so far is done (tests, the benchmark).
    func waitForWrites() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            writer.async { continuation.resume() }
        }
    }
}
