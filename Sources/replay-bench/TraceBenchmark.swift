import Events
import Foundation
import ReplayToolKit

// `replay-bench --trace`: `replay-tool show --json`, each `trace --figure` and `inspect` (the
// last 7 nights' page) on one simulated log of many nights, each in a child process of its
// own, side by side (issues 14 and 36).

/// A `replay-tool` command measured by `--trace`.
enum ToolPass: String, CaseIterable, Sendable {
    case show
    case debt
    case streak
    case sleep
    case sri
    case inspect

    /// The page `inspect` writes (removed after each run).
    static let inspectPage = NSTemporaryDirectory() + "/replay-bench-inspect-\(getpid()).html"

    /// The command, as one types it.
    var title: String {
        switch self {
        case .show: return "show --json"
        case .debt, .streak, .sleep, .sri: return "trace --figure \(rawValue)"
        case .inspect: return "inspect (last 7 nights)"
        }
    }

    /// Whether it is a trace figure (held to the trace targets).
    var isTrace: Bool { self != .show && self != .inspect }

    /// The whole command line on `path`.
    func commandLine(_ path: String) -> [String] {
        switch self {
        case .show: return ["show", path, "--json"]
        case .debt, .streak, .sleep, .sri: return ["trace", path, "--figure", rawValue]
        case .inspect: return ["inspect", path, "--html", Self.inspectPage]
        }
    }
}

/// What one `replay-tool` command measured, in its child.
struct ToolPassResult: Equatable {
    var pass: ToolPass
    var runs: [Duration]
    /// Bytes it printed (the same each run), and its exit code.
    var outputBytes: Int
    var exitCode: Int32
    var peakResidentKiB: Int
    var highWaterMarkKiB: Int?

    var best: Duration { runs.min() ?? .zero }
    var peakKiB: Int { highWaterMarkKiB ?? peakResidentKiB }
}

enum TraceBenchmark {
    /// The nights of the log `--trace` measures on, unless `--nights` says otherwise.
    static let defaultNights = 2_000
    /// The issue's targets: each trace within this many times show's wall time and peak memory.
    static let timeTarget = 3.0
    static let memoryTarget = 2.0
    /// Issue 36's target: a week of a long log's inspector page, in seconds.
    static let inspectTarget = 1.0

    /// Runs `pass` on `path` `PassRunner.runCount` times in this process.
    static func measure(_ pass: ToolPass, path: String) -> ToolPassResult {
        let clock = ContinuousClock()
        let counter = OutputCounter()
        let console = ToolConsole(output: { counter.add($0.utf8.count) }, error: { _ in }, readInput: { nil })
        var result = ToolPassResult(pass: pass, runs: [], outputBytes: 0, exitCode: 0, peakResidentKiB: 0, highWaterMarkKiB: nil)
        for run in 1...PassRunner.runCount {
            Progress.say("  \(pass.title) run \(run)/\(PassRunner.runCount) on \(URL(fileURLWithPath: path).lastPathComponent)…")
            counter.reset()
            let started = clock.now
            let code = ReplayTool.run(pass.commandLine(path), console: console)
            result.runs.append(clock.now - started)
            result.exitCode = code.rawValue
            result.outputBytes = counter.total
            if pass == .inspect { unlink(ToolPass.inspectPage) }
        }
        result.peakResidentKiB = ResourceUsage.peakResidentKiB()
        result.highWaterMarkKiB = ResourceUsage.highWaterMarkKiB()
        return result
    }

    /// The one line a child prints on stdout.
    static func resultLine(_ result: ToolPassResult) -> String {
        let runs = result.runs.map { String($0.nanoseconds) }.joined(separator: ",")
        return "TOOLRESULT pass=\(result.pass.rawValue) runs_ns=\(runs) bytes=\(result.outputBytes) exit=\(result.exitCode) "
            + "maxrss_kib=\(result.peakResidentKiB) vmhwm_kib=\(result.highWaterMarkKiB ?? -1)"
    }

    static func parseResultLine(_ output: String) -> ToolPassResult? {
        guard let fields = PassRunner.resultFields(in: output, tag: "TOOLRESULT") else { return nil }
        guard let pass = fields["pass"].flatMap(ToolPass.init(rawValue:)),
              let runs = fields["runs_ns"]?.split(separator: ",").compactMap({ Int64($0) }), !runs.isEmpty,
              let bytes = fields["bytes"].flatMap({ Int($0) }),
              let exit = fields["exit"].flatMap({ Int32($0) }),
              let peak = fields["maxrss_kib"].flatMap({ Int($0) }),
              let highWaterMark = fields["vmhwm_kib"].flatMap({ Int($0) })
        else { return nil }
        return ToolPassResult(
            pass: pass, runs: runs.map { Duration.nanoseconds($0) }, outputBytes: bytes, exitCode: exit,
            peakResidentKiB: peak, highWaterMarkKiB: highWaterMark >= 0 ? highWaterMark : nil)
    }

    /// Runs `pass` in a child process (`--tool-only PASS FILE`); here where there are none.
    static func measureInChild(_ pass: ToolPass, path: String) throws -> (result: ToolPassResult, isolated: Bool) {
        guard ChildProcess.isSupported else { return (measure(pass, path: path), false) }
        let output = try ChildProcess.run(["--tool-only", pass.rawValue, path], what: "the \(pass.title) child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the \(pass.title) child process printed no TOOLRESULT line")
        }
        return (result, true)
    }

    /// The whole `--trace` run: the log, the four commands, the report.
    static func run(nights: Int, files: inout ReplayBench.Files, machine: MachineInfo, isRelease: Bool, keep: Bool) throws -> String {
        let path = files.directory + "/simulated-\(nights)-nights.jsonl"
        if FileManager.default.fileExists(atPath: path) {
            throw BenchError.io("\(path) already exists; replay-bench writes new files and does not overwrite — remove it or choose another --directory")
        }
        Progress.say("generating a simulated log of \(grouped(nights)) nights → \(path)…")
        files.made.append(path)
        let generated = try SimulatedLogWriter.writeInChild(nights: nights, to: path)
        Progress.say("  \(grouped(generated.eventCount)) events, \(megabytes(generated.byteCount)) MB in \(fixed(generated.duration.seconds, 2)) s")
        var results: [ToolPassResult] = []
        var isolated = true
        for pass in ToolPass.allCases {
            Progress.say("\(pass.title) on the \(grouped(nights))-night log (child process)…")
            let (result, inChild) = try measureInChild(pass, path: path)
            isolated = isolated && inChild
            guard result.exitCode == 0 else { throw BenchError.failed("\(pass.title) exited \(result.exitCode)") }
            results.append(result)
        }
        return report(results, generated: generated, nights: nights, machine: machine, isRelease: isRelease, isolated: isolated, path: path, keep: keep)
    }

    /// The report of `--trace`.
    static func report(_ results: [ToolPassResult], generated: SimulatedLogWriter.Result, nights: Int, machine: MachineInfo, isRelease: Bool, isolated: Bool, path: String, keep: Bool) -> String {
        var out: [String] = []
        out.append("replay-bench --trace — replay-tool trace against show on one log (\(isRelease ? "release" : "DEBUG: figures are meaningless, use -c release") build)")
        out.append("")
        out.append("MACHINE")
        out.append("  uname          \(machine.uname)")
        out.append("  cores          \(machine.coreCount)")
        out.append("  CPU            \(machine.cpuModel ?? "unknown")")
        if let load = machine.loadAverage {
            out.append("  load average   \(load) at start, \(MachineInfo.loadAverage() ?? "?") at end (1/5/15 min)")
        }
        out.append("")
        out.append("LOG: simulated, \(grouped(generated.nights)) nights (seed \(SimulatedLogWriter.seed), replay-tool simulate's defaults): "
            + "\(grouped(generated.eventCount)) events, \(megabytes(generated.byteCount)) MB, \(grouped(generated.mix.batches)) batches holding \(grouped(generated.mix.batchedEvents)) events")
        out.append("  Each command runs in process (ReplayTool.run, output counted, not written) in a child process of its own\(isolated ? "" : " (NOT isolated: no child processes here)"),")
        out.append("  best of \(PassRunner.runCount) runs (wall time); peak = VmHWM of that child.")
        out.append("")
        out.append("  " + [pad("command", 22), lpad("best", 10), lpad("× show", 8), lpad("peak", 11), lpad("× show", 8), lpad("output", 12)].joined(separator: " "))
        let show = results.first { $0.pass == .show }
        for result in results {
            let timeRatio = show.map { result.best.seconds / $0.best.seconds }
            let memoryRatio = show.map { Double(result.peakKiB) / Double($0.peakKiB) }
            out.append("  " + [
                pad(result.pass.title, 22),
                lpad(fixed(result.best.seconds, 3) + " s", 10),
                lpad(timeRatio.map { fixed($0, 2) } ?? "-", 8),
                lpad(mebibytes(kib: result.peakKiB) + " MiB", 11),
                lpad(memoryRatio.map { fixed($0, 2) } ?? "-", 8),
                lpad(megabytes(Int64(result.outputBytes)) + " MB", 12),
            ].joined(separator: " "))
        }
        out.append("")
        out.append("TARGET (issue 14): each trace figure within \(fixed(timeTarget, 0))× of show's time and \(fixed(memoryTarget, 0))× of its peak memory")
        var met = true
        for result in results where result.pass.isTrace {
            guard let show else { break }
            let timeRatio = result.best.seconds / show.best.seconds
            let memoryRatio = Double(result.peakKiB) / Double(show.peakKiB)
            let ok = timeRatio <= timeTarget && memoryRatio <= memoryTarget
            met = met && ok
            out.append("  \(pad(result.pass.title, 22)) time \(fixed(timeRatio, 2))×, memory \(fixed(memoryRatio, 2))×: \(ok ? "met" : "NOT met")")
        }
        out.append("  \(met ? "met" : "NOT met") for every figure")
        if let inspect = results.first(where: { $0.pass == .inspect }) {
            let ok = inspect.best.seconds < inspectTarget
            out.append("TARGET (issue 36): inspect writes the last 7 nights' page in under \(fixed(inspectTarget, 0)) s: best \(fixed(inspect.best.seconds, 3)) s, \(ok ? "met" : "NOT met")")
        }
        out.append("")
        out.append("FILES")
        out.append("  \(keep ? "kept" : "removed"): \(path)")
        return out.joined(separator: "\n") + "\n"
    }
}

/// Counts the bytes a command prints (its console's output may be called from any thread).
final class OutputCounter: Sendable {
    private let bytes = Locked(0)

    func add(_ count: Int) { bytes.withLock { $0 += count } }

    func reset() { bytes.withLock { $0 = 0 } }

    var total: Int { bytes.current }
}
