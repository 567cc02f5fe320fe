import Foundation

// The plain-text table replay-bench prints on stdout.

struct GeneratedLog {
    var path: String
    var result: SyntheticLogWriter.Result
}

struct BenchmarkReport {
    var machine: MachineInfo
    var loadAverageAtEnd: String?
    var isReleaseBuild: Bool
    var workingDirectory: String
    var fileSystem: String?
    var fullLog: GeneratedLog
    var tenthLog: GeneratedLog
    /// The passes on the full log and on the N/10 log, in `MeasuredPass.allCases` order.
    var fullPasses: [PassResult]
    var tenthPasses: [PassResult]
    var passesIsolated: Bool
    /// This process's own peak (VmHWM) when it started the measuring children, in KiB.
    var parentPeakKiBAtSpawn: Int
    var appends: AppendLatency
    var jq: JQTiming.Outcome
    /// One new night after two years of sleep history, against a full rebuild.
    var sleepIngest: SleepIngestResult
    var filesNote: String

    func render() -> String {
        var out: [String] = []
        out.append("replay-bench — MoreSleep event log (\(isReleaseBuild ? "release" : "DEBUG: figures are meaningless, use -c release") build)")
        out.append("")
        out.append("MACHINE")
        out.append(row("uname", machine.uname))
        out.append(row("cores", "\(machine.coreCount) (ProcessInfo.activeProcessorCount)"))
        out.append(row("CPU", machine.cpuModel ?? "unknown (no model name in /proc/cpuinfo)"))
        if let load = machine.loadAverage {
            out.append(row("load average", "\(load) at start, \(loadAverageAtEnd ?? "?") at end (1/5/15 min)"))
        }
        out.append(row("files in", "\(workingDirectory)\(fileSystem.map { " (\($0))" } ?? "")"))
        out.append("")

        let full = fullLog.result
        out.append("SYNTHETIC LOG (deterministic LCG, at +1…5 min per event from 2026-03-01, Europe/Berlin + America/Chicago)")
        out.append(row("events", "\(grouped(full.eventCount)) (seq 1…\(grouped(full.eventCount)))"))
        let mix = full.mix
        out.append(row("mix", [
            "sleepSampleIngested \(percent(mix.sleepSamples, of: mix.total))",
            "vitalSampleIngested \(percent(mix.vitalSamples, of: mix.total))",
            "night actions \(percent(mix.nightActions, of: mix.total))",
            "goalSet \(grouped(mix.goals))",
        ].joined(separator: ", ")))
        out.append(row("batches", "\(grouped(mix.batches)) batch markers holding \(percent(mix.batchedEvents, of: mix.total)) of the events"))
        out.append(row("file", "\(megabytes(full.byteCount)) MB (\(grouped(Int(full.byteCount))) bytes), \(full.byteCount / Int64(max(full.eventCount, 1))) bytes/event"))
        out.append(row("generated in", "\(fixed(full.duration.seconds, 2)) s (\(grouped(Int(Double(full.eventCount) / full.duration.seconds))) events/s, "
            + "\(fixed(Double(full.byteCount) / 1_000_000 / full.duration.seconds, 1)) MB/s, encode + write, no fsync)"))
        let tenth = tenthLog.result
        out.append(row("N/10 log", "\(grouped(tenth.eventCount)) events, \(megabytes(tenth.byteCount)) MB, generated in \(fixed(tenth.duration.seconds, 2)) s (same seed: the log's first lines, its last batch maybe cut shorter)"))
        out.append("")

        out.append("READ PASSES (best of \(PassRunner.runCount) runs, wall time via ContinuousClock; "
            + (passesIsolated ? "each pass in its own child process)" : "all in this process)"))
        out.append("  MB = 10^6 bytes, MiB = 2^20 bytes. ru_maxrss and VmHWM: peak resident memory of the process that ran")
        out.append("  the pass" + (passesIsolated ? ", after its 3 runs (see PEAK MEMORY below)." : " (cumulative: passes were not isolated)."))
        out.append("  events/s counts lines for the line scan.")
        out.append("")
        let header = [pad("pass", 13), pad("log", 5), lpad("events", 11), lpad("MB", 8), lpad("best s", 8),
                      lpad("runs s", 22), lpad("events/s", 11), lpad("MB/s", 8), lpad("ru_maxrss", 10), lpad("VmHWM", 10)]
        out.append("  " + header.joined(separator: " "))
        for (label, passes) in [("N", fullPasses), ("N/10", tenthPasses)] {
            for result in passes {
                let runs = result.runs.map { fixed($0.seconds, 3) }.joined(separator: " ")
                out.append("  " + [
                    pad(result.pass.title, 13), pad(label, 5), lpad(grouped(result.itemCount), 11),
                    lpad(megabytes(result.byteCount), 8), lpad(fixed(result.best.seconds, 3), 8), lpad(runs, 22),
                    lpad(grouped(Int(result.itemsPerSecond)), 11), lpad(fixed(result.megabytesPerSecond, 1), 8),
                    lpad(mebibytes(kib: result.peakResidentKiB) + " MiB", 10),
                    lpad(result.highWaterMarkKiB.map { mebibytes(kib: $0) + " MiB" } ?? "n/a", 10),
                ].joined(separator: " "))
            }
        }
        out.append("")
        for pass in MeasuredPass.allCases {
            out.append("  \(pad(pass.title, 12)) = \(pass.detail)")
        }
        out.append("")
        if let replay = fullPasses.first(where: { $0.pass == .replay }),
           let decode = fullPasses.first(where: { $0.pass == .decode }),
           let scan = fullPasses.first(where: { $0.pass == .scan }) {
            let total = replay.best.seconds
            let scanShare = scan.best.seconds
            let decodeShare = max(decode.best.seconds - scan.best.seconds, 0)
            let foldShare = max(replay.best.seconds - decode.best.seconds, 0)
            out.append("  where the full replay's time goes (N; differences of passes timed in separate processes,")
            out.append("  so the small shares are noisy on a busy machine):")
            out.append("    reading + finding lines  \(lpad(fixed(scanShare, 3), 7)) s  \(lpad(percentOf(scanShare, total), 6))   (line scan)")
            out.append("    decoding + log checks    \(lpad(fixed(decodeShare, 3), 7)) s  \(lpad(percentOf(decodeShare, total), 6))   (decode only − line scan)")
            out.append("    time order + projection  \(lpad(fixed(foldShare, 3), 7)) s  \(lpad(percentOf(foldShare, total), 6))   (full replay − decode only)")
            out.append("    per event: \(fixed(total / Double(max(replay.itemCount, 1)) * 1e9, 0)) ns replay, "
                + "\(fixed(decode.best.seconds / Double(max(decode.itemCount, 1)) * 1e9, 0)) ns decode, "
                + "\(fixed(scan.best.seconds / Double(max(scan.itemCount, 1)) * 1e9, 0)) ns scan")
            out.append("  replay check: \(grouped(replay.check)) of \(grouped(full.eventCount)) events applied, "
                + "\(grouped(replay.lateEventCount)) late (second pass), \(grouped(replay.warningCount)) warnings")
        }
        out.append("")

        out.append("PEAK MEMORY vs LOG LENGTH (each pass in its own child process, after its 3 runs: N/10 log → N log)")
        for pass in MeasuredPass.allCases {
            guard let small = tenthPasses.first(where: { $0.pass == pass }),
                  let large = fullPasses.first(where: { $0.pass == pass }) else { continue }
            let extraEvents = max(large.itemCount - small.itemCount, 1)
            var line = "  \(pad(pass.title, 12)) ru_maxrss " + growth(small.peakResidentKiB, large.peakResidentKiB, extraEvents: extraEvents)
            if let smallMark = small.highWaterMarkKiB, let largeMark = large.highWaterMarkKiB {
                line += "   VmHWM " + growth(smallMark, largeMark, extraEvents: extraEvents)
            }
            out.append(line)
        }
        out.append("  ru_maxrss is getrusage(RUSAGE_SELF) in the child (KiB on Linux). Linux starts a posix_spawn'ed child's")
        out.append("  ru_maxrss at its parent's peak, so no child reads below this process's "
            + "\(mebibytes(kib: parentPeakKiBAtSpawn)) MiB (VmHWM at spawn; it")
        out.append("  generates the logs in children to stay lean). VmHWM (/proc/self/status) is the child's own peak only.")
        out.append("  Flat means memory does not grow with the log. ProjectionRunner keeps a 16-byte digest of every id")
        out.append("  (IdentifierSet, a Set<IdentifierDigest>) to skip repeated ids: the replay grows with the log by design.")
        out.append("")

        out.append("APPENDS through FileEventLog (one write + fsync per append, fresh log next to the others)")
        let singles = appends.singles
        out.append("  single event × \(singles.count)    median \(fixed(Statistics.median(singles).milliseconds, 3)) ms   "
            + "p99 \(fixed(Statistics.percentile(singles, 99).milliseconds, 3)) ms   "
            + "min \(fixed(singles.min()?.milliseconds ?? 0, 3)) ms   max \(fixed(singles.max()?.milliseconds ?? 0, 3)) ms")
        let batches = appends.batches
        let medianBatch = Statistics.median(batches).milliseconds
        out.append("  batch of \(appends.batchSize) × \(batches.count)     median \(fixed(medianBatch, 3)) ms per batch = "
            + "\(fixed(medianBatch / Double(appends.batchSize), 4)) ms per event   "
            + "p99 \(fixed(Statistics.percentile(batches, 99).milliseconds, 3)) ms   max \(fixed(batches.max()?.milliseconds ?? 0, 3)) ms")
        out.append("  (log holds \(grouped(appends.finalLastSeq)) events at the end; fsync cost depends on the file system above)")
        out.append("")

        out.append("JQ")
        switch jq {
        case .notFound:
            out.append("  jq is not on PATH: no comparison.")
        case .failed(let message):
            out.append("  jq failed: \(message)")
        case .measured(let timing):
            let linesPerSecond = Double(full.eventCount) / timing.duration.seconds
            out.append("  \(timing.version) (`\(timing.executable) -c .seq FILE > /dev/null` on the N log, 1 run): "
                + "\(fixed(timing.duration.seconds, 3)) s = \(grouped(Int(linesPerSecond))) lines/s, "
                + "\(fixed(Double(full.byteCount) / 1_000_000 / timing.duration.seconds, 1)) MB/s")
            if let replay = fullPasses.first(where: { $0.pass == .replay }) {
                out.append("  full replay speed / jq speed = \(fixed(replay.itemsPerSecond / linesPerSecond, 2))× "
                    + "(replay also checks every field and folds LogState; jq only parses and prints .seq)")
            }
        }
        out.append("")
        out += renderSleepIngest()
        out.append("")
        out.append("FILES")
        out.append("  \(filesNote)")
        return out.joined(separator: "\n") + "\n"
    }

    /// The sleep-ingest section: (a) one new night folded into two years of history,
    /// against (b) folding everything again.
    private func renderSleepIngest() -> [String] {
        let result = sleepIngest
        var out: [String] = []
        func line(_ label: String, _ value: String) -> String { "  \(pad(label, 16)) \(value)" }
        out.append("SLEEP: ONE NEW NIGHT AFTER TWO YEARS OF HISTORY (in memory: no file, no decoding; best of \(result.incremental.count) runs, ContinuousClock)")
        out.append(line("history", "\(grouped(result.historyNights)) nights × \(SleepIngestBenchmark.samplesPerNight) sleep samples (inBed, core, deep, REM, awake) "
            + "+ 1 goalSet = \(grouped(result.historyEvents)) events, Europe/Berlin, nights from \(SleepIngestBenchmark.firstNight.iso)"))
        out.append(line("history fold", "\(fixed(bestMilliseconds(result.historyFolds), 2)) ms (building the state (a) starts from, each run)"))
        let incremental = result.incrementalBest.milliseconds
        let rebuild = result.rebuildBest.milliseconds
        out.append(line("(a) incremental", "\(fixed(incremental, 3)) ms: the \(result.newNightEvents) events of night \(result.newNight.iso) applied one by one to the folded "
            + "state (\(fixed(incremental * 1000 / Double(max(result.newNightEvents, 1)), 2)) µs an event); runs "
            + result.incremental.map { fixed($0.milliseconds, 3) }.joined(separator: " ") + " ms"))
        out.append(line("", "sleep.rebuildCount +\(result.rebuildCountDelta) (night \(result.newNight.iso) is built once for its delivery, on demand; no other night is rebuilt)"))
        let allEvents = result.historyEvents + result.newNightEvents
        out.append(line("(b) full rebuild", "\(fixed(rebuild, 2)) ms: all \(grouped(allEvents)) events folded from an empty LogState "
            + "(\(fixed(rebuild * 1000 / Double(max(allEvents, 1)), 2)) µs an event); runs "
            + result.rebuilds.map { fixed($0.milliseconds, 2) }.joined(separator: " ") + " ms"))
        out.append(line("ratio", "(b) / (a) = \(fixed(rebuild / max(incremental, 1e-9), 0))×"))
        out.append(line("then asking", "sleepDebt(at:) + streaks(at:) as of the new night's delivery: \(fixed(bestMilliseconds(result.queries), 3)) ms "
            + "(streaks look at every night with data: \(grouped(result.sleepRecordCount)) here)"))
        out.append(line("check", "state after (a) \(result.sameState ? "equals" : "DIFFERS FROM") the state after (b); night \(result.newNight.iso) asleep "
            + "\(result.newNightAsleepMinutes.map { "\($0) min" } ?? "missing")"))
        return out
    }

    private func bestMilliseconds(_ durations: [Duration]) -> Double {
        (durations.min() ?? .zero).milliseconds
    }

    // MARK: Formatting

    /// `30.1 → 78.4 MiB (+48.3 MiB, 56.2 B/extra event)`.
    private func growth(_ smallKiB: Int, _ largeKiB: Int, extraEvents: Int) -> String {
        let growthKiB = largeKiB - smallKiB
        let perEvent = Double(growthKiB) * 1024 / Double(extraEvents)
        return "\(lpad(mebibytes(kib: smallKiB), 6)) → \(lpad(mebibytes(kib: largeKiB), 6)) MiB "
            + "(\(growthKiB >= 0 ? "+" : "")\(mebibytes(kib: growthKiB)) MiB, \(fixed(perEvent, 1)) B/extra event)"
    }

    private func row(_ label: String, _ value: String) -> String {
        "  \(pad(label, 14)) \(value)"
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func lpad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// `1234567` → `1,234,567`.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return value < 0 ? "-" + result : result
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "n/a" }
    return String(format: "%.\(decimals)f", value)
}

func megabytes(_ bytes: Int64) -> String {
    fixed(Double(bytes) / 1_000_000, 1)
}

func mebibytes(kib: Int) -> String {
    fixed(Double(kib) / 1024, 1)
}

func percent(_ part: Int, of total: Int) -> String {
    percentOf(Double(part), Double(total))
}

func percentOf(_ part: Double, _ total: Double) -> String {
    guard total > 0 else { return "n/a" }
    let value = part / total * 100
    return fixed(value, value < 1 ? 2 : 1) + "%"
}
