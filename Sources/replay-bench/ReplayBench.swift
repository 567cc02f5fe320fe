import Foundation

// The benchmark's steps in order: generate, measure the read passes in child processes,
// time appends and jq, report, clean up.

enum ReplayBench {
    static let seed: UInt64 = 0x5EED_2026_0301

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
        case .child(let pass, let path):
            do {
                let result = try PassRunner.measure(pass, path: path)
                FileHandle.standardOutput.write(Data((PassRunner.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: \(pass.title) of \(path) failed: \(error)")
                return 1
            }
        case .generate(let count, let path):
            do {
                let result = try SyntheticLogWriter.write(count: count, seed: seed, to: path)
                FileHandle.standardOutput.write(Data((SyntheticLogWriter.resultLine(result) + "\n").utf8))
                return 0
            } catch {
                Progress.say("replay-bench: writing \(path) failed: \(error)")
                return 1
            }
        case .benchmark(let options):
            return benchmark(options)
        }
    }

    /// The files of one run: the log, the N/10 log, the append log, and the temporary
    /// directory holding them (when the bench made one).
    struct Files {
        var directory: String
        var createdDirectory: Bool
        var full: String
        var tenth: String
        var appends: String

        var all: [String] { [full, tenth, appends] }

        static func make(for options: BenchOptions) throws -> Files {
            let manager = FileManager.default
            if let path = options.path {
                let files = Files(
                    directory: URL(fileURLWithPath: path).deletingLastPathComponent().path, createdDirectory: false,
                    full: path, tenth: path + ".tenth.jsonl", appends: path + ".appends.jsonl")
                for file in files.all where manager.fileExists(atPath: file) {
                    throw BenchError.io("\(file) already exists; replay-bench writes new files and does not overwrite — remove it or choose another --path")
                }
                return files
            }
            let name = "replay-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1000))"
            let directory = manager.temporaryDirectory.appendingPathComponent(name, isDirectory: true).path
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            return Files(
                directory: directory, createdDirectory: true, full: directory + "/events.jsonl",
                tenth: directory + "/events-tenth.jsonl", appends: directory + "/appends.jsonl")
        }

        func remove() {
            let manager = FileManager.default
            for file in all { try? manager.removeItem(atPath: file) }
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
        let files: Files
        do {
            files = try Files.make(for: options)
        } catch {
            Progress.say("replay-bench: \(error)")
            return 1
        }
        do {
            let report = try run(options, files: files, machine: machine, isRelease: isRelease)
            if !options.keep { files.remove() }
            FileHandle.standardOutput.write(Data(report.render().utf8))
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

    private static func run(_ options: BenchOptions, files: Files, machine: MachineInfo, isRelease: Bool) throws -> BenchmarkReport {
        let count = options.eventCount
        Progress.say("generating \(grouped(count)) events → \(files.full)…")
        let full = try SyntheticLogWriter.writeInChild(count: count, seed: seed, to: files.full)
        Progress.say("  \(megabytes(full.byteCount)) MB in \(fixed(full.duration.seconds, 2)) s")
        Progress.say("generating \(grouped(count / 10)) events → \(files.tenth)…")
        let tenth = try SyntheticLogWriter.writeInChild(count: count / 10, seed: seed, to: files.tenth)

        var tenthPasses: [PassResult] = []
        var fullPasses: [PassResult] = []
        var isolated = true
        // A posix_spawn'ed child starts its ru_maxrss at this process's own peak (VmHWM, not
        // this process's ru_maxrss, which keeps the peak of whatever exec'd it, e.g. `swift run`).
        let parentPeakKiB = ResourceUsage.highWaterMarkKiB() ?? ResourceUsage.peakResidentKiB()
        for (path, label) in [(files.tenth, "N/10"), (files.full, "N")] {
            for pass in MeasuredPass.allCases {
                Progress.say("\(pass.title) on the \(label) log (child process)…")
                let (result, inChild) = try PassRunner.measureInChild(pass, path: path)
                isolated = isolated && inChild
                if label == "N" { fullPasses.append(result) } else { tenthPasses.append(result) }
            }
        }
        for (passes, expected) in [(fullPasses, full.eventCount), (tenthPasses, tenth.eventCount)] {
            for result in passes where result.itemCount != expected {
                throw BenchError.failed("\(result.pass.title) saw \(result.itemCount) events, the log has \(expected)")
            }
        }

        let appends = try AppendBenchmark.run(path: files.appends)
        let jq = JQTiming.measure(path: files.full)
        let sleepIngest = try SleepIngestBenchmark.run()

        let filesNote = options.keep
            ? "kept: \(files.all.joined(separator: ", "))"
            : "removed: \(files.all.joined(separator: ", "))\(files.createdDirectory ? " and \(files.directory)" : "") (use --keep to keep them)"
        return BenchmarkReport(
            machine: machine, loadAverageAtEnd: MachineInfo.loadAverage(), isReleaseBuild: isRelease,
            workingDirectory: files.directory, fileSystem: MachineInfo.fileSystemType(of: files.directory),
            fullLog: GeneratedLog(path: files.full, result: full), tenthLog: GeneratedLog(path: files.tenth, result: tenth),
            fullPasses: fullPasses, tenthPasses: tenthPasses, passesIsolated: isolated, parentPeakKiBAtSpawn: parentPeakKiB,
            appends: appends, jq: jq, sleepIngest: sleepIngest, filesNote: filesNote)
    }
}
