import EventLogFile
import Events
import Foundation

/// The child's stdout, read on a thread of its own so that the writer never blocks on a
/// full pipe while the harness waits to kill it.
final class ChildOutput: @unchecked Sendable {
    // @unchecked: every field is guarded by `condition`.
    private let condition = NSCondition()
    private var buffer = Data()
    private var finished = false

    func start(reading handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { finished = true } else { buffer.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
        thread.start()
    }

    /// Waits until a line starting with `prefix` arrived, or the output ended, or `deadline`.
    func wait(forLinePrefix prefix: String, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if String(decoding: buffer, as: UTF8.self).split(separator: "\n").contains(where: { $0.hasPrefix(prefix) }) { return true }
            if finished || !condition.wait(until: deadline) { return false }
        }
    }

    /// Waits for the end of the output and returns its complete lines.
    func finish() -> [Substring] {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        // A line cut by the kill (no `\n`) was never a complete report; it is dropped.
        let text = String(decoding: buffer, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        return lines
    }
}

struct Figures {
    var kills = 0
    var writerRestarts = 0
    var acknowledgedAppends = 0
    var acknowledgedEvents = 0
    var acknowledgedEventChecks = 0
    var idempotentResends = 0
    var lost = 0
    var corrupted = 0
    var tornTailsSeen = 0
    var tornTailsRepaired = 0
    var killsMidAppend = 0
    var tearsInjected = 0
    var tearsAtLineEnd = 0
    var unacknowledgedButPresent = 0
    var writerErrors = 0
    var finalEvents = 0
    var finalBytes = 0
    var finalSound = false
}

final class Harness {
    let path: String
    let seed: UInt64
    let kills: Int
    let executable: String
    var expected: ExpectedLog
    var figures = Figures()
    var random: LinearCongruentialGenerator
    /// Deliveries acknowledged, counted from the start of the stream.
    var acknowledgedDeliveries = 0
    var problems: [String] = []
    let verbose: Bool
    let injectTears: Bool

    init(path: String, seed: UInt64, kills: Int, verbose: Bool, injectTears: Bool) {
        self.injectTears = injectTears
        self.path = path
        self.seed = seed
        self.kills = kills
        self.verbose = verbose
        self.expected = ExpectedLog(seed: seed)
        self.random = LinearCongruentialGenerator(seed: seed ^ 0xC0FF_EE00_D15E_A5E5)
        self.executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    func note(_ problem: String, corrupt: Bool = true) {
        if corrupt { figures.corrupted += 1 }
        if problems.count < 20 { problems.append(problem) }
        if problems.count <= 20 { FileHandle.standardError.write(Data("problem: \(problem)\n".utf8)) }
    }

    func run() -> Bool {
        let clock = ContinuousClock()
        let started = clock.now
        for round in 1...max(kills, 1) where kills > 0 {
            runWriter(round: round, deliveryLimit: nil)
            if injectTears { tearUnacknowledgedTail(round: round) }
            check(round: round)
        }
        // The last writer appends after the last repair and ends by itself.
        runWriter(round: kills + 1, deliveryLimit: 25)
        check(round: kills + 1)
        finalCheck()
        let elapsed = clock.now - started
        printFigures(elapsed: elapsed)
        return figures.lost == 0 && figures.corrupted == 0 && figures.writerErrors == 0 && figures.finalSound
    }

    // MARK: One writer's life

    private func runWriter(round: Int, deliveryLimit: Int?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["writer", path, "--seed", String(seed)]
        if let deliveryLimit { arguments += ["--deliveries", String(deliveryLimit)] }
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let output = ChildOutput()
        do {
            try process.run()
        } catch {
            note("round \(round): cannot start the writer: \(error)", corrupt: false)
            figures.writerErrors += 1
            return
        }
        if round > 1 { figures.writerRestarts += 1 }
        output.start(reading: stdout.fileHandleForReading)
        var killed = false
        if deliveryLimit == nil {
            // Most kills land while appending: wait for `ready`, then a random 0–120 ms.
            // One in ten lands during start-up instead (opening, scanning, the resend).
            let draw = random.next(below: 100)
            if draw >= 10 {
                _ = output.wait(forLinePrefix: "ready", until: Date().addingTimeInterval(30))
            }
            let delayMicroseconds: Int
            switch draw {
            case 0..<10: delayMicroseconds = random.next(in: 0...8_000)
            case 10..<30: delayMicroseconds = random.next(in: 0...5_000)
            case 30..<85: delayMicroseconds = random.next(in: 5_000...60_000)
            default: delayMicroseconds = random.next(in: 60_000...120_000)
            }
            usleep(UInt32(delayMicroseconds))
            killed = kill(process.processIdentifier, SIGKILL) == 0
            figures.kills += 1
        }
        process.waitUntilExit()
        let lines = output.finish()
        let errorText = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let ended = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        if !(killed && ended) && !(deliveryLimit != nil && process.terminationStatus == 0) {
            figures.writerErrors += 1
            note("round \(round): the writer exited by itself (status \(process.terminationStatus)): \(errorText.trimmingCharacters(in: .whitespacesAndNewlines))", corrupt: false)
        }
        absorb(lines, round: round)
    }

    private func absorb(_ lines: [Substring], round: Int) {
        for line in lines {
            let fields = line.split(separator: " ")
            switch fields.first {
            case "ack":
                guard fields.count == 5, let delivery = Int(fields[1]), let firstSeq = Int(fields[2]),
                      let count = Int(fields[3]), let print = UInt64(fields[4]) else {
                    note("round \(round): unreadable report '\(line)'"); continue
                }
                expected.ensureDeliveries(delivery + 1)
                let start = expected.deliveryEventStart[delivery]
                let size = expected.deliveryEventStart[delivery + 1] - start
                guard firstSeq == start + 1, count == size, print == expected.deliveryFingerprints[delivery] else {
                    note("round \(round): the writer acknowledged delivery \(delivery) as seqs \(firstSeq)+\(count) (fingerprint \(print)); the stream has \(start + 1)+\(size) (\(expected.deliveryFingerprints[delivery]))")
                    continue
                }
                // A delivery that landed but whose report the kill cut off is not
                // acknowledged; the next writer resumes after it, so acks may skip it.
                if delivery >= acknowledgedDeliveries {
                    acknowledgedDeliveries = delivery + 1
                } else {
                    note("round \(round): the writer acknowledged delivery \(delivery) again"); continue
                }
                figures.acknowledgedAppends += 1
                figures.acknowledgedEvents += size
            case "dup":
                figures.idempotentResends += 1
            case "ready", "done":
                break
            default:
                note("round \(round): unreadable report '\(line)'")
            }
        }
    }

    /// A SIGKILL on Linux almost never lands inside the one `write` of an append (the
    /// kernel copies a few pages and only then looks at signals), so real torn tails are
    /// rare. The harness plays the crash the kill could have been: when the kill left a
    /// whole delivery that was never acknowledged (it landed during `fsync` or before the
    /// report), in one case out of two that delivery is cut at a random byte; otherwise, in
    /// one kill out of three, a random part of the next delivery's bytes is appended, as a
    /// writer killed inside that `write` leaves it. Acknowledged deliveries are never touched.
    private func tearUnacknowledgedTail(round: Int) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue else { return }
        expected.ensureBytes(size + 1)
        guard let last = expected.deliveryByteStart.lastIndex(where: { $0 <= size }),
              expected.deliveryByteStart[last] == size, last >= acknowledgedDeliveries else { return }
        if last > acknowledgedDeliveries, random.next(below: 2) == 0 {
            // The last delivery landed but was never acknowledged: cut it at a random byte.
            let start = expected.deliveryByteStart[last - 1]
            guard size - start >= 2 else { return }
            let cut = cutPoint(delivery: last - 1)
            guard truncate(path, off_t(cut)) == 0 else {
                note("round \(round): cannot truncate the log to inject a tear: errno \(errno)", corrupt: false)
                return
            }
            figures.tearsInjected += 1
        } else if random.next(below: 3) == 0 {
            // As if the writer died inside the `write` of its next append: a random part of
            // the bytes that append writes (the stream's next delivery).
            expected.ensureDeliveries(last + 1)
            let length = expected.deliveryByteStart[last + 1] - size
            guard length >= 2 else { return }
            let part = Data(expected.bytes[size ..< cutPoint(delivery: last)])
            do {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: part)
            } catch {
                note("round \(round): cannot append a part of a write to inject a tear: \(error)", corrupt: false)
                return
            }
            figures.tearsInjected += 1
        }
    }

    /// Where a crash cuts delivery `index` short: strictly inside it; for a batch, in one
    /// case out of two just after one of its lines (whole lines, batch incomplete), else at
    /// any byte (a last line without its `\n`).
    private func cutPoint(delivery index: Int) -> Int {
        let start = expected.deliveryByteStart[index]
        let end = expected.deliveryByteStart[index + 1]
        let firstEvent = expected.deliveryEventStart[index]
        let count = expected.deliveryEventStart[index + 1] - firstEvent
        if count >= 2, random.next(below: 2) == 0 {
            figures.tearsAtLineEnd += 1
            return expected.eventLines[firstEvent + random.next(below: count - 1)].upperBound
        }
        return start + 1 + random.next(below: end - start - 1)
    }

    // MARK: Checks after a kill

    /// Reopens the log: only a torn tail may be wrong; every acknowledged event is there
    /// byte for byte; the reader hands out whole batches only; repair leaves a sound log.
    private func check(round: Int) {
        let report: FileEventLog.VerificationReport
        do {
            report = try FileEventLog.verify(path: path)
        } catch {
            note("round \(round): verify failed: \(error)")
            return
        }
        for issue in report.issues where issue.kind != .tornTail {
            note("round \(round): verify reports \(issue.kind) at \(issue)")
        }
        if report.tornTail != nil { figures.tornTailsSeen += 1 }

        // Bytes: the file must be a prefix of the stream's bytes, so every acknowledged
        // line is there as written, and any extra is a cut-short delivery.
        let data: [UInt8]
        do {
            data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            note("round \(round): cannot read the log: \(error)")
            return
        }
        expected.ensureBytes(data.count)
        expected.ensureDeliveries(acknowledgedDeliveries)
        var goodPrefix = data.count
        let same = data.withUnsafeBytes { file in
            expected.bytes.withUnsafeBytes { stream in memcmp(file.baseAddress!, stream.baseAddress!, data.count) == 0 }
        }
        if !same {
            goodPrefix = zip(data, expected.bytes).prefix { $0 == $1 }.count
            note("round \(round): the log's byte \(goodPrefix) differs from what the writer appended")
        }
        // Every event up to the last acknowledged delivery must be there (the deliveries
        // between acknowledged ones were present when the writer resumed after them).
        let acknowledgedEvents = expected.deliveryEventStart[acknowledgedDeliveries]
        figures.acknowledgedEventChecks += figures.acknowledgedEvents
        var lost = 0
        for index in stride(from: acknowledgedEvents - 1, through: 0, by: -1) {
            if expected.eventLines[index].upperBound <= goodPrefix { break }
            lost += 1
        }
        if lost > 0 {
            figures.lost += lost
            note("round \(round): \(lost) acknowledged events are missing or changed (file \(data.count) bytes, good to \(goodPrefix))", corrupt: false)
        }
        // The deliveries wholly present, and the torn part after them.
        var whole = 0
        while whole < expected.deliveryCount && expected.deliveryByteStart[whole + 1] <= goodPrefix { whole += 1 }
        let wholeBytes = expected.deliveryByteStart[whole]
        let wholeEvents = expected.deliveryEventStart[whole]
        if whole > acknowledgedDeliveries { figures.unacknowledgedButPresent += whole - acknowledgedDeliveries }
        if same {
            if data.count > wholeBytes {
                figures.killsMidAppend += 1
                if let torn = report.tornTail {
                    if torn.byteOffset != Int64(wholeBytes) || torn.byteCount != Int64(data.count - wholeBytes) {
                        note("round \(round): torn tail reported at bytes \(torn.byteOffset)+\(torn.byteCount), but the cut delivery is \(wholeBytes)+\(data.count - wholeBytes)")
                    }
                } else {
                    note("round \(round): a delivery cut short at \(wholeBytes)+\(data.count - wholeBytes) is not reported as a torn tail")
                }
            } else if let torn = report.tornTail {
                note("round \(round): a torn tail is reported (\(torn)) though the log ends with a whole delivery")
            }
            if report.eventCount != wholeEvents || report.lastSeq != wholeEvents {
                note("round \(round): verify counts \(report.eventCount) events to seq \(report.lastSeq); the log holds \(wholeEvents) whole")
            }
        }

        // The reader: whole deliveries only, each event re-encoding to its line.
        var handedOut = 0
        var lastBatch: BatchPosition?
        do {
            let summary = try EventLogReader.forEachEvent(path: path) { scanned in
                let index = handedOut
                handedOut += 1
                lastBatch = scanned.event.batch
                guard index < expected.eventLines.count, index < wholeEvents || !same else {
                    if same { note("round \(round): the reader hands out seq \(scanned.event.seq), beyond the whole deliveries") }
                    return
                }
                var line = EventLineEncoder.encode(scanned.event)
                line.append(UInt8(ascii: "\n"))
                if scanned.event.seq != index + 1 || line[...] != expected.bytes[expected.eventLines[index]] {
                    note("round \(round): the reader's event \(index + 1) (seq \(scanned.event.seq)) is not the event appended")
                }
            }
            if let batch = lastBatch, batch.index != batch.count {
                note("round \(round): the reader ends inside a batch (line \(batch.index) of \(batch.count))")
            }
            if same && handedOut != wholeEvents {
                note("round \(round): the reader handed out \(handedOut) events; \(wholeEvents) are in whole deliveries (a partial batch is visible)")
            }
            if summary.tornTail != report.tornTail {
                note("round \(round): the reader's torn tail (\(summary.tornTail.map(\.description) ?? "none")) differs from verify's (\(report.tornTail.map(\.description) ?? "none"))")
            }
        } catch {
            note("round \(round): the reader failed: \(error)")
        }

        // Repair: removes exactly the torn tail, and leaves a sound log.
        do {
            let removed = try FileEventLog.repair(path: path)
            if removed != report.tornTail {
                note("round \(round): repair removed \(removed.map(\.description) ?? "nothing"); verify reported \(report.tornTail.map(\.description) ?? "no torn tail")")
            }
            if removed != nil { figures.tornTailsRepaired += 1 }
            let after = try FileEventLog.verify(path: path)
            if !after.isSound {
                note("round \(round): after repair, verify reports \(after.issues.prefix(3).map(\.description).joined(separator: "; "))")
            }
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
            if same && size != wholeBytes {
                note("round \(round): after repair the log has \(size) bytes; the whole deliveries end at \(wholeBytes)")
            }
        } catch {
            note("round \(round): repair failed: \(error)")
        }
        if verbose {
            print("round \(round): \(data.count) bytes, \(wholeEvents) events, torn \(report.tornTail.map { "\($0.byteCount) bytes" } ?? "no"), acknowledged \(acknowledgedEvents)")
        }
    }

    private func finalCheck() {
        do {
            let report = try FileEventLog.verify(path: path)
            figures.finalSound = report.isSound && report.tornTail == nil
            if !figures.finalSound {
                note("final: verify reports \(report.issues.prefix(3).map(\.description).joined(separator: "; "))")
            }
            figures.finalEvents = report.eventCount
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            figures.finalBytes = data.count
            let required = expected.deliveryEventStart[acknowledgedDeliveries]
            if report.eventCount < required {
                note("final: \(report.eventCount) events, fewer than the \(required) up to the last acknowledged append", corrupt: false)
                figures.lost += required - report.eventCount
            }
        } catch {
            note("final: verify failed: \(error)")
        }
    }

    private func printFigures(elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let f = figures
        let rows: [(String, String)] = [
            ("kills (SIGKILL)", "\(f.kills)"),
            ("writer restarts", "\(f.writerRestarts)"),
            ("tears injected (unacknowledged appends)", "\(f.tearsInjected)"),
            ("  of them batches cut after a whole line", "\(f.tearsAtLineEnd)"),
            ("logs ending in a cut-short append", "\(f.killsMidAppend)"),
            ("torn tails seen", "\(f.tornTailsSeen)"),
            ("torn tails repaired", "\(f.tornTailsRepaired)"),
            ("acknowledged appends", "\(f.acknowledgedAppends)"),
            ("acknowledged events", "\(f.acknowledgedEvents)"),
            ("acknowledged events checked", "\(f.acknowledgedEventChecks)"),
            ("idempotent resends answered", "\(f.idempotentResends)"),
            ("deliveries present but unacknowledged", "\(f.unacknowledgedButPresent)"),
            ("lost (must be 0)", "\(f.lost)"),
            ("corrupted reads (must be 0)", "\(f.corrupted)"),
            ("writer errors (must be 0)", "\(f.writerErrors)"),
            ("events in the final log", "\(f.finalEvents)"),
            ("bytes in the final log", "\(f.finalBytes)"),
            ("final verify", f.finalSound ? "sound" : "NOT SOUND"),
            ("seed", "\(seed)"),
            ("time", String(format: "%.1f s", seconds)),
        ]
        print("== log-crash-harness figures")
        for (name, value) in rows {
            print(name.padding(toLength: 42, withPad: " ", startingAt: 0) + value)
        }
        for problem in problems.prefix(10) { print("first problems: \(problem)") }
    }
}
