import Foundation

// The benchmark's steps in order: for each size, generate a simulated log, measure the read
// passes in child processes, time jq and appends; then one new night; report; clean up.

enum ReplayBench {
    static func main(_ arguments: [String]) -> Int32 {
        let command: BenchCommand
        do {
            command = try BenchArguments.parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("""
                replay-bench: \(error.message)
                usage: \(BenchArguments.usage)
                Run 'replay-bench --help' for more.

                """.utf8))
            return 64
        }
        switch command {
        case .help:
            FileHandle.standardOutput.write(Data(BenchArguments.help.utf8))
            return 0
        case .child(let pass, let path, let checkpoints):
            do {
                let result = try PassRunner.measure(pass, path: path, checkpoints: checkpoints)
                FileHandle.standardOutput.write(Data((PassRunner.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: \(pass.title) of \(path) failed: \(error)")
                return 1
            }
        case .writeCheckpoints(let path, let folder):
            do {
                let result = try CheckpointWriteBenchmark.write(logAt: path, into: folder)
                FileHandle.standardOutput.write(Data((CheckpointWriteBenchmark.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: writing the checkpoints of \(path) into \(folder) failed: \(error)")
                return 1
            }
        case .storeLatency(let path, let folder, let scratch):
            do {
                let result = try StoreLatencyBenchmark.measure(logAt: path, checkpoints: folder, scratch: scratch)
                FileHandle.standardOutput.write(Data((StoreLatencyBenchmark.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: the store from the checkpoints of \(path) failed: \(error)")
                return 1
            }
        case .generate(let count, let path):
            do {
                let result = try SimulatedLogWriter.write(count: count, to: path)
                FileHandle.standardOutput.write(Data((SimulatedLogWriter.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: writing \(path) failed: \(error)")
                return 1
            }
        case .generateNights(let nights, let path):
            do {
                let result = try SimulatedLogWriter.write(nights: nights, limit: .max, to: path)
                FileHandle.standardOutput.write(Data((SimulatedLogWriter.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: writing \(path) failed: \(error)")
                return 1
            }
        case .generateOutside(let nights, let path):
            do {
                let result = try OutsideLogWriter.write(nights: nights, to: path)
                FileHandle.standardOutput.write(Data((SimulatedLogWriter.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: writing \(path) failed: \(error)")
                return 1
            }
        case .tool(let pass, let path):
            let result = TraceBenchmark.measure(pass, path: path)
            FileHandle.standardOutput.write(Data((TraceBenchmark.resultLine(result) + "\n").utf8))
            return 0
        case .showParts(let path):
            do {
                let parts = try ShowShapesBenchmark.measureParts(path: path)
                FileHandle.standardOutput.write(Data((ShowShapesBenchmark.resultLine(parts) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: show's parts on \(path) failed: \(error)")
                return 1
            }
        case .showOnce(let path):
            return ShowShapesBenchmark.showOnce(path: path)
        case .benchmark(let options):
            return benchmark(options)
        }
    }

    /// The files of one run: a log and its checkpoints' folder per size, the append copy
    /// and the store's scratch folder, in one folder.
    struct Files {
        var directory: String
        var createdDirectory: Bool
        var made: [String] = []

        func log(size: Int) -> String { directory + "/simulated-\(size).jsonl" }
        func checkpoints(size: Int) -> String { directory + "/simulated-\(size).checkpoints" }
        var appendCopy: String { directory + "/appends.jsonl" }
        var storeScratch: String { directory + "/store-copies" }

        static func make(for options: BenchOptions) throws -> Files {
            let manager = FileManager.default
            if let directory = options.directory {
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw BenchError.io("\(directory) is not an existing folder; create it or leave out --directory")
                }
                let files = Files(directory: directory, createdDirectory: false)
                let paths = options.sizes.map(files.log(size:)) + options.sizes.map(files.checkpoints(size:)) + [files.appendCopy, files.storeScratch]
                for file in paths where manager.fileExists(atPath: file) {
                    throw BenchError.io("\(file) already exists; replay-bench writes new files and does not overwrite — remove it or choose another --directory")
                }
                return files
            }
            let name = "replay-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1000))"
            let directory = manager.temporaryDirectory.appendingPathComponent(name, isDirectory: true).path
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            return Files(directory: directory, createdDirectory: true)
        }

        func remove() {
            let manager = FileManager.default
            for file in made + [appendCopy, storeScratch] { try? manager.removeItem(atPath: file) }
            if createdDirectory { try? manager.removeItem(atPath: directory) }
        }
    }

    static func benchmark(_ options: BenchOptions) -> Int32 {
        #if DEBUG
        Progress.say("replay-bench: this is a DEBUG build; the figures mean little. Run: swift run -c release replay-bench")
        let isRelease = false
        #else
        let isRelease = true
        #endif
        let machine = MachineInfo.current()
        var files: Files
        do {
            files = try Files.make(for: options)
        } catch {
            Progress.say("replay-bench: \(error)")
            return 1
        }
        do {
            let text: String
            if options.shapes {
                text = try ShowShapesBenchmark.run(files: &files, machine: machine, isRelease: isRelease, keep: options.keep)
            } else if options.trace {
                text = try TraceBenchmark.run(nights: options.traceNights, files: &files, machine: machine, isRelease: isRelease, keep: options.keep)
            } else {
                text = try run(options, files: &files, machine: machine, isRelease: isRelease).render()
            }
            if !options.keep { files.remove() }
            FileHandle.standardOutput.write(Data(text.utf8))
            return 0
        } catch {
            Progress.say("replay-bench: \(error)")
            if options.keep {
                Progress.say("replay-bench: files kept in \(files.directory)")
            } else {
                files.remove()
            }
            return 1
        }
    }

    private static func run(_ options: BenchOptions, files: inout Files, machine: MachineInfo, isRelease: Bool) throws -> BenchmarkReport {
        // A posix_spawn'ed child starts its ru_maxrss at this process's own peak; VmHWM is
        // the child's own.
        let parentPeakKiB = ResourceUsage.highWaterMarkKiB() ?? ResourceUsage.peakResidentKiB()
        var sizes: [SizeMeasurement] = []
        var isolated = true
        for size in options.sizes {
            let path = files.log(size: size)
            Progress.say("generating a simulated log of about \(grouped(size)) events → \(path)…")
            files.made.append(path)
            let generated = try SimulatedLogWriter.writeInChild(count: size, to: path)
            Progress.say("  \(grouped(generated.eventCount)) events, \(megabytes(generated.byteCount)) MB in \(fixed(generated.duration.seconds, 2)) s")
            let checkpoints = files.checkpoints(size: size)
            files.made.append(checkpoints)
            Progress.say("writing the checkpoints of the \(grouped(generated.eventCount))-event log (child process)…")
            let written = try CheckpointWriteBenchmark.writeInChild(logAt: path, into: checkpoints)
            Progress.say("  \(written.fileCount) files, \(megabytes(written.byteCount)) MB in \(fixed(written.duration.seconds, 2)) s")
            var passes: [PassResult] = []
            for pass in MeasuredPass.allCases {
                Progress.say("\(pass.title) on the \(grouped(generated.eventCount))-event log (child process)…")
                let (result, inChild) = try PassRunner.measureInChild(pass, path: path, checkpoints: pass.usesCheckpoints ? checkpoints : nil)
                isolated = isolated && inChild
                if pass != .read, result.itemCount != generated.eventCount {
                    throw BenchError.failed("\(pass.title) saw \(result.itemCount) events, the log has \(generated.eventCount)")
                }
                if result.warningCount != 0 {
                    throw BenchError.failed("\(pass.title) folded with \(result.warningCount) warnings; a simulated log has none")
                }
                passes.append(result)
            }
            if let launch = passes.first(where: { $0.pass == .launch }) {
                for fromCheckpoint in passes where fromCheckpoint.pass.usesCheckpoints && launch.check != fromCheckpoint.check {
                    throw BenchError.failed("tonight, the debt and the streaks differ from a checkpoint (\(fromCheckpoint.pass.title): check \(fromCheckpoint.check)) and without (check \(launch.check))")
                }
            }
            Progress.say("the store from the checkpoints of the \(grouped(generated.eventCount))-event log: first send, late events (child process)…")
            let latency = try StoreLatencyBenchmark.measureInChild(logAt: path, checkpoints: checkpoints, scratch: files.storeScratch)
            let jq = JQTiming.measure(path: path)
            let appends = try AppendBenchmark.run(copying: path, to: files.appendCopy, eventCount: generated.eventCount)
            sizes.append(SizeMeasurement(
                size: size, path: path, generated: generated, passes: passes, jq: jq, appends: appends,
                checkpointWrite: written, storeLatency: latency))
        }
        let newNight = try NewNightBenchmark.run()
        let filesNote = options.keep
            ? "kept: \(files.made.joined(separator: ", "))"
            : "removed: \(files.made.joined(separator: ", "))\(files.createdDirectory ? " and \(files.directory)" : "") (use --keep to keep them)"
        return BenchmarkReport(
            machine: machine, loadAverageAtEnd: MachineInfo.loadAverage(), isReleaseBuild: isRelease,
            workingDirectory: files.directory, fileSystem: MachineInfo.fileSystemType(of: files.directory),
            sizes: sizes, passesIsolated: isolated, parentPeakKiBAtSpawn: parentPeakKiB, newNight: newNight, filesNote: filesNote)
    }
}

/// Everything measured on one log size.
struct SizeMeasurement {
    var size: Int
    var path: String
    var generated: SimulatedLogWriter.Result
    /// In `MeasuredPass.allCases` order.
    var passes: [PassResult]
    var jq: JQTiming.Outcome
    var appends: AppendLatency
    /// Writing the log's checkpoints, and the store opened from them.
    var checkpointWrite: CheckpointWriteResult
    var storeLatency: StoreLatency

    func pass(_ pass: MeasuredPass) -> PassResult? { passes.first { $0.pass == pass } }

    /// Full replay speed ÷ jq's speed on the same file.
    var replayOverJQ: Double? {
        guard let replay = pass(.replay), let jq = jq.timing else { return nil }
        return jq.best.seconds / replay.best.seconds
    }
}
