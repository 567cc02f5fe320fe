import EventLogFile
import Events
import Foundation

/// `log-crash-harness concurrent`: several processes append at once to one log, through the
/// library and (when the `replay-tool` binary sits beside this one) through `replay-tool
/// append`; each reports what was acknowledged. Afterwards: `verify` must be sound (seq
/// contiguous, no id twice, batches whole), and every acknowledged event must stand at its
/// seq byte for byte, its batch's lines together. Prints the figures; exit 1 if any that
/// must be 0 is not.
enum ConcurrentWriters {
    /// One acknowledged delivery.
    struct Acknowledgement {
        var writer: Int
        var delivery: Int
        var firstSeq: Int
        var count: Int
    }

    static func run(path: String, writers: Int, deliveries: Int, seed: UInt64) -> Bool {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let tool = executable.deletingLastPathComponent().appendingPathComponent("replay-tool")
        let useTool = FileManager.default.isExecutableFile(atPath: tool.path)
        var children: [(index: Int, process: Process, pipe: Pipe)] = []
        let total = writers + (useTool ? 1 : 0)
        for index in 0..<total {
            let process = Process()
            process.executableURL = executable
            // A replay-tool append is a process start: that writer makes half as many.
            let count = useTool && index == writers ? max(1, deliveries / 2) : deliveries
            var arguments = ["cowriter", path, "--seed", String(seed &+ UInt64(index)), "--deliveries", String(count)]
            if useTool && index == writers { arguments += ["--tool", tool.path] }
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            children.append((index, process, pipe))
        }
        let started = Date()
        for child in children {
            do { try child.process.run() } catch {
                print("concurrent: cannot start writer \(child.index): \(error)")
                return false
            }
        }
        var acknowledgements: [Acknowledgement] = []
        var failedWriters = 0
        for child in children {
            let output = child.pipe.fileHandleForReading.readDataToEndOfFile()
            child.process.waitUntilExit()
            if child.process.terminationStatus != 0 { failedWriters += 1 }
            for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 4, fields[0] == "ack", let delivery = Int(fields[1]), let first = Int(fields[2]), let count = Int(fields[3]) else { continue }
                acknowledgements.append(Acknowledgement(writer: child.index, delivery: delivery, firstSeq: first, count: count))
            }
        }
        let seconds = Date().timeIntervalSince(started)

        var verifyIssues = 0
        var lineCount = 0
        do {
            let report = try FileEventLog.verify(path: path)
            verifyIssues = report.issues.count
            lineCount = report.lineCount
            for issue in report.issues.prefix(5) { print("  verify: line \(issue.line): \(issue.message)") }
        } catch {
            print("concurrent: verify failed: \(error)")
            return false
        }
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) } ?? []
        var missing = 0
        var mismatched = 0
        var checked = 0
        var owner = [Int](repeating: -1, count: lines.count + 1)
        for acknowledgement in acknowledgements {
            let events = CrashStream.delivery(acknowledgement.delivery, seed: seed &+ UInt64(acknowledgement.writer))
            let expected = CrashStream.lines(of: events, after: acknowledgement.firstSeq - 1)
            for (offset, line) in expected.enumerated() {
                checked += 1
                let seq = acknowledgement.firstSeq + offset
                guard seq >= 1, seq <= lines.count else { missing += 1; continue }
                if lines[seq - 1] + [UInt8(ascii: "\n")] != line { mismatched += 1 }
                owner[seq] = acknowledgement.writer
            }
        }
        var switches = 0
        for seq in 2..<max(2, owner.count) where owner[seq] >= 0 && owner[seq - 1] >= 0 && owner[seq] != owner[seq - 1] {
            switches += 1
        }
        let expectedEvents = acknowledgements.reduce(0) { $0 + $1.count }
        func row(_ name: String, _ value: String) { print(name.padding(toLength: 42, withPad: " ", startingAt: 0) + value) }
        print("concurrent writers: \(writers) through the library (\(deliveries) appends each)\(useTool ? " + 1 through replay-tool append (\(max(1, deliveries / 2)) appends)" : " (no replay-tool beside this binary)")")
        row("acknowledged appends", "\(acknowledgements.count)")
        row("acknowledged events checked", "\(checked)")
        row("events in the log", "\(lineCount)")
        row("writer switches along the seqs", "\(switches)")
        row("seconds", String(format: "%.1f", seconds))
        row("writers that failed (must be 0)", "\(failedWriters)")
        row("verify problems (must be 0)", "\(verifyIssues)")
        row("missing acknowledged events (must be 0)", "\(missing)")
        row("bytes differing from the ack (must be 0)", "\(mismatched)")
        row("events not acknowledged (must be 0)", "\(lineCount - expectedEvents)")
        return failedWriters == 0 && verifyIssues == 0 && missing == 0 && mismatched == 0 && lineCount == expectedEvents
    }

    /// A child: appends `deliveries` deliveries of its stream, each as one append, and
    /// prints `ack DELIVERY FIRSTSEQ COUNT` once each is acknowledged.
    static func cowrite(path: String, seed: UInt64, deliveries: Int, tool: String?) -> Int32 {
        let library: FileEventLog?
        do {
            library = tool == nil ? try FileEventLog(path: path, lockTimeout: .seconds(60)) : nil
        } catch {
            FileHandle.standardError.write(Data("cowriter: \(error)\n".utf8))
            return 1
        }
        for index in 0..<deliveries {
            let events = CrashStream.delivery(index, seed: seed)
            do {
                let first: Int
                if let tool {
                    first = try appendThroughTool(events, path: path, tool: tool)
                } else if let library {
                    first = try library.append(events, expectedLastSeq: nil).first?.seq ?? 0
                } else {
                    first = 0
                }
                FileHandle.standardOutput.write(Data("ack \(index) \(first) \(events.count)\n".utf8))
                // A short pause, so the writers' appends interleave rather than run back to back.
                if tool == nil { usleep(3_000) }
            } catch {
                FileHandle.standardError.write(Data("cowriter: \(error)\n".utf8))
                return 1
            }
        }
        return 0
    }

    private static func appendThroughTool(_ events: [Event], path: String, tool: String) throws -> Int {
        var input: [UInt8] = []
        for event in events {
            EventLineEncoder.write(event, seq: nil, batch: nil, into: &input)
            input.append(UInt8(ascii: "\n"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        // The events are random (durability is under test, not their meaning): projections
        // may skip some, so they are appended all the same.
        process.arguments = ["append", path, "--lock-timeout", "60", "--allow-skipped"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let first = String(decoding: output, as: UTF8.self).split(separator: "\n").first.flatMap({ Int($0) }) else {
            throw HarnessError("replay-tool append exited \(process.terminationStatus)")
        }
        return first
    }
}
