import Commands
import Dispatch
import EventLogFile
import Events
import Foundation
import Projections

/// A store's checkpoints: the folder, which checkpoints are known valid for its log in this
/// session (their tails were checked at opening and their whole prefixes just after, or they
/// were written here), what was wrong with others, and a queue of its own that checks
/// prefixes and writes new checkpoints, so that reading the log's prefix for a digest and
/// syncing a file never run on the store's actor.
///
/// Thread-safe: the store calls it from its actor, the writing queue from its thread.
final class CheckpointKeeper: Sendable {
    let folderPath: String
    let source: LogSource
    private let folder: CheckpointFolder
    private let writer = DispatchQueue(label: "MoreSleepStore.checkpoints", qos: .utility)
    /// What the keeper knows, shared by the store's actor and the writing queue.
    private struct Knowledge: Sendable {
        var known: [CheckpointEntry] = []
        var notes: [String] = []
        var wantsCheckpoint = false
        var openedWithout = false
        /// Counts the full checks that found a checkpoint of an edited prefix: a save asked
        /// for before one is dropped (its state may come from that checkpoint).
        var generation = 0
    }
    private let knowledge = Locked(Knowledge())

    /// After opening, a checkpoint is written when the fold read at least this many lines
    /// past the newest usable checkpoint (or there was none).
    static let linesWorthACheckpoint = 200

    /// A keeper of the checkpoints of `source` in `folderPath`.
    init(folderPath: String, source: LogSource) {
        self.folderPath = folderPath
        self.source = source
        folder = CheckpointFolder(path: folderPath)
    }

    /// Records what opening found: the valid checkpoints, the problems (as warnings), and
    /// whether the state opened is worth a checkpoint.
    func opened(with fold: CheckpointedFold) {
        knowledge.withLock { state in
            state.known = fold.validCheckpoints
            state.notes += fold.problems.map { $0.warning(replaced: true) }
            state.wantsCheckpoint = fold.eventCount > 0
                && (fold.startedFrom == nil || !fold.problems.isEmpty || fold.linesAfterCheckpoint >= Self.linesWorthACheckpoint)
            state.openedWithout = fold.startedFrom == nil
        }
    }

    /// Records what a re-read found (the valid checkpoints, and problems as warnings).
    func reopened(with fold: CheckpointedFold) {
        knowledge.withLock { state in
            state.known = fold.validCheckpoints
            state.notes += fold.problems.map { $0.warning }
        }
    }

    /// How many full checks have found a checkpoint of a changed prefix (see
    /// ``save(generation:_:)``): a store notes it before each fold.
    var generation: Int {
        knowledge.withLock { state in state.generation }
    }

    /// Whether the state opened should be saved as a checkpoint.
    var wantsCheckpointAfterOpening: Bool {
        knowledge.withLock { state in state.wantsCheckpoint }
    }

    /// Whether opening found no usable checkpoint (so the nights before should be saved too).
    var openedWithoutCheckpoint: Bool {
        knowledge.withLock { state in state.openedWithout }
    }

    /// The warnings so far.
    var warnings: [String] {
        knowledge.withLock { state in state.notes }
    }

    /// The checkpoint file's folder.
    var checkpointFolder: CheckpointFolder { folder }

    /// The checkpoints known valid whose lines all come before `moment`, newest first.
    func rewindCandidates(before moment: Int64) -> [CheckpointEntry] {
        knowledge.withLock { state in
            state.known.filter { $0.header.latestAt <= moment }
                .sorted { $0.header.byteOffset > $1.header.byteOffset }
        }
    }

    /// The state saved in `entry` (as of `.end`), or `nil` (the entry is then forgotten, with
    /// a warning) when its file is gone or damaged.
    func state(of entry: CheckpointEntry) -> CheckpointState? {
        forgetting(entry, CheckpointedFold.decode(entry, in: folder, position: .end))
    }

    /// The value read, or `nil` after forgetting `entry` with the problem as a warning.
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

    /// Makes the draft `draft` answers and writes it, both on the keeper's queue, then knows
    /// it (and forgets what retention removed); a failure becomes a warning (a checkpoint is
    /// only a cache). The caller hands over a copy of its state: encoding it is too slow for
    /// the store's actor, which goes on folding (docs/benchmarks.md).
    ///
    /// `generation` is the keeper's ``generation`` when the store's state was folded: when a
    /// full check has found a checkpoint of a changed prefix since, the state may come from
    /// it, and nothing is saved.
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

    /// Brings the folder up to date on the keeper's queue as `replay-tool checkpoint` does
    /// (`CheckpointedFold.writeCheckpoints`): after an open that found no usable checkpoint,
    /// this also saves the states before recent nights, for rewinds. It folds the log again,
    /// off the store's actor; a failure becomes a warning.
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

    /// Checks the whole prefix of every checkpoint known valid, on the keeper's queue, before
    /// any save asked for later: an open checked only each position's last 4 KiB, so an edit
    /// further back is found here. A checkpoint that fails is removed from the folder, with a
    /// warning, and saves asked for before are dropped. `done` hears, on the keeper's queue,
    /// whether any failed: the store's state may then come from one, and must be folded
    /// again (with ``CheckpointFolder/Check/full``).
    func checkPrefixes(then done: @escaping @Sendable (_ failed: Bool) -> Void) {
        writer.async(qos: .background) { [self] in done(checkPrefixes()) }
    }

    /// The check ``checkPrefixes(then:)`` runs; whether a checkpoint failed.
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
