@_spi(LogTools) import EventLogFile
import Events
import Foundation
import Projections
import ReplayToolKit
import Store
import StrictJSON
import Views

// `replay-bench --shapes`: `replay-tool show LOG --json --no-checkpoint` against `jq -c .seq`
// on two shapes of log (issue 36, item 4): the simulator's 150,000 events and an outside
// generator's 5,000 nights (`OutsideLogWriter`), with the show's parts timed alone.

/// What the parts' child measured on one log: each part's runs, in this order.
struct ShowParts: Equatable {
    /// `EventLogReader.forEachEvent`: read, decode and check every line.
    var decode: [Duration] = []
    /// The fold `show` makes (`CheckpointedFold.fold` without checkpoints): reading and
    /// decoding included.
    var decodeAndFold: [Duration] = []
    /// `JSONView.chunks`: the view's text from the folded state, as `show --json` writes it
    /// (in chunks, not copied into one array).
    var viewRuns: [Duration] = []
    /// The bytes of the view.
    var viewBytes = 0
    var events = 0
    var warnings = 0

    var fold: Duration { Statistics.median(decodeAndFold) - Statistics.median(decode) }
    var view: Duration { Statistics.median(viewRuns) }
}

/// One shape's figures.
struct ShapeMeasurement {
    var name: String
    var generated: SimulatedLogWriter.Result
    var parts: ShowParts
    /// `replay-tool show --json --no-checkpoint`, a fresh process per run (output to /dev/null).
    var show: [Duration]
    var jq: JQTiming.Outcome

    var ratio: Double? {
        guard let jq = jq.timing else { return nil }
        return Statistics.median(jq.runs).seconds / Statistics.median(show).seconds
    }
}

enum ShowShapesBenchmark {
    static let runCount = 5
    /// The simulator's log: the issue's 10-year log.
    static let simulatedEvents = 150_000
    /// The issue's targets: `show --json` at least 3 times jq's speed, the view written at
    /// 200 MB/s or more.
    static let ratioTarget = 3.0
    static let viewTarget = 200.0

    static func arguments(_ path: String) -> [String] { ["show", path, "--json", "--no-checkpoint"] }

    // MARK: The children

    /// The parts, `runCount` runs each, in this process (`--show-parts-only FILE`).
    static func measureParts(path: String) throws -> ShowParts {
        let clock = ContinuousClock()
        var parts = ShowParts()
        for run in 1...runCount {
            Progress.say("  show's parts run \(run)/\(runCount) on \(URL(fileURLWithPath: path).lastPathComponent)…")
            var started = clock.now
            var checksum = 0
            let summary = try EventLogReader.forEachEvent(path: path) { scanned in
                checksum &+= scanned.event.seq
            }
            parts.decode.append(clock.now - started)
            parts.events = summary.eventCount

            started = clock.now
            let fold = try CheckpointedFold.fold(.file(path: path), checkpoints: nil)
            parts.decodeAndFold.append(clock.now - started)
            parts.warnings = fold.runner.warnings.all.count

            started = clock.now
            let chunks = JSONView.chunks(state: fold.runner.state, warnings: fold.runner.warnings, asOf: fold.latestLineAt)
            parts.viewRuns.append(clock.now - started)
            parts.viewBytes = chunks.reduce(0) { $0 + $1.count }
            withExtendedLifetime((checksum, chunks)) {}
        }
        return parts
    }

    static func resultLine(_ parts: ShowParts) -> String {
        func runs(_ values: [Duration]) -> String { values.map { String($0.nanoseconds) }.joined(separator: ",") }
        return "SHOWPARTS decode_ns=\(runs(parts.decode)) fold_ns=\(runs(parts.decodeAndFold)) view_ns=\(runs(parts.viewRuns)) "
            + "bytes=\(parts.viewBytes) events=\(parts.events) warnings=\(parts.warnings)"
    }

    static func parseResultLine(_ output: String) -> ShowParts? {
        guard let fields = PassRunner.resultFields(in: output, tag: "SHOWPARTS") else { return nil }
        func runs(_ name: String) -> [Duration]? {
            guard let values = fields[name]?.split(separator: ",").compactMap({ Int64($0) }), values.count == runCount else { return nil }
            return values.map { .nanoseconds($0) }
        }
        guard let decode = runs("decode_ns"), let fold = runs("fold_ns"), let view = runs("view_ns"),
              let bytes = fields["bytes"].flatMap({ Int($0) }), let events = fields["events"].flatMap({ Int($0) }),
              let warnings = fields["warnings"].flatMap({ Int($0) })
        else { return nil }
        return ShowParts(decode: decode, decodeAndFold: fold, viewRuns: view, viewBytes: bytes, events: events, warnings: warnings)
    }

    /// `replay-tool show FILE --json --no-checkpoint` once, its output to this process's
    /// standard output (`--show-once-only FILE`, run with it sent to /dev/null).
    static func showOnce(path: String) -> Int32 {
        let console = ToolConsole(
            output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            outputBytes: { bytes in try? FileHandle.standardOutput.write(contentsOf: bytes) },
            error: { text in FileHandle.standardError.write(Data(text.utf8)) },
            readInput: { nil })
        return ReplayTool.run(arguments(path), console: console).rawValue
    }

    /// One run of the whole `show --json`, a fresh child process timed from here as jq is,
    /// added to `runs`.
    static func measureShow(path: String, runs: inout [Duration]) throws {
        #if os(Linux) || os(macOS)
        Progress.say("  show --json --no-checkpoint run \(runs.count + 1)/\(runCount) (a fresh process, output to /dev/null)…")
        let process = Process()
        process.executableURL = SelfExecutable.url
        process.arguments = ["--show-once-only", path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.standardError
        let clock = ContinuousClock()
        let started = clock.now
        try process.run()
        process.waitUntilExit()
        runs.append(clock.now - started)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError.failed("show --json exited with status \(process.terminationStatus)")
        }
        #else
        throw BenchError.failed("processes cannot be started on this platform")
        #endif
    }

    static func measurePartsInChild(path: String) throws -> ShowParts {
        guard ChildProcess.isSupported else { return try measureParts(path: path) }
        let output = try ChildProcess.run(["--show-parts-only", path], what: "the show parts child process")
        guard let parts = parseResultLine(output) else { throw BenchError.failed("the show parts child process printed no SHOWPARTS line") }
        return parts
    }

    // MARK: The run

    static func run(files: inout ReplayBench.Files, machine: MachineInfo, isRelease: Bool, keep: Bool) throws -> String {
        let simulated = files.directory + "/simulated-\(simulatedEvents).jsonl"
        let outside = files.directory + "/outside-\(OutsideLogWriter.defaultNights)-nights.jsonl"
        for path in [simulated, outside] where FileManager.default.fileExists(atPath: path) {
            throw BenchError.io("\(path) already exists; replay-bench writes new files and does not overwrite — remove it or choose another --directory")
        }
        var shapes: [ShapeMeasurement] = []
        for (name, path) in [("simulator", simulated), ("outside generator", outside)] {
            Progress.say("generating the \(name)'s log → \(path)…")
            files.made.append(path)
            let generated = path == simulated
                ? try SimulatedLogWriter.writeInChild(count: simulatedEvents, to: path)
                : try OutsideLogWriter.writeInChild(nights: OutsideLogWriter.defaultNights, to: path)
            Progress.say("  \(grouped(generated.eventCount)) events, \(megabytes(generated.byteCount)) MB in \(fixed(generated.duration.seconds, 2)) s")
            Progress.say("show's parts on the \(name)'s log (child process)…")
            let parts = try measurePartsInChild(path: path)
            guard parts.events == generated.eventCount else {
                throw BenchError.failed("the fold saw \(parts.events) events, the log has \(generated.eventCount)")
            }
            guard parts.warnings == 0 else { throw BenchError.failed("the \(name)'s log folded with \(parts.warnings) warnings; it has none") }
            // show and jq run alternately, so that a drift in the machine's speed between
            // runs falls on both alike.
            var show: [Duration] = []
            try measureShow(path: path, runs: &show)
            let jq = try JQTiming.measure(path: path, runs: runCount) { try measureShow(path: path, runs: &show) }
            while show.count < runCount { try measureShow(path: path, runs: &show) }
            shapes.append(ShapeMeasurement(name: name, generated: generated, parts: parts, show: show, jq: jq))
        }
        return report(shapes, machine: machine, isRelease: isRelease, files: files, keep: keep)
    }

    static func report(_ shapes: [ShapeMeasurement], machine: MachineInfo, isRelease: Bool, files: ReplayBench.Files, keep: Bool) -> String {
        var out: [String] = []
        out.append("replay-bench --shapes — replay-tool show --json --no-checkpoint against jq -c .seq on two shapes of log (\(isRelease ? "release" : "DEBUG: figures are meaningless, use -c release") build)")
        out.append("")
        out.append("MACHINE")
        out.append("  uname          \(machine.uname)")
        out.append("  cores          \(machine.coreCount)")
        out.append("  CPU            \(machine.cpuModel ?? "unknown")")
        if let load = machine.loadAverage {
            out.append("  load average   \(load) at start, \(MachineInfo.loadAverage() ?? "?") at end (1/5/15 min)")
        }
        if let jq = shapes.lazy.compactMap({ $0.jq.timing }).first { out.append("  jq             \(jq.executable) (\(jq.version))") }
        out.append("")
        out.append("Medians of \(runCount) runs (wall time). The parts run in one child process per log; show and jq each run as a fresh process, output to /dev/null, alternately.")
        out.append("  decode   EventLogReader.forEachEvent (read, decode, check every line)")
        out.append("  fold     CheckpointedFold.fold without checkpoints (what show folds), minus the decode")
        out.append("  view     JSONView.chunks: the view's text from the folded state, as show --json writes it; MB/s of its bytes")
        out.append("")
        for shape in shapes {
            let parts = shape.parts
            let generated = shape.generated
            out.append("\(shape.name.uppercased()): \(grouped(generated.eventCount)) events, \(grouped(generated.nights)) nights, \(megabytes(generated.byteCount)) MB "
                + "(\(grouped(generated.mix.sleepSamples)) sleep samples, \(grouped(generated.mix.vitalSamples)) vitals, \(grouped(generated.mix.goals)) goals, "
                + "\(grouped(generated.mix.nightActions)) other; \(grouped(generated.mix.batches)) batches)")
            func line(_ label: String, _ runs: [Duration], _ extra: String = "") -> String {
                "  \(pad(label, 24)) \(lpad(fixed(Statistics.median(runs).seconds, 3), 7)) s  (runs \(runs.map { fixed($0.seconds, 3) }.joined(separator: " ")))\(extra)"
            }
            out.append(line("decode", parts.decode, "  \(fixed(Double(generated.byteCount) / 1e6 / Statistics.median(parts.decode).seconds, 0)) MB/s"))
            out.append("  \(pad("fold", 24)) \(lpad(fixed(parts.fold.seconds, 3), 7)) s  (decode + fold \(fixed(Statistics.median(parts.decodeAndFold).seconds, 3)) s; runs \(parts.decodeAndFold.map { fixed($0.seconds, 3) }.joined(separator: " ")))")
            out.append(line("view", parts.viewRuns, "  \(megabytes(Int64(parts.viewBytes))) MB, \(fixed(viewSpeed(parts), 0)) MB/s"))
            out.append(line("show --json", shape.show))
            if let jq = shape.jq.timing {
                out.append(line("jq -c .seq", jq.runs))
                out.append("  \(pad("show × jq", 24)) \(lpad(fixed(shape.ratio ?? 0, 2), 7))×")
            } else {
                out.append("  jq -c .seq: \(jqProblem(shape.jq))")
            }
            out.append("")
        }
        out.append("TARGETS (issue 36, item 4; medians)")
        for shape in shapes {
            let ratio = shape.ratio
            out.append("  \(pad(shape.name, 18)) show --json ≥ \(fixed(ratioTarget, 0))× jq: \(ratio.map { fixed($0, 2) + "×" } ?? "not measured") — \(ratio.map { $0 >= ratioTarget ? "met" : "NOT MET" } ?? "-");"
                + " view ≥ \(fixed(viewTarget, 0)) MB/s: \(fixed(viewSpeed(shape.parts), 0)) MB/s — \(viewSpeed(shape.parts) >= viewTarget ? "met" : "NOT MET")")
        }
        out.append("")
        out.append("FILES")
        out.append("  \(keep ? "kept" : "removed"): \(files.made.joined(separator: ", "))")
        return out.joined(separator: "\n") + "\n"
    }

    /// The view's bytes over the time to write them from the folded state, MB/s.
    static func viewSpeed(_ parts: ShowParts) -> Double {
        Double(parts.viewBytes) / 1e6 / parts.view.seconds
    }

    private static func jqProblem(_ outcome: JQTiming.Outcome) -> String {
        switch outcome {
        case .measured: return ""
        case .notFound: return "not measured (no jq on PATH)"
        case .failed(let reason): return "not measured (\(reason))"
        }
    }
}
