import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The store opened from a log's checkpoints, on a fresh copy of the log and its checkpoints
// (hard links) for every run (so no run sees another's lines): how long the first append after opening
// takes, and how long an event dated 3 nights before the log's latest `at` takes to fold,
// whether another writer appended it (then `refresh()`) or the store's own clock is 3 nights
// back (then `send`: the append, its fsync and the rewind). A late event must rewind to a
// checkpoint before it (`rewindCount` goes up); folding from the first line instead is a
// failure. Measured in a child process of its own.

/// What the store measured, per run.
struct StoreLatency: Equatable {
    /// The first `send` after opening (an in-order `AssignAppTier`: its decision, append, fsync, fold).
    var firstSend: [Duration]
    /// `refresh()` after another writer appended an event dated 3 nights back.
    var lateRefresh: [Duration]
    /// `send` of a command whose clock is 3 nights back.
    var lateSend: [Duration]
    /// The runs whose late event rewound to a checkpoint (`rewindCount` went up by one).
    var lateRefreshRewound: Int
    var lateSendRewound: Int
    /// Whether, in the first run, the state after each late event equals a fold of the copy
    /// from its first line (refresh, then send).
    var lateStatesMatch: Bool
    /// The first sends that began a new night (noon UTC), so also encoded a checkpoint on the actor.
    var firstSendsStartingANight: Int
    /// The first send of the night after the latest: the store saves the state before it
    /// (a checkpoint encoded on its actor, written off it).
    var newNightSend: [Duration] = []
    /// Sync of one night into the log set (issue 17).
    var sync: SyncLatency? = nil
}

enum StoreLatencyBenchmark {
    static let runCount = 5
    /// How far back the late event is dated: 3 nights.
    static let lateness: Int64 = 3 * 86_400_000

    /// Measures on copies of the log at `path` and its checkpoints in `folder`, made in the
    /// folder `scratch` (created, and removed afterwards), in this process.
    static func measure(logAt path: String, checkpoints folder: String, scratch: String) throws -> StoreLatency {
        let manager = FileManager.default
        try manager.createDirectory(atPath: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? manager.removeItem(atPath: scratch) }
        let copy = scratch + "/log.jsonl"
        let copiedFolder = scratch + "/checkpoints"
        func freshCopy() throws {
            try? manager.removeItem(atPath: copy)
            try? manager.removeItem(atPath: copiedFolder)
            try manager.copyItem(atPath: path, toPath: copy)
            // A fresh copy is tens of megabytes of dirty pages: without this, the first fsync
            // of a timed append would write the whole copy, which a real log never has to.
            try synchronize(copy)
            try linkFolder(folder, to: copiedFolder)
        }
        // The log's latest `at` (the largest, not the last line's).
        try freshCopy()
        let latest = try open(copy, copiedFolder, now: Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0)).latest
        let late = Instant(millisecondsSince1970: latest.millisecondsSince1970 - lateness, utcOffsetSeconds: 0)
        let soon = Instant(millisecondsSince1970: latest.millisecondsSince1970 + 1000, utcOffsetSeconds: 0)
        var result = StoreLatency(
            firstSend: [], lateRefresh: [], lateSend: [], lateRefreshRewound: 0, lateSendRewound: 0,
            lateStatesMatch: true, firstSendsStartingANight: 0)
        let clock = ContinuousClock()
        for run in 1...runCount {
            Progress.say("  store from checkpoints run \(run)/\(runCount): the first send, a late event by another writer, a late send…")

            // The first append after opening: an in-order event, one second after the latest.
            try freshCopy()
            let firstStore = try open(copy, copiedFolder, now: soon).store
            let first = try StoreReader.wait { () async throws -> (Duration, Int, Int) in
                let store = firstStore
                let started = clock.now
                let events = try await store.send(AssignAppTier(app: "Bench app \(run)", tier: .blockFirst))
                let elapsed = clock.now - started
                await store.waitForCheckpointWrites()
                return (elapsed, events.count, await store.rewindCount)
            }
            guard first.1 == 1, first.2 == 0 else {
                throw BenchError.failed("the first send appended \(first.1) events and rewound \(first.2) times; expected 1 event, no rewind")
            }
            result.firstSend.append(first.0)
            if CheckpointRetention.night(of: soon.millisecondsSince1970) > CheckpointRetention.night(of: latest.millisecondsSince1970) {
                result.firstSendsStartingANight += 1
            }

            // The first event of the next night: the store saves the state before it first.
            try freshCopy()
            let nextNight = Instant(millisecondsSince1970: latest.millisecondsSince1970 + 86_400_000, utcOffsetSeconds: 0)
            let nightStore = try open(copy, copiedFolder, now: nextNight).store
            let night = try StoreReader.wait { () async throws -> Duration in
                let store = nightStore
                let started = clock.now
                _ = try await store.send(AssignAppTier(app: "Bench night app \(run)", tier: .blockFirst))
                let elapsed = clock.now - started
                await store.waitForCheckpointWrites()
                return elapsed
            }
            result.newNightSend.append(night)

            // (a) Another writer appends an event dated 3 nights back; the store refreshes.
            try freshCopy()
            let refreshStore = try open(copy, copiedFolder, now: soon).store
            let other = try FileEventLog(path: copy, createIfMissing: false)
            let event = Event(
                id: "bench-late-\(run)", at: late, timeZone: "UTC", source: .watch,
                payload: .appTierAssigned(AppTierAssigned(app: "Bench late app", tier: .block30Min)))
            _ = try other.append([event])
            let refreshed = try timedLate(refreshStore, clock: clock) { store in try await store.refresh() }
            result.lateRefresh.append(refreshed.0)
            if refreshed.1 == 1 { result.lateRefreshRewound += 1 }
            if run == 1 { result.lateStatesMatch = try refreshed.2 == foldFromTheFirstLine(copy) && result.lateStatesMatch }

            // (b) The store's own clock is 3 nights back: its send appends a late event.
            try freshCopy()
            let sendStore = try open(copy, copiedFolder, now: late).store
            let app = "Bench late app \(run)"
            let sent = try timedLate(sendStore, clock: clock) { store in try await store.send(AssignAppTier(app: app, tier: .blockFirst)) }
            result.lateSend.append(sent.0)
            if sent.1 == 1 { result.lateSendRewound += 1 }
            if run == 1 { result.lateStatesMatch = try sent.2 == foldFromTheFirstLine(copy) && result.lateStatesMatch }
        }
        // The log set is the same simulated run, cut at the same number of events (the last seq).
        guard let eventCount = try EventLogReader.lastLineEvent(path: path)?.seq else { throw BenchError.failed("the log has no last line") }
        result.sync = try SyncLatency.measure(eventCount: eventCount, scratch: scratch)
        return result
    }

    /// Times `work` on `store` (a late event folded), then waits for its checkpoint writes:
    /// the time, the store's rewinds so far and its state.
    private static func timedLate(
        _ store: MoreSleepStore, clock: ContinuousClock, _ work: @escaping @Sendable (MoreSleepStore) async throws -> Void
    ) throws -> (Duration, Int, LogState) {
        try StoreReader.wait { () async throws -> (Duration, Int, LogState) in
            let started = clock.now
            try await work(store)
            let elapsed = clock.now - started
            await store.waitForCheckpointWrites()
            return (elapsed, await store.rewindCount, await store.state)
        }
    }

    /// Writes the file at `path` to the disk (`fsync`).
    static func synchronize(_ path: String) throws {
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError.io("cannot open \(path)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BenchError.io("cannot fsync \(path)") }
    }

    /// Makes the folder `copy` (0700) with a hard link to each file of `folder`: a checkpoint
    /// file is written whole under another name and renamed into place, or removed, never
    /// changed in place, so the copy's store cannot touch the original's files (and a
    /// million-event log's folder of hundreds of megabytes costs nothing to "copy").
    private static func linkFolder(_ folder: String, to copy: String) throws {
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard link(folder + "/" + file, copy + "/" + file) == 0 else {
                throw BenchError.io("cannot link \(folder)/\(file) into \(copy)")
            }
        }
    }

    /// A store on the log at `path` from the checkpoints in `folder` (synchronously, as the
    /// launch passes open it), whose clock says `now`, and the log's latest `at`.
    private static func open(_ path: String, _ folder: String, now: Instant) throws -> (store: MoreSleepStore, latest: Instant) {
        let counter = IdentifierCounter()
        let store = try MoreSleepStore(
            log: try FileEventLog(path: path, createIfMissing: false),
            environment: StoreEnvironment(now: { now }, timeZone: { "UTC" }, makeIdentifier: { counter.next() }, source: .phone),
            checkpoints: .folder(folder))
        let state = try StoreReader.state(of: store)
        guard let latest = state.statistics.lastInstant else { throw BenchError.failed("the log \(path) has no event") }
        return (store, latest)
    }

    /// The state of a fold of the log at `path` from its first line (no checkpoint).
    private static func foldFromTheFirstLine(_ path: String) throws -> LogState {
        try CheckpointedFold.fold(.file(path: path), checkpoints: nil).runner.state
    }

    /// Measures in a child process (`--store-latency-only FILE DIR SCRATCH`); in this process
    /// where children cannot run.
    static func measureInChild(logAt path: String, checkpoints folder: String, scratch: String) throws -> StoreLatency {
        guard ChildProcess.isSupported else { return try measure(logAt: path, checkpoints: folder, scratch: scratch) }
        let output = try ChildProcess.run(["--store-latency-only", path, folder, scratch], what: "the store latency child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the store latency child process printed no STORELATENCY line")
        }
        return result
    }

    /// The one line the child prints on stdout.
    static func resultLine(_ result: StoreLatency) -> String {
        func list(_ runs: [Duration]) -> String { runs.map { String($0.nanoseconds) }.joined(separator: ",") }
        return "STORELATENCY first_ns=\(list(result.firstSend)) late_refresh_ns=\(list(result.lateRefresh)) late_send_ns=\(list(result.lateSend)) "
            + "refresh_rewound=\(result.lateRefreshRewound) send_rewound=\(result.lateSendRewound) states_match=\(result.lateStatesMatch ? 1 : 0) "
            + "first_new_night=\(result.firstSendsStartingANight) new_night_ns=\(list(result.newNightSend))"
            + (result.sync.map {
                " sync_lines=\($0.lineCount) sync_send_ns=\(list($0.send)) sync_receive_ns=\(list($0.receive)) sync_open_ns=\(list($0.open)) "
                    + "sync_rewound=\($0.rewound) sync_refolded=\($0.refolded) sync_match=\($0.matches ? 1 : 0) sync_phone=\($0.phoneLines) sync_watch=\($0.watchLines)"
            } ?? "")
    }

    static func parseResultLine(_ output: String) -> StoreLatency? {
        guard let fields = PassRunner.resultFields(in: output, tag: "STORELATENCY") else { return nil }
        func runs(_ name: String) -> [Duration]? {
            guard let values = fields[name]?.split(separator: ",").compactMap({ Int64($0) }), !values.isEmpty else { return nil }
            return values.map { Duration.nanoseconds($0) }
        }
        guard let first = runs("first_ns"), let lateRefresh = runs("late_refresh_ns"), let lateSend = runs("late_send_ns"),
              let refreshRewound = fields["refresh_rewound"].flatMap({ Int($0) }),
              let sendRewound = fields["send_rewound"].flatMap({ Int($0) }),
              let match = fields["states_match"].flatMap({ Int($0) }),
              let newNight = fields["first_new_night"].flatMap({ Int($0) })
        else { return nil }
        var sync: SyncLatency?
        if let send = runs("sync_send_ns"), let receive = runs("sync_receive_ns"), let open = runs("sync_open_ns"),
           let lines = fields["sync_lines"].flatMap({ Int($0) }), let matches = fields["sync_match"].flatMap({ Int($0) }),
           let rewound = fields["sync_rewound"].flatMap({ Int($0) }), let refolded = fields["sync_refolded"].flatMap({ Int($0) }),
           let phone = fields["sync_phone"].flatMap({ Int($0) }), let watch = fields["sync_watch"].flatMap({ Int($0) }) {
            sync = SyncLatency(
                lineCount: lines, send: send, receive: receive, open: open, rewound: rewound, refolded: refolded,
                matches: matches == 1, phoneLines: phone, watchLines: watch)
        }
        return StoreLatency(
            firstSend: first, lateRefresh: lateRefresh, lateSend: lateSend, lateRefreshRewound: refreshRewound,
            lateSendRewound: sendRewound, lateStatesMatch: match == 1, firstSendsStartingANight: newNight,
            newNightSend: runs("new_night_ns") ?? [], sync: sync)
    }
}
