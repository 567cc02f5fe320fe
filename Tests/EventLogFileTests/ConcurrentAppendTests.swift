import EventLogFile
import Events
import Foundation
import Testing
import TestSupport

/// The built `replay-tool` binary, run as a real process.
enum ReplayToolBinary {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// The `replay-tool` next to the test bundle, in the build products directory.
    static func path() throws -> String {
        try BuiltExecutable.path("replay-tool", override: "REPLAY_TOOL_PATH")
    }

    /// Runs `replay-tool arguments…` with `input` on standard input, and waits for it.
    static func run(_ arguments: [String], input: [UInt8] = []) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        // The tool reads all its input before it writes anything, and both are small.
        try standardInput.fileHandleForWriting.write(contentsOf: Data(input))
        try standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let error = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self)
        )
    }

    /// `events` as `replay-tool append` reads them: one unsequenced line each.
    static func input(_ events: [Event]) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events {
            EventLineEncoder.write(event, seq: nil, batch: nil, into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}

@Suite("Concurrent appends and replay-tool append")
struct ConcurrentAppendTests {
    static let workers = 3
    static let batchesPerWorker = 50
    static let batchSize = 3

    static func batchEvents(worker: String, batch: Int) throws -> [Event] {
        try (1...batchSize).map { try TestEvents.event("\(worker)-b\(batch)-e\($0)", minute: batch) }
    }

    @Test("processes appending at once never interleave batches, repeat or skip a seq", .timeLimit(.minutes(2)))
    func processesAppendAtOnce() throws {
        let tool = try ReplayToolBinary.path()
        try TemporaryFolder.with { directory in
            let log = directory.path("log.jsonl")
            // Each worker is a shell loop running `replay-tool append` once per batch.
            let workerNames = (1...Self.workers).map { "w\($0)" }
            for worker in workerNames {
                for batch in 1...Self.batchesPerWorker {
                    let name = "in-\(worker)-\(String(format: "%03d", batch)).jsonl"
                    try directory.write(ReplayToolBinary.input(try Self.batchEvents(worker: worker, batch: batch)), to: name)
                }
            }
            let script = """
                tool="$1"; log="$2"; dir="$3"; worker="$4"
                for input in "$dir"/in-"$worker"-*.jsonl; do
                    "$tool" append "$log" --allow-skipped < "$input" >> "$dir/out-$worker.txt" 2>> "$dir/err-$worker.txt" || exit $?
                done
                """
            let processes = workerNames.map { worker in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", script, "sh", tool, log, directory.path, worker]
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            // Meanwhile this process appends too, through the library.
            let inProcess = try FileEventLog(path: log)
            var inProcessSeqs: [[Int]] = []
            for batch in 1...Self.batchesPerWorker {
                let outcomes = try inProcess.append(try Self.batchEvents(worker: "lib", batch: batch), expectedLastSeq: nil)
                inProcessSeqs.append(outcomes.map(\.seq))
            }
            for process in processes { process.waitUntilExit() }

            for (worker, process) in zip(workerNames, processes) {
                #expect(process.terminationStatus == 0, "worker \(worker): \(String(decoding: (try? FileBytes.read(directory.path("err-\(worker).txt"))) ?? [], as: UTF8.self))")
            }
            let total = (Self.workers + 1) * Self.batchesPerWorker * Self.batchSize

            let report = try FileEventLog.verify(path: log)
            #expect(report.isSound, "\(report.issues)")
            #expect(report.eventCount == total)
            #expect(report.lastSeq == total)
            let events = try inProcess.readAll()
            #expect(events.count == total)
            #expect(events.map(\.seq) == Array(1...total))
            #expect(Set(events.map(\.id)).count == total)

            // Every batch's three lines are together, in order, marked 1, 2, 3 of 3.
            var seqByIdentifier: [String: Int] = [:]
            for event in events { seqByIdentifier[event.id] = event.seq }
            var start = 0
            while start < events.count {
                let group = Array(events[start..<min(start + Self.batchSize, events.count)])
                let prefix = group[0].id.split(separator: "-").prefix(2).joined(separator: "-")
                #expect(group.map(\.id) == (1...Self.batchSize).map { "\(prefix)-e\($0)" }, "at seq \(start + 1)")
                #expect(group.map(\.batch) == (1...Self.batchSize).map { BatchPosition(index: $0, count: Self.batchSize) }, "at seq \(start + 1)")
                start += Self.batchSize
            }
            // The writers really ran at once: their batches alternate in the log.
            let owners = stride(from: 0, to: events.count, by: Self.batchSize).map { events[$0].id.split(separator: "-")[0] }
            let switches = zip(owners, owners.dropFirst()).filter { $0 != $1 }.count
            #expect(switches > Self.workers, "the writers' batches barely alternate (\(switches) switches); did they run at once?")
            // Each writer's batches landed in the order it wrote them, and each was told its seqs.
            for worker in workerNames + ["lib"] {
                let firstSeqs = try (1...Self.batchesPerWorker).map { batch in
                    try #require(seqByIdentifier["\(worker)-b\(batch)-e1"], "\(worker) batch \(batch)")
                }
                #expect(firstSeqs == firstSeqs.sorted(), "\(worker)")
                let expected = firstSeqs.map { Array($0..<($0 + Self.batchSize)) }
                if worker == "lib" {
                    #expect(inProcessSeqs == expected)
                } else {
                    let printed = String(decoding: try FileBytes.read(directory.path("out-\(worker).txt")), as: UTF8.self)
                        .split(separator: "\n").compactMap { Int($0) }
                    #expect(printed == expected.flatMap { $0 }, "\(worker)")
                    // Only warnings about what projections skip (these exits name nights
                    // without a plan), never an error.
                    let errors = String(decoding: try FileBytes.read(directory.path("err-\(worker).txt")), as: UTF8.self)
                        .split(separator: "\n").filter { !$0.contains(": warning: ") }
                    #expect(errors.isEmpty, "\(worker): \(errors)")
                }
            }
        }
    }

    @Test("append gives up after --lock-timeout while another holds the lock, exit 75, nothing written")
    func lockTimeout() throws {
        try TemporaryFolder.with { directory in
            let log = directory.path("log.jsonl")
            _ = try FileEventLog(path: log).append([try TestEvents.event("a"), try TestEvents.event("b")], expectedLastSeq: 0)
            let before = try FileBytes.read(log)
            let input = ReplayToolBinary.input([try TestEvents.event("c")])

            let holder = try LogFileDescriptor.openForAppending(path: log, createIfMissing: false)
            try holder.lockExclusive(timeout: .zero)
            let clock = ContinuousClock()
            let started = clock.now
            let blocked = try ReplayToolBinary.run(["append", log, "--allow-skipped", "--lock-timeout", "0.2"], input: input)
            let elapsed = started.duration(to: clock.now)
            holder.unlock()

            #expect(blocked.status == 75, "\(blocked.error)")
            #expect(blocked.error.contains("nothing was written"), "\(blocked.error)")
            #expect(blocked.error.contains(log))
            #expect(blocked.output.isEmpty)
            #expect(elapsed >= .milliseconds(200))
            #expect(try FileBytes.read(log) == before)

            // Once the lock is free, the same input goes in.
            let free = try ReplayToolBinary.run(["append", log, "--allow-skipped", "--lock-timeout", "0.2"], input: input)
            #expect(free.status == 0, "\(free.error)")
            #expect(free.output == "3\n")
            #expect(try FileEventLog.verify(path: log).lastSeq == 3)
        }
    }

    @Test("append reads all input first: an invalid line appends nothing, exit 65, naming the input line", arguments: [false, true])
    func appendIsAtomic(logExists: Bool) throws {
        try TemporaryFolder.with { directory in
            let log = directory.path("log.jsonl")
            if logExists {
                _ = try FileEventLog(path: log).append([try TestEvents.event("a"), try TestEvents.event("b")], expectedLastSeq: 0)
            }
            let before = logExists ? try FileBytes.read(log) : nil
            var input = ReplayToolBinary.input([try TestEvents.event("c"), try TestEvents.event("d"), try TestEvents.event("e")])
            input += Array("{\"id\":\"f\",\"type\":\"exitRequested\",\"v\":1,\"at\":\"2026-11-30T21:40:00+01:00\",\"tz\":\"Europe/Berlin\",\"data\":{}}\n".utf8)

            let run = try ReplayToolBinary.run(["append", log, "--allow-skipped"], input: input)
            #expect(run.status == 65, "\(run.error)")
            #expect(run.error.hasPrefix("<stdin>:4: "), "\(run.error)")
            #expect(run.error.contains("data.night"), "\(run.error)")
            #expect(run.error.contains("nothing was appended"), "\(run.error)")
            #expect(run.output.isEmpty)
            if let before {
                #expect(try FileBytes.read(log) == before)
            } else {
                #expect(!FileManager.default.fileExists(atPath: log))
            }
        }
    }

    @Test("append refuses input lines that carry seq or batch", arguments: ["\"seq\":1,", "\"batch\":[1,2],"])
    func appendRefusesSequencedInput(member: String) throws {
        try TemporaryFolder.with { directory in
            let log = directory.path("log.jsonl")
            let line = String(decoding: ReplayToolBinary.input([try TestEvents.event("a")]), as: UTF8.self)
            let input = ReplayToolBinary.input([try TestEvents.event("z")]) + Array(line.replacingFirst("{", with: "{" + member).utf8)
            let run = try ReplayToolBinary.run(["append", log, "--allow-skipped"], input: input)
            #expect(run.status == 65, "\(run.error)")
            #expect(run.error.hasPrefix("<stdin>:2: "), "\(run.error)")
            #expect(!FileManager.default.fileExists(atPath: log))
        }
    }

    @Test("append with --expect-seq: the right seq appends, a stale one exits 75 and appends nothing")
    func appendExpectSeq() throws {
        try TemporaryFolder.with { directory in
            let log = directory.path("log.jsonl")
            let first = ReplayToolBinary.input([try TestEvents.event("a"), try TestEvents.event("b")])
            let appended = try ReplayToolBinary.run(["append", log, "--allow-skipped", "--expect-seq", "0"], input: first)
            #expect(appended.status == 0, "\(appended.error)")
            #expect(appended.output == "1\n2\n")
            #expect(try FileBytes.permissions(log) == 0o600)
            let before = try FileBytes.read(log)

            for stale in ["0", "1", "3"] {
                let run = try ReplayToolBinary.run(["append", log, "--allow-skipped", "--expect-seq", stale], input: ReplayToolBinary.input([try TestEvents.event("c")]))
                #expect(run.status == 75, "expect-seq \(stale): \(run.error)")
                #expect(run.error.contains("nothing was written"), "\(run.error)")
                #expect(run.output.isEmpty)
                #expect(try FileBytes.read(log) == before)
            }
            // A retry of what landed is answered even with the stale expected seq.
            let retry = try ReplayToolBinary.run(["append", log, "--allow-skipped", "--expect-seq", "0"], input: first)
            #expect(retry.status == 0, "\(retry.error)")
            #expect(retry.output == "already at seq 1\nalready at seq 2\n")
            #expect(try FileBytes.read(log) == before)

            let next = try ReplayToolBinary.run(["append", log, "--allow-skipped", "--expect-seq", "2"], input: ReplayToolBinary.input([try TestEvents.event("c")]))
            #expect(next.status == 0, "\(next.error)")
            #expect(next.output == "3\n")
        }
    }

    @Test("append writes what the library writes, byte for byte")
    func appendMatchesLibrary() throws {
        try TemporaryFolder.with { directory in
            let events = try TestEvents.assorted()
            let log = directory.path("tool.jsonl")
            let run = try ReplayToolBinary.run(["append", log, "--allow-skipped"], input: ReplayToolBinary.input(events))
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output == (1...events.count).map { "\($0)\n" }.joined())
            #expect(try FileBytes.read(log) == TestEvents.expectedBatch(events, after: 0))
        }
    }
}
