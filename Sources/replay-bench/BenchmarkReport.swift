import Foundation
import Store

// The plain-text report replay-bench prints on stdout.

struct BenchmarkReport {
    var machine: MachineInfo
    var loadAverageAtEnd: String?
    var isReleaseBuild: Bool
    var workingDirectory: String
    var fileSystem: String?
    var sizes: [SizeMeasurement]
    var passesIsolated: Bool
    /// This process's own peak (VmHWM) when it started the measuring children, in KiB.
    var parentPeakKiBAtSpawn: Int
    var newNight: NewNightResult
    var filesNote: String

    /// The issue's targets.
    static let replayOverJQTarget = 3.0
    static let newNightTarget = 100.0
    /// Issue 16's targets (checkpoints), on the 10-year simulated log (`--sizes 150000`).
    static let checkpointLaunchTarget: Duration = .milliseconds(10)
    /// The same open in a fresh process (an app's launch).
    static let freshCheckpointLaunchTarget: Duration = .milliseconds(15)
    static let residentTargetMiB = 30.0
    static let lateEventTarget: Duration = .milliseconds(10)
    static let firstAppendTarget: Duration = .milliseconds(5)
    static let syncTarget: Duration = .milliseconds(20)

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
        out.append("LOGS: simulated (replay-tool simulate's defaults: seed \(SimulatedLogWriter.seed), profile mixed, from 2026-10-19, Europe/Berlin with trips)")
        out.append("  Each pass runs in a child process of its own, best of \(PassRunner.runCount) runs (wall time, ContinuousClock);")
        out.append("  peak = VmHWM of that child (its own peak resident memory). MB = 10^6 bytes, MiB = 2^20 bytes.")
        for pass in MeasuredPass.allCases {
            out.append("  \(pad(pass.title, 13)) = \(pass.detail)")
        }
        out.append("")
        for size in sizes {
            out += render(size)
            out.append("")
        }
        out += renderSummary()
        out.append("")
        out += renderNewNight()
        out.append("")
        out.append("TARGETS (issue 9)")
        for line in targetLines() { out.append("  " + line) }
        out.append("")
        out.append("TARGETS (issue 16: checkpoints; the issue's log is the 10-year one, --sizes 150000; met or not by the median of the runs)")
        for line in checkpointTargetLines() { out.append("  " + line) }
        out.append("")
        out.append("FILES")
        out.append("  \(filesNote)")
        return out.joined(separator: "\n") + "\n"
    }

    private func render(_ size: SizeMeasurement) -> [String] {
        var out: [String] = []
        let generated = size.generated
        let mix = generated.mix
        out.append("LOG OF \(grouped(generated.eventCount)) EVENTS: \(megabytes(generated.byteCount)) MB, \(grouped(generated.nights)) nights, "
            + "\(generated.byteCount / Int64(max(generated.eventCount, 1))) bytes/event, written in \(fixed(generated.duration.seconds, 2)) s")
        out.append("  mix: sleep samples \(percent(mix.sleepSamples, of: mix.total)), vitals \(percent(mix.vitalSamples, of: mix.total)), "
            + "night actions \(percent(mix.nightActions, of: mix.total)), goals \(grouped(mix.goals)); "
            + "\(percent(mix.batchedEvents, of: mix.total)) of events in \(grouped(mix.batches)) batches")
        out.append("  " + [pad("pass", 13), lpad("best s", 9), lpad("runs s", 24), lpad("events/s", 12), lpad("MB/s", 9), lpad("peak", 11)].joined(separator: " "))
        for result in size.passes {
            let runs = result.runs.map { fixed($0.seconds, 4) }.joined(separator: " ")
            let events = result.pass == .read ? "-" : grouped(Int(Double(generated.eventCount) / result.best.seconds))
            out.append("  " + [
                pad(result.pass.title, 13), lpad(fixed(result.best.seconds, 4), 9), lpad(runs, 24),
                lpad(events, 12), lpad(fixed(Double(result.byteCount) / 1_000_000 / result.best.seconds, 1), 9),
                lpad((result.highWaterMarkKiB.map { mebibytes(kib: $0) } ?? mebibytes(kib: result.peakResidentKiB)) + " MiB", 11),
            ].joined(separator: " "))
        }
        switch size.jq {
        case .notFound:
            out.append("  jq is not on PATH: no comparison")
        case .failed(let message):
            out.append("  jq failed: \(message)")
        case .measured(let jq):
            let runs = jq.runs.map { fixed($0.seconds, 4) }.joined(separator: " ")
            out.append("  " + [
                pad("jq -c .seq", 13), lpad(fixed(jq.best.seconds, 4), 9), lpad(runs, 24),
                lpad(grouped(Int(Double(generated.eventCount) / jq.best.seconds)), 12),
                lpad(fixed(Double(generated.byteCount) / 1_000_000 / jq.best.seconds, 1), 9), lpad("", 11),
            ].joined(separator: " ") + "  (\(jq.version))")
        }
        if let replay = size.pass(.replay), let decode = size.pass(.decode), let read = size.pass(.read) {
            var ratios = "  ratios: full replay "
            if let over = size.replayOverJQ { ratios += "\(fixed(over, 2))× jq's speed; " }
            ratios += "decode only \(fixed(replay.best.seconds / decode.best.seconds, 2))× the full replay's speed; "
            ratios += "a plain read is \(fixed(replay.best.seconds / read.best.seconds, 1))× faster than the full replay"
            out.append(ratios)
            out.append("  per event: \(fixed(replay.best.seconds / Double(generated.eventCount) * 1e9, 0)) ns full replay = "
                + "\(fixed(decode.best.seconds / Double(generated.eventCount) * 1e9, 0)) ns decoding + "
                + "\(fixed(max(replay.best.seconds - decode.best.seconds, 0) / Double(generated.eventCount) * 1e9, 0)) ns folding")
        }
        out += renderCheckpoints(size)
        let appends = size.appends
        out.append("  appends to a copy (each fsynced, no checkpoints): first after opening \(fixed(appends.first.milliseconds, 2)) ms (reads the log once for its seq and ids); "
            + "single median \(fixed(Statistics.median(appends.singles).milliseconds, 3)) ms, p99 \(fixed(Statistics.percentile(appends.singles, 99).milliseconds, 3)) ms; "
            + "a night as one batch (\(fixed(appends.eventsPerNight, 1)) events) median \(fixed(Statistics.median(appends.nights).milliseconds, 3)) ms, "
            + "p99 \(fixed(Statistics.percentile(appends.nights, 99).milliseconds, 3)) ms")
        return out
    }

    private func renderCheckpoints(_ size: SizeMeasurement) -> [String] {
        var out: [String] = []
        let written = size.checkpointWrite
        out.append("  checkpoints (CheckpointedFold.writeCheckpoints, as `replay-tool checkpoint`; child process, one run): written in \(fixed(written.duration.seconds, 3)) s, "
            + "\(written.writtenCount) written, the folder holds \(written.fileCount) files, \(grouped(Int(written.byteCount))) bytes (\(megabytes(written.byteCount)) MB; "
            + "the newest \(grouped(Int(written.newestByteCount))) bytes)\(written.highWaterMarkKiB >= 0 ? ", peak \(mebibytes(kib: written.highWaterMarkKiB)) MiB" : "")")
        if let launch = size.pass(.launch), let fromCheckpoint = size.pass(.checkpointLaunch) {
            out.append("  open→tonight: without checkpoints \(fixed(launch.best.milliseconds, 2)) ms, from a checkpoint \(fixed(fromCheckpoint.best.milliseconds, 2)) ms "
                + "(\(fixed(launch.best.seconds / max(fromCheckpoint.best.seconds, 1e-12), 0))× faster; \(fromCheckpoint.linesAfterCheckpoint.map { "\($0) lines after the checkpoint" } ?? "lines after it unknown"))")
            if let parts = fromCheckpoint.openParts {
                out.append("  its parts, each alone (best of \(CheckpointOpenParts.runCount), ms): list the folder \(fixed(parts.list.milliseconds, 2)); "
                    + "validate every checkpoint (each position's last 4 KiB) \(fixed(parts.validate.milliseconds, 2)); "
                    + "the newest one's whole prefix, \(megabytes(parts.prefixBytes)) MB, checked after opening (and by replay-tool) \(fixed(parts.digest.milliseconds, 2)); "
                    + "map its payload (\(megabytes(Int64(parts.payloadBytes))) MB) and check its digest \(fixed(parts.payload.milliseconds, 2)); that and decode it \(fixed(parts.decode.milliseconds, 2)); "
                    + "read the lines after it \(fixed(parts.tail.milliseconds, 2)); "
                    + "tonight, debt and streaks on the decoded state \(fixed(parts.queries.milliseconds, 2))")
            }
            out.append("  resident memory (VmRSS of the launch child, first run; after = tonight answered, store alive): "
                + "without checkpoints \(residentText(launch)); from a checkpoint \(residentText(fromCheckpoint))")
        }
        let latency = size.storeLatency
        let runs = latency.firstSend.count
        out.append("  the store from the checkpoints, on a fresh copy of the log (synced) and its checkpoints (hard links) per run (best / median of \(runs), ms; each send appends and fsyncs):")
        out.append("    first send after opening (in order)     \(timing(latency.firstSend))"
            + (latency.firstSendsStartingANight > 0 ? "  (began a new night in \(latency.firstSendsStartingANight) runs: also encoded a checkpoint)" : ""))
        if !latency.newNightSend.isEmpty {
            out.append("    first send of the next night            \(timing(latency.newNightSend))  (saves the state before it: a copy handed to the checkpoints' queue)")
        }
        out.append("    late event by another writer, refresh() \(timing(latency.lateRefresh))  rewound to a checkpoint in \(latency.lateRefreshRewound)/\(latency.lateRefresh.count) runs")
        out.append("    send from a clock 3 nights back         \(timing(latency.lateSend))  rewound to a checkpoint in \(latency.lateSendRewound)/\(latency.lateSend.count) runs")
        out.append("    the state after each late event \(latency.lateStatesMatch ? "equals" : "DIFFERS FROM") a fold of the log from its first line (first run)")
        if let sync = latency.sync {
            out.append("  sync of the watch's last night (\(sync.lineCount) lines) into the phone's copy of the log set of this run (phone \(grouped(sync.phoneLines)) lines, watch \(grouped(sync.watchLines))), with its checkpoints (issue 17; best / median of \(sync.send.count), ms):")
            out.append("    the phone's MoreSleepStore opened from the set's checkpoints (not in the sync) \(timing(sync.open))")
            out.append("    the watch's StreamSync.lines(after:) (its stream's end)                    \(timing(sync.send))")
            out.append("    the phone store's receive (append, fsync, and the fold of the lines)       \(timing(sync.receive))  rewound to a checkpoint in \(sync.rewound)/\(sync.receive.count) runs"
                + (sync.refolded > 0 ? ", folded the set again in \(sync.refolded)" : ""))
            out.append("    together                                                                   \(timing(sync.total))  \(sync.matches ? "the state then equals a fold of the set from its first lines" : "THE STATE DIFFERS FROM A FULL FOLD")")
        }
        return out
    }

    private func timing(_ runs: [Duration]) -> String {
        "\(lpad(fixed((runs.min() ?? .zero).milliseconds, 2), 7)) / \(lpad(fixed(Statistics.median(runs).milliseconds, 2), 7))  (runs "
            + runs.map { fixed($0.milliseconds, 2) }.joined(separator: " ") + ")"
    }

    private func residentText(_ result: PassResult) -> String {
        guard let before = result.residentBeforeKiB, let after = result.residentAfterKiB, let growth = result.residentGrowthKiB else {
            return "not measured (no /proc)"
        }
        return "\(mebibytes(kib: before)) → \(mebibytes(kib: after)) MiB (the store's share \(mebibytes(kib: growth)) MiB)"
    }

    private func renderSummary() -> [String] {
        var out: [String] = ["HOW IT SCALES"]
        out.append("  " + [pad("events", 11), lpad("replay ev/s", 12), lpad("× jq", 7), lpad("open→tonight", 13), lpad("ckpt→tonight", 13), lpad("replay peak", 12), lpad("decode peak", 12)].joined(separator: " "))
        for size in sizes {
            let replay = size.pass(.replay)
            let launch = size.pass(.launch)
            let fromCheckpoint = size.pass(.checkpointLaunch)
            let decode = size.pass(.decode)
            out.append("  " + [
                pad(grouped(size.generated.eventCount), 11),
                lpad(replay.map { grouped(Int(Double(size.generated.eventCount) / $0.best.seconds)) } ?? "-", 12),
                lpad(size.replayOverJQ.map { fixed($0, 2) } ?? "-", 7),
                lpad(launch.map { fixed($0.best.milliseconds, 1) + " ms" } ?? "-", 13),
                lpad(fromCheckpoint.map { fixed($0.best.milliseconds, 2) + " ms" } ?? "-", 13),
                lpad(replay.map { peakText($0) } ?? "-", 12),
                lpad(decode.map { peakText($0) } ?? "-", 12),
            ].joined(separator: " "))
        }
        if let small = sizes.first, let large = sizes.last, sizes.count > 1,
           let smallReplay = small.pass(.replay), let largeReplay = large.pass(.replay) {
            let extra = max(large.generated.eventCount - small.generated.eventCount, 1)
            let grown = Double(peakKiB(largeReplay) - peakKiB(smallReplay)) * 1024 / Double(extra)
            let bytesGrown = Double(large.generated.byteCount - small.generated.byteCount) / Double(extra)
            out.append("  replay memory grows \(fixed(grown, 1)) bytes per extra event (the log grows \(fixed(bytesGrown, 0)) bytes per event): the projections' state")
            out.append("  (plans, sleep samples and records, exits, checklists) and the id index (a 16-byte digest per id); no whole-file buffer, no array of events.")
            if let smallDecode = small.pass(.decode), let largeDecode = large.pass(.decode) {
                out.append("  decoding alone: \(peakText(smallDecode)) → \(peakText(largeDecode)), flat in the log's length.")
            }
        }
        out.append("  Linux starts a posix_spawn'ed child's ru_maxrss at its parent's peak (\(mebibytes(kib: parentPeakKiBAtSpawn)) MiB here), so peaks are VmHWM.")
        return out
    }

    private func renderNewNight() -> [String] {
        let result = newNight
        var out: [String] = []
        out.append("ONE NEW NIGHT AFTER TWO YEARS (in memory: no file, no decoding; best of \(result.incremental.count) runs)")
        out.append("  history: \(grouped(result.historyNights)) simulated nights = \(grouped(result.historyEvents)) events; the new night \(result.newNight?.iso ?? "?"): \(result.newNightEvents) events")
        out.append("  (a) the new night's events folded into the folded history: \(fixed(result.incrementalBest.milliseconds, 3)) ms "
            + "(runs " + result.incremental.map { fixed($0.milliseconds, 3) }.joined(separator: " ") + ")")
        out.append("  (b) every event folded again from empty: \(fixed(result.rebuildBest.milliseconds, 2)) ms "
            + "(runs " + result.rebuilds.map { fixed($0.milliseconds, 2) }.joined(separator: " ") + ")")
        out.append("  then, either way, tonight + sleepDebt + streaks as of the new night's last event: \(fixed(result.queriesBest.milliseconds, 3)) ms")
        out.append("  (b) / (a) = \(fixed(result.ratio, 0))×; sleep records built by (a): \(result.rebuildCountDelta); "
            + "state after (a) \(result.sameState ? "equals" : "DIFFERS FROM") the state after (b); the new night asleep \(result.newNightAsleepMinutes.map { "\($0) min" } ?? "missing")")
        return out
    }

    /// The three targets, each met or not, with the figure.
    func targetLines() -> [String] {
        var lines: [String] = []
        for size in sizes {
            guard let over = size.replayOverJQ else {
                lines.append("full replay ≥ \(fixed(Self.replayOverJQTarget, 0))× jq at \(grouped(size.generated.eventCount)) events: not measured (no jq)")
                continue
            }
            lines.append("full replay ≥ \(fixed(Self.replayOverJQTarget, 0))× jq at \(grouped(size.generated.eventCount)) events: \(fixed(over, 2))× — \(over >= Self.replayOverJQTarget ? "met" : "NOT MET")")
        }
        if let small = sizes.first, let large = sizes.last, sizes.count > 1,
           let smallDecode = small.pass(.decode), let largeDecode = large.pass(.decode) {
            let growth = Double(peakKiB(largeDecode) - peakKiB(smallDecode)) / 1024
            lines.append("memory never grows with the log's bytes: decoding \(peakText(smallDecode)) → \(peakText(largeDecode)) (\(growth < 8 ? "flat" : "GROWS")); "
                + "the replay grows only with the projections' state and the id index (see HOW IT SCALES)")
        }
        lines.append("one new night ≥ \(fixed(Self.newNightTarget, 0))× cheaper than a full rebuild: \(fixed(newNight.ratio, 0))× — \(newNight.ratio >= Self.newNightTarget ? "met" : "NOT MET")")
        return lines
    }

    /// Issue 16's four targets, each met or not, with the figure, for every size.
    func checkpointTargetLines() -> [String] {
        var lines: [String] = []
        func verdict(_ met: Bool) -> String { met ? "met" : "NOT MET" }
        func ms(_ duration: Duration) -> String { fixed(duration.milliseconds, 2) + " ms" }
        for size in sizes {
            lines.append("at \(grouped(size.generated.eventCount)) events (\(grouped(size.generated.nights)) nights):")
            if let launch = size.pass(.launch), let fromCheckpoint = size.pass(.checkpointLaunch) {
                let median = Statistics.median(fromCheckpoint.runs)
                // The first run is the child's first open: a fresh process, as an app's launch.
                let faults = fromCheckpoint.firstRunFaults.map { ", \(grouped($0)) page faults" } ?? ""
                let fresh = fromCheckpoint.runs.first.map { ", the first (a fresh process) \(ms($0))\(faults)" } ?? ""
                lines.append("  1. open→tonight from a checkpoint ≤ \(ms(Self.checkpointLaunchTarget)): best \(ms(fromCheckpoint.best)), median \(ms(median))\(fresh) "
                    + "(without checkpoints \(ms(launch.best)); writing the checkpoints took \(fixed(size.checkpointWrite.duration.seconds, 2)) s, "
                    + "\(size.checkpointWrite.fileCount) files, \(grouped(Int(size.checkpointWrite.byteCount))) bytes) — \(verdict(median <= Self.checkpointLaunchTarget))")
                if let first = fromCheckpoint.runs.first {
                    lines.append("     in a fresh process ≤ \(ms(Self.freshCheckpointLaunchTarget)): \(ms(first)) — \(verdict(first <= Self.freshCheckpointLaunchTarget))")
                }
                if let next = fromCheckpoint.nextChangeNanos {
                    lines.append("     nextChange(after:) on the state opened ≤ 0.10 ms (144 instants, every 10 minutes of the last day): median \(fixed(Double(next.median) / 1e6, 3)) ms, "
                        + "slowest \(fixed(Double(next.slowest) / 1e6, 3)) ms — \(verdict(next.median <= 100_000))")
                }
                if let model = fromCheckpoint.modelReadNanos {
                    lines.append("     MoreSleepModel's reading of every value it shows, what its update adds to a send, ≤ 2.00 ms (the same instants): median \(fixed(Double(model.median) / 1e6, 3)) ms, "
                        + "slowest \(fixed(Double(model.slowest) / 1e6, 3)) ms — \(verdict(model.median <= 2_000_000))")
                }
                if let after = fromCheckpoint.residentAfterKiB, let growth = fromCheckpoint.residentGrowthKiB {
                    let absolute = Double(after) / 1024
                    let share = Double(growth) / 1024
                    let met = absolute <= Self.residentTargetMiB ? "met by the absolute figure (and the share)"
                        : share <= Self.residentTargetMiB ? "met by the store's share only; NOT MET by the process's absolute VmRSS" : "NOT MET"
                    lines.append("  2. resident memory after opening ≤ \(fixed(Self.residentTargetMiB, 0)) MiB: from a checkpoint \(fixed(absolute, 1)) MiB absolute, the store's share \(fixed(share, 1)) MiB "
                        + "(without checkpoints \(launch.residentAfterKiB.map { mebibytes(kib: $0) } ?? "?") MiB absolute, share \(launch.residentGrowthKiB.map { mebibytes(kib: $0) } ?? "?") MiB) — \(met)")
                } else {
                    lines.append("  2. resident memory after opening ≤ \(fixed(Self.residentTargetMiB, 0)) MiB: not measured (no /proc/self/status)")
                }
            }
            let latency = size.storeLatency
            let refreshMedian = Statistics.median(latency.lateRefresh)
            let sendMedian = Statistics.median(latency.lateSend)
            let allRewound = latency.lateRefreshRewound == latency.lateRefresh.count && latency.lateSendRewound == latency.lateSend.count
            let lateMet = allRewound && latency.lateStatesMatch && refreshMedian <= Self.lateEventTarget && sendMedian <= Self.lateEventTarget
            lines.append("  3. an event 3 nights late folded ≤ \(ms(Self.lateEventTarget)): another writer's, refresh() median \(ms(refreshMedian)) (best \(ms(latency.lateRefresh.min() ?? .zero))); "
                + "the store's own send median \(ms(sendMedian)) (best \(ms(latency.lateSend.min() ?? .zero))); "
                + "\(allRewound ? "every run rewound to a checkpoint" : "SOME RUNS FOLDED FROM THE FIRST LINE (no rewind)")"
                + "\(latency.lateStatesMatch ? "" : "; THE STATE DIFFERS FROM A FULL FOLD") — \(verdict(lateMet))")
            let firstMedian = Statistics.median(latency.firstSend)
            lines.append("  4. the first append after opening ≤ \(ms(Self.firstAppendTarget)): first send from a checkpoint median \(ms(firstMedian)) (best \(ms(latency.firstSend.min() ?? .zero)); "
                + "FileEventLog's first append without checkpoints \(ms(size.appends.first)); the floor, a later single fsynced append, median \(ms(Statistics.median(size.appends.singles)))) "
                + "— \(verdict(firstMedian <= Self.firstAppendTarget))")
            if !latency.newNightSend.isEmpty {
                let newNightMedian = Statistics.median(latency.newNightSend)
                lines.append("     the first send of a new night (it saves a checkpoint, off the actor) ≤ \(ms(Self.firstAppendTarget)): median \(ms(newNightMedian)) "
                    + "(best \(ms(latency.newNightSend.min() ?? .zero))) — \(verdict(newNightMedian <= Self.firstAppendTarget))")
            }
            if let sync = latency.sync {
                let median = Statistics.median(sync.total)
                let met = median <= Self.syncTarget && sync.rewound == sync.receive.count && sync.matches
                lines.append("TARGETS (issue 17: several devices; met or not by the median of the runs)")
                lines.append("  1. one night's watch stream synced into a 10-year log set and folded by the store ≤ \(ms(Self.syncTarget)): median \(ms(median)) (best \(ms(sync.total.min() ?? .zero))); "
                    + "\(sync.rewound == sync.receive.count ? "every run rewound to a checkpoint" : "SOME RUNS DID NOT REWIND")"
                    + "\(sync.matches ? "" : "; THE STATE DIFFERS FROM A FULL FOLD") — \(verdict(met))")
            }
        }
        return lines
    }

    private func peakKiB(_ result: PassResult) -> Int { result.highWaterMarkKiB ?? result.peakResidentKiB }

    private func peakText(_ result: PassResult) -> String { mebibytes(kib: peakKiB(result)) + " MiB" }

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
