import EventLogFile
import Events
import Foundation

/// The child: appends the stream through `FileEventLog`, from where the log ends, and
/// reports each acknowledged append on stdout, written straight to the descriptor (no
/// buffer), only after `append` returned (after `fsync`).
///
/// Lines: `ready <delivery> <lastSeq>`, `ack <delivery> <firstSeq> <count> <fingerprint>`,
/// `dup <delivery> <firstSeq> <count>` (an idempotent resend answered with the seqs it
/// already has), `done`. Exit codes: 0 done, 3 the log is not where the stream says.
enum Writer {
    static func run(path: String, seed: UInt64, deliveryLimit: Int?) -> Int32 {
        do {
            let log = try FileEventLog(path: path)
            let contents = try log.read()
            if let torn = contents.tornTail {
                return fail("the log ends with a torn tail the harness did not repair: \(torn)")
            }
            // Where the stream stands: the deliveries whose events are all present.
            var delivery = 0
            var present = 0
            var lastDelivery: [Event] = []
            while present < contents.events.count {
                lastDelivery = CrashStream.delivery(delivery, seed: seed)
                present += lastDelivery.count
                delivery += 1
            }
            guard present == contents.events.count else {
                return fail("the log holds \(contents.events.count) events, which ends inside delivery \(delivery - 1)")
            }
            for (offset, event) in lastDelivery.enumerated() {
                let recorded = contents.events[present - lastDelivery.count + offset]
                guard recorded.event == event, recorded.seq == present - lastDelivery.count + offset + 1 else {
                    return fail("seq \(recorded.seq) is not the event the stream has there")
                }
            }
            var lastSeq = present
            // Resend the last delivery that landed, as a client that never saw its answer
            // would: the ids are present, so it must be answered with their seqs.
            if delivery > 0 {
                try resend(lastDelivery, index: delivery - 1, firstSeq: present - lastDelivery.count + 1, log: log)
            }
            say("ready \(delivery) \(lastSeq)")
            var appended = 0
            while deliveryLimit.map({ appended < $0 }) ?? true {
                let events = CrashStream.delivery(delivery, seed: seed)
                let outcomes = try log.append(events, expectedLastSeq: lastSeq)
                for (offset, outcome) in outcomes.enumerated() where outcome.seq != lastSeq + offset + 1 || outcome.alreadyPresent {
                    return fail("delivery \(delivery): event \(offset + 1) answered seq \(outcome.seq) (already present: \(outcome.alreadyPresent)), expected \(lastSeq + offset + 1)")
                }
                let bytes = CrashStream.lines(of: events, after: lastSeq).flatMap { $0 }
                say("ack \(delivery) \(lastSeq + 1) \(events.count) \(fingerprint(bytes))")
                if delivery % 16 == 5 {
                    try resend(events, index: delivery, firstSeq: lastSeq + 1, log: log)
                }
                lastSeq += events.count
                delivery += 1
                appended += 1
                // An app appends now and then, not flat out: a pause of 2–6 ms keeps the
                // log's growth per writer life (and so the harness's run time) bounded,
                // however fast `fsync` happens to be on the machine.
                var pause = LinearCongruentialGenerator(seed: seed &+ UInt64(delivery))
                usleep(UInt32(pause.next(in: 2_000...6_000)))
            }
            say("done")
            return 0
        } catch {
            return fail("\(error)")
        }
    }

    private static func resend(_ events: [Event], index: Int, firstSeq: Int, log: FileEventLog) throws {
        // The expected seq is the one the first attempt stated; ids are answered first.
        let outcomes = try log.append(events, expectedLastSeq: firstSeq - 1)
        for (offset, outcome) in outcomes.enumerated() where outcome.seq != firstSeq + offset || !outcome.alreadyPresent {
            throw HarnessError("resend of delivery \(index): event \(offset + 1) answered seq \(outcome.seq) (already present: \(outcome.alreadyPresent)), expected seq \(firstSeq + offset) already present")
        }
        say("dup \(index) \(firstSeq) \(events.count)")
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("log-crash-harness writer: \(message)\n".utf8))
        return 3
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
