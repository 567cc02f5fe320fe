import Commands
@_spi(LogTools) import EventLogFile
import Events
import Foundation
import FrontEnd
import Projections
import Store

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The measured read passes, each timed as the best of a few runs, and the machinery that
// runs each in a child process of its own so that its peak memory is its alone.

/// A read pass over a log file.
enum MeasuredPass: String, CaseIterable, Sendable {
    /// `EventLogReader.forEachEventInTimeOrder` into `ProjectionRunner<LogState>`.
    case replay
    /// Open the log as the app does (`FileEventLog`, `MoreSleepStore` without checkpoints),
    /// then ask tonight's state, the debt and the streaks as of the log's latest instant.
    case launch
    /// The same from the log's checkpoints (written before by `CheckpointedFold.writeCheckpoints`,
    /// what `replay-tool checkpoint` does): the store starts from the newest and folds the
    /// lines after it.
    case checkpointLaunch = "checkpoint-launch"
    /// `EventLogReader.forEachEvent`: read, decode and check each line, fold nothing.
    case decode
    /// `LineReader`: find the lines, count them.
    case scan
    /// `read(2)` the file in 1 MiB pieces and sum its bytes: the floor.
    case read

    var title: String {
        switch self {
        case .replay: return "full replay"
        case .launch: return "open→tonight"
        case .checkpointLaunch: return "ckpt→tonight"
        case .decode: return "decode only"
        case .scan: return "line scan"
        case .read: return "plain read"
        }
    }

    /// Whether the pass reads the log's checkpoints (its child gets their folder too).
    var usesCheckpoints: Bool { self == .checkpointLaunch }

    var detail: String {
        switch self {
        case .replay: return "forEachEventInTimeOrder → ProjectionRunner<LogState> (every projection)"
        case .launch: return "FileEventLog + MoreSleepStore(checkpoints: .off) + state.tonight/sleepDebt/streaks(at: latest at)"
        case .checkpointLaunch: return "the same with checkpoints: .folder(the log's checkpoints): newest checkpoint + the lines after it"
        case .decode: return "EventLogReader.forEachEvent (read, decode, check every line; fold nothing)"
        case .scan: return "LineReader.nextLine, count only"
        case .read: return "read(2) in 1 MiB pieces, summing the bytes"
        }
    }
}

/// What one pass measured.
struct PassResult: Equatable {
    var pass: MeasuredPass
    /// Events handed out (lines for the scan).
    var itemCount: Int
    var byteCount: Int64
    /// Wall time of each run.
    var runs: [Duration]
    /// Peak resident memory of the measuring process, in KiB (`ru_maxrss`).
    var peakResidentKiB: Int
    /// The peak resident memory of the process's own address space, in KiB (`VmHWM` of
    /// /proc/self/status), or `nil` where there is no /proc. Unlike `ru_maxrss`, Linux
    /// does not carry the spawning process's peak into it.
    var highWaterMarkKiB: Int?
    /// A value derived from what was read, so that no run can be optimized away; also
    /// a check (the replay's applied count).
    var check: Int
    /// Events the time-order replay had to fold in a second pass.
    var lateEventCount: Int
    var warningCount: Int
    /// For the launch passes: this process's resident memory (`VmRSS`, KiB) just before the
    /// first run opened the log, and just after it answered tonight with the store still
    /// alive; `nil` where there is no /proc.
    var residentBeforeKiB: Int? = nil
    var residentAfterKiB: Int? = nil
    /// For the launch passes: the page faults (`ru_minflt`) the first run took: new memory
    /// touched and file pages mapped, what a fresh process pays beyond a warm one.
    var firstRunFaults: Int? = nil
    /// For the launch from a checkpoint: the lines folded after the checkpoint it started
    /// from (`CheckpointedFold.linesAfterCheckpoint`), or `nil` when it started from the first line.
    var linesAfterCheckpoint: Int? = nil
    /// For the launch from a checkpoint: its steps timed alone.
    var openParts: CheckpointOpenParts? = nil
    /// For the launch from a checkpoint: `nextChange(after:)` on the state opened, at every
    /// 10 minutes of the log's last day (144 calls): the median and the slowest, in ns.
    var nextChangeNanos: NextChangeTimes? = nil
    /// For the launch from a checkpoint: `MoreSleepModel`'s reading of every value it shows
    /// (`MoreSleepModel.Values`) at the same instants: what its update adds to a send.
    var modelReadNanos: NextChangeTimes? = nil

    /// The median and the slowest of 144 timed calls, in ns.
    struct NextChangeTimes: Sendable, Hashable {
        var median: Int64
        var slowest: Int64
    }

    /// The store's share of the resident memory: after opening minus before.
    var residentGrowthKiB: Int? {
        guard let before = residentBeforeKiB, let after = residentAfterKiB else { return nil }
        return after - before
    }

    var best: Duration { runs.min() ?? .zero }
    var itemsPerSecond: Double { Double(itemCount) / best.seconds }
    var megabytesPerSecond: Double { Double(byteCount) / 1_000_000 / best.seconds }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    var milliseconds: Double { seconds * 1000 }
}

enum PassRunner {
    static let runCount = 3

    /// Runs `pass` on `path` `runCount` times in this process; `checkpoints` is the folder of
    /// the log's checkpoints (for `.checkpointLaunch`).
    static func measure(_ pass: MeasuredPass, path: String, checkpoints: String? = nil) throws -> PassResult {
        let clock = ContinuousClock()
        var result = PassResult(pass: pass, itemCount: 0, byteCount: 0, runs: [], peakResidentKiB: 0, highWaterMarkKiB: nil, check: 0, lateEventCount: 0, warningCount: 0)
        for run in 1...runCount {
            Progress.say("  \(pass.title) run \(run)/\(runCount) on \(URL(fileURLWithPath: path).lastPathComponent)…")
            let started = clock.now
            switch pass {
            case .replay:
                let (runner, summary): (ProjectionRunner<LogState>, _) = try LogFold.fold(path: path, tornTail: nil)
                result.itemCount = summary.eventCount
                result.byteCount = summary.byteCount
                result.check = runner.appliedCount
                result.lateEventCount = summary.lateEventCount
                result.warningCount = runner.warnings.all.count
                if runner.state.statistics.eventCount != runner.appliedCount {
                    throw BenchError.failed("the replay applied \(runner.appliedCount) events but LogStatistics counted \(runner.state.statistics.eventCount)")
                }
            case .launch, .checkpointLaunch:
                // What a front end does at launch: open the log, open the store on it (which
                // folds the log, or the lines after its newest checkpoint), then ask tonight's
                // state, the debt and the streaks.
                let options: CheckpointOptions
                if pass.usesCheckpoints {
                    guard let checkpoints else { throw BenchError.failed("\(pass.title) needs the checkpoints' folder") }
                    options = .folder(checkpoints)
                } else {
                    options = .off
                }
                let residentBefore = run == 1 ? ResourceUsage.residentKiB() : nil
                let faultsBefore = ResourceUsage.minorFaults()
                let opened = clock.now
                let store = try MoreSleepStore(
                    log: try FileEventLog(path: path, createIfMissing: false),
                    environment: StoreEnvironment(now: { Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0) }, timeZone: { "UTC" }, makeIdentifier: { "bench" }, source: .phone),
                    checkpoints: options)
                let state = try StoreReader.state(of: store)
                let moment = state.statistics.lastInstant ?? Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0)
                let tonight = state.tonight(at: moment)
                let debt = state.sleepDebt(at: moment)
                let streaks = state.streaks(at: moment)
                result.runs.append(clock.now - opened)
                if run == 1 { result.firstRunFaults = ResourceUsage.minorFaults() - faultsBefore }
                if run == 1 {
                    // The store is still alive here (and `state` shares its storage).
                    result.residentBeforeKiB = residentBefore
                    result.residentAfterKiB = ResourceUsage.residentKiB()
                }
                result.itemCount = state.statistics.eventCount
                result.byteCount = Int64((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0)
                result.check = (tonight == nil ? 0 : 1) &+ Int(debt.last7Minutes) &+ streaks.best
                if run == 1, pass == .checkpointLaunch {
                    var calls: [Int64] = []
                    for step in 0..<144 {
                        let at = moment.adding(milliseconds: -Int64(step) * 600_000)
                        let started = clock.now
                        result.check &+= state.nextChange(after: at).map { Int($0.millisecondsSince1970 & 0xFF) } ?? 0
                        calls.append(Self.durationNanoseconds(clock.now - started))
                    }
                    calls.sort()
                    result.nextChangeNanos = PassResult.NextChangeTimes(median: calls[calls.count / 2], slowest: calls[calls.count - 1])
                    var reads: [Int64] = []
                    for step in 0..<144 {
                        let at = moment.adding(milliseconds: -Int64(step) * 600_000)
                        let started = clock.now
                        result.check &+= MoreSleepModel.Values(state: state, at: at).checksum
                        reads.append(Self.durationNanoseconds(clock.now - started))
                    }
                    reads.sort()
                    result.modelReadNanos = PassResult.NextChangeTimes(median: reads[reads.count / 2], slowest: reads[reads.count - 1])
                }
                withExtendedLifetime(store) {}
                continue
            case .read:
                let descriptor = open(path, O_RDONLY)
                guard descriptor >= 0 else { throw BenchError.io("cannot open \(path)") }
                defer { close(descriptor) }
                var buffer = [UInt8](repeating: 0, count: 1 << 20)
                var total: Int64 = 0
                var sum = 0
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 { throw BenchError.io("cannot read \(path)") }
                    if count == 0 { break }
                    total += Int64(count)
                    sum &+= Int(buffer[0]) &+ Int(buffer[count - 1])
                }
                result.itemCount = 0
                result.byteCount = total
                result.check = sum
            case .decode:
                var checksum = 0
                let summary = try EventLogReader.forEachEvent(path: path) { scanned in
                    checksum &+= scanned.event.seq ^ Int(scanned.event.at.utcOffsetSeconds)
                }
                result.itemCount = summary.eventCount
                result.byteCount = summary.byteCount
                result.check = checksum
            case .scan:
                var reader = try LineReader(path: path)
                var lines = 0
                var bytes: Int64 = 0
                while let line = try reader.nextLine() {
                    lines += 1
                    bytes = line.endByteOffset
                }
                result.itemCount = lines
                result.byteCount = bytes
                result.check = lines
            }
            result.runs.append(clock.now - started)
        }
        result.peakResidentKiB = ResourceUsage.peakResidentKiB()
        result.highWaterMarkKiB = ResourceUsage.highWaterMarkKiB()
        if pass.usesCheckpoints {
            // Which checkpoint the runs started from (after the peak was taken: this folds again).
            let fold = try CheckpointedFold.fold(.file(path: path), checkpoints: checkpoints)
            guard fold.startedFrom != nil else {
                throw BenchError.failed("\(pass.title) found no usable checkpoint in \(checkpoints ?? "?") (\(fold.problems.map(\.warning).joined(separator: "; "))); it folded from the first line")
            }
            result.linesAfterCheckpoint = fold.linesAfterCheckpoint
            if let checkpoints, pass == .checkpointLaunch { result.openParts = try CheckpointOpenParts.measure(logAt: path, checkpoints: checkpoints) }
        }
        return result
    }

    // MARK: The child protocol

    /// The one line a child prints on stdout.
    static func resultLine(_ result: PassResult) -> String {
        let runs = result.runs.map { String(durationNanoseconds($0)) }.joined(separator: ",")
        return "RESULT pass=\(result.pass.rawValue) items=\(result.itemCount) bytes=\(result.byteCount) runs_ns=\(runs) "
            + "maxrss_kib=\(result.peakResidentKiB) vmhwm_kib=\(result.highWaterMarkKiB ?? -1) check=\(result.check) late=\(result.lateEventCount) warnings=\(result.warningCount) "
            + "rss_before_kib=\(result.residentBeforeKiB ?? -1) rss_after_kib=\(result.residentAfterKiB ?? -1) lines_after_checkpoint=\(result.linesAfterCheckpoint ?? -1) first_faults=\(result.firstRunFaults ?? -1)"
            + (result.openParts.map { " parts=\($0.field)" } ?? "")
            + (result.nextChangeNanos.map { " next_change_ns=\($0.median),\($0.slowest)" } ?? "")
            + (result.modelReadNanos.map { " model_read_ns=\($0.median),\($0.slowest)" } ?? "")
    }

    /// The `name=value` fields of the last line of a child's `output` that starts with
    /// `tag` (the child protocol of every pass), `nil` when there is none.
    static func resultFields(in output: String, tag: String) -> [String: String]? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(tag + " ") }) else { return nil }
        var fields: [String: String] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    static func parseResultLine(_ output: String) -> PassResult? {
        guard let fields = resultFields(in: output, tag: "RESULT") else { return nil }
        guard let pass = fields["pass"].flatMap(MeasuredPass.init(rawValue:)),
              let items = fields["items"].flatMap({ Int($0) }),
              let bytes = fields["bytes"].flatMap({ Int64($0) }),
              let runs = fields["runs_ns"]?.split(separator: ",").compactMap({ Int64($0) }), !runs.isEmpty,
              let peak = fields["maxrss_kib"].flatMap({ Int($0) }),
              let highWaterMark = fields["vmhwm_kib"].flatMap({ Int($0) }),
              let check = fields["check"].flatMap({ Int($0) }),
              let late = fields["late"].flatMap({ Int($0) }),
              let warnings = fields["warnings"].flatMap({ Int($0) })
        else { return nil }
        func optional(_ name: String) -> Int? { fields[name].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
        return PassResult(
            pass: pass, itemCount: items, byteCount: bytes, runs: runs.map { Duration.nanoseconds($0) },
            peakResidentKiB: peak, highWaterMarkKiB: highWaterMark >= 0 ? highWaterMark : nil, check: check, lateEventCount: late, warningCount: warnings,
            residentBeforeKiB: optional("rss_before_kib"), residentAfterKiB: optional("rss_after_kib"), firstRunFaults: optional("first_faults"),
            linesAfterCheckpoint: optional("lines_after_checkpoint"), openParts: fields["parts"].flatMap(CheckpointOpenParts.init(field:)),
            nextChangeNanos: fields["next_change_ns"].flatMap(PassResult.NextChangeTimes.init(field:)),
            modelReadNanos: fields["model_read_ns"].flatMap(PassResult.NextChangeTimes.init(field:)))
    }

    static func durationNanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    /// Runs `pass` on `path` in a child process (this executable with `--PASS-only FILE`, and
    /// the checkpoints' folder after it for a pass that reads them), so that the reported peak
    /// memory is that pass's alone. Where processes cannot be started, measures in this
    /// process (and the peak is then the whole run's so far).
    static func measureInChild(_ pass: MeasuredPass, path: String, checkpoints: String? = nil) throws -> (result: PassResult, isolated: Bool) {
        guard ChildProcess.isSupported else { return (try measure(pass, path: path, checkpoints: checkpoints), false) }
        let output = try ChildProcess.run(["--\(pass.rawValue)-only", path] + (checkpoints.map { [$0] } ?? []), what: "the \(pass.title) child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the \(pass.title) child process printed no RESULT line")
        }
        return (result, true)
    }
}

/// Waits for an actor's answers from synchronous code (the benchmark's child is plain `main`).
enum StoreReader {
    final class Box<Value>: @unchecked Sendable {
        // @unchecked: `result` is written once before the semaphore is signalled and read after.
        var result: Result<Value, any Error> = .failure(BenchError.failed("the task did not finish"))
    }

    /// Runs `work` in a detached task and blocks this thread until it ends.
    static func wait<Value>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = Box<Value>()
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            semaphore.signal()
        }
        semaphore.wait()
        return try box.result.get()
    }

    static func state(of store: MoreSleepStore) throws -> LogState {
        try wait { await store.state }
    }
}

/// This executable started again with other arguments; its stderr goes to ours.
enum ChildProcess {
    #if os(Linux) || os(macOS)
    static let isSupported = true
    #else
    static let isSupported = false
    #endif

    /// Runs the child to its end and returns its stdout.
    static func run(_ arguments: [String], what: String) throws -> String {
        #if os(Linux) || os(macOS)
        let process = Process()
        process.executableURL = SelfExecutable.url
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError.failed("\(what) failed (status \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self)
        #else
        throw BenchError.failed("\(what): processes cannot be started on this platform")
        #endif
    }
}

/// This executable, to start it again as a child.
enum SelfExecutable {
    static var url: URL {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: resolved)
        }
        #endif
        if let url = Bundle.main.executableURL { return url }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "replay-bench")
    }
}

enum ResourceUsage {
    /// The page faults this process took so far that needed no I/O (`ru_minflt`).
    static func minorFaults() -> Int {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        #endif
        return Int(usage.ru_minflt)
    }

    /// The peak resident set size of this process so far, in KiB (`ru_maxrss` is KiB on
    /// Linux and bytes on macOS).
    static func peakResidentKiB() -> Int {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) / 1024
        #endif
    }

    /// `VmHWM` of /proc/self/status in KiB: the peak resident memory of this process's
    /// address space since its last exec; `nil` without /proc.
    static func highWaterMarkKiB() -> Int? {
        statusField("VmHWM")
    }

    /// `VmRSS` of /proc/self/status in KiB: this process's resident memory now; `nil`
    /// without /proc (macOS: not measured).
    static func residentKiB() -> Int? {
        statusField("VmRSS")
    }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).filter { $0.isASCII && $0.isNumber }
            return Int(number)
        }
        return nil
    }
}

/// Progress lines on stderr.
enum Progress {
    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

enum BenchError: Error, CustomStringConvertible {
    case io(String)
    case failed(String)

    var description: String {
        switch self {
        case .io(let message), .failed(let message): return message
        }
    }
}

extension PassResult.NextChangeTimes {
    /// Read from a result line's `MEDIAN,SLOWEST` field.
    init?(field: String) {
        let values = field.split(separator: ",").compactMap { Int64($0) }
        guard values.count == 2 else { return nil }
        self.init(median: values[0], slowest: values[1])
    }
}
