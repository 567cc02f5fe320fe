import Foundation

/// Writes a log shaped like one from another generator (issue 36, item 4): N nights in
/// Europe/Berlin, each with about 40 HealthKit sleep samples delivered the next morning
/// (their `sourceName` holds a no-break space, U+00A0, written as the escape `\u00a0`, as
/// Python's `json.dumps` writes any non-ASCII character by default), two checklist items,
/// an exit (requested, confirmed, the free window used) every fourth night and a `goalSet`
/// every 30 nights, in the order they happened. 5,000 nights make about 200,000 events
/// and 68 MB.
///
/// Deliberately not the simulator nor `EventLineEncoder`: plain string building, as
/// another writer would emit it — its own key order (`type` first, `seq` after `id`, the
/// sample's fields shuffled), no whitespace, no batches, every line alone. The events obey
/// the rules (docs/rules.md), so a fold applies every one of them without a warning.
enum OutsideLogWriter {
    /// The nights of the log.
    static let defaultNights = 5_000
    /// Sleep samples a night: one in bed, the rest stages.
    static let samplesPerNight = 38
    static let zone = "Europe/Berlin"
    /// The source name, with a no-break space between its words…
    static let sourceName = "Apple\u{00A0}Watch"
    /// … as the line holds it: JSON text escaped the way `json.dumps` escapes it
    /// (`ensure_ascii`). (A writer of raw UTF-8 would put the two bytes C2 A0 instead; the
    /// 2026-12-07 figures in docs/benchmarks.md were of that form.)
    static let sourceNameJSON = "Apple\\u00a0Watch"
    /// The first night.
    static let firstNight = (year: 2013, month: 1, day: 7)

    private static let stages = ["core", "deep", "core", "rem", "core", "deep", "core", "rem", "awake"]

    /// Writes the log of `nights` nights to `path` (a new file).
    static func write(nights: Int, to path: String) throws -> SimulatedLogWriter.Result {
        let clock = ContinuousClock()
        let started = clock.now
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw BenchError.io("cannot create \(path)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        guard let timeZone = TimeZone(identifier: zone) else { throw BenchError.failed("no time zone \(zone)") }
        var writer = Writer(timeZone: timeZone)
        var byteCount: Int64 = 0
        let firstDay = daysFromCivil(firstNight.year, firstNight.month, firstNight.day)
        for index in 0..<nights {
            let day = firstDay + Int64(index)
            let night = dateText(day)
            if index % 30 == 0 {
                writer.line(type: "goalSet", at: writer.local(day, hour: 18, minute: 0), source: "phone",
                            data: "{\"currentBedtime\":\"23:30\",\"targetBedtime\":\"22:30\",\"days\":14,\"firstNight\":\"\(night)\"}")
            }
            writer.checklistItem("last_meal", night: night, at: writer.local(day, hour: 19, minute: 40))
            if index % 4 == 1 {
                let requested = writer.local(day, hour: 21, minute: 0)
                writer.line(type: "exitRequested", at: requested, source: "phone", data: "{\"night\":\"\(night)\"}")
                writer.line(type: "exitConfirmed", at: requested + 90, source: "phone", data: "{\"night\":\"\(night)\"}")
                writer.line(type: "freeWindowUsed", at: requested + 420, source: "phone", data: "{\"night\":\"\(night)\",\"returnedEarly\":true}")
            }
            writer.checklistItem("screens_off", night: night, at: writer.local(day, hour: 21, minute: 50))
            // The night's samples, delivered together the next morning.
            let delivered = writer.local(day + 1, hour: 7, minute: 30)
            let inBed = writer.local(day, hour: 22, minute: 45)
            writer.sample(stage: "inBed", start: inBed, end: inBed + 8 * 3600 + 20 * 60, at: delivered)
            var start = inBed + 15 * 60
            for sample in 1..<samplesPerNight {
                let minutes: Int64 = 11 + Int64((index + sample) % 3)
                let stage = stages[(index + sample) % stages.count]
                writer.sample(stage: stage, start: start, end: start + minutes * 60, at: delivered)
                start += minutes * 60
            }
            if writer.buffer.count >= SimulatedLogWriter.flushThreshold {
                try handle.write(contentsOf: writer.buffer)
                byteCount += Int64(writer.buffer.count)
                writer.buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: writer.buffer)
        byteCount += Int64(writer.buffer.count)
        let mix = EventMix(sleepSamples: writer.samples, vitalSamples: 0, nightActions: writer.seq - writer.samples - writer.goals, goals: writer.goals)
        return SimulatedLogWriter.Result(eventCount: writer.seq, byteCount: byteCount, nights: nights, mix: mix, duration: clock.now - started)
    }

    /// Writes the log in a child process (`--generate-outside-only N FILE`); in this process
    /// where children cannot run.
    static func writeInChild(nights: Int, to path: String) throws -> SimulatedLogWriter.Result {
        guard ChildProcess.isSupported else { return try write(nights: nights, to: path) }
        let output = try ChildProcess.run(["--generate-outside-only", String(nights), path], what: "the generating child process")
        guard let result = SimulatedLogWriter.parseResultLine(output) else {
            throw BenchError.failed("the generating child process printed no GENERATED line")
        }
        return result
    }

    /// The lines being written, and what they counted.
    private struct Writer {
        let timeZone: TimeZone
        var buffer: [UInt8] = []
        var seq = 0
        var samples = 0
        var goals = 0

        init(timeZone: TimeZone) {
            self.timeZone = timeZone
            buffer.reserveCapacity(SimulatedLogWriter.flushThreshold + 64 * 1024)
        }

        /// The instant (seconds since 1970) of a wall-clock time on `day` (days since 1970)
        /// in the zone; the times used are never in a gap or an overlap.
        func local(_ day: Int64, hour: Int, minute: Int) -> Int64 {
            let wall = day * 86_400 + Int64(hour * 3600 + minute * 60)
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - 3600)))
            return wall - Int64(offset)
        }

        /// RFC 3339 text of `instant` with the zone's offset then.
        func text(_ instant: Int64) -> String {
            let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
            let wall = instant + offset
            let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
            let seconds = wall - day * 86_400
            let sign = offset < 0 ? "-" : "+"
            let magnitude = abs(offset) / 60
            return "\(dateText(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))\(sign)\(two(magnitude / 60)):\(two(magnitude % 60))"
        }

        /// A UUID-looking id, deterministic (splitmix64 of the line's number and a salt).
        func identifier(_ number: Int, salt: UInt64) -> String {
            var state = UInt64(number) &* 0x9E37_79B9_7F4A_7C15 ^ salt
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let hex = String(next(), radix: 16, uppercase: false) + String(next(), radix: 16, uppercase: false)
            let digits = Array(String(repeating: "0", count: max(0, 32 - hex.count)) + hex)
            return String(digits[0..<8]) + "-" + String(digits[8..<12]) + "-4" + String(digits[13..<16]) + "-a" + String(digits[17..<20]) + "-" + String(digits[20..<32])
        }

        mutating func line(type: String, at: Int64, source: String, data: String) {
            seq += 1
            if type == "goalSet" { goals += 1 }
            let text = "{\"type\":\"\(type)\",\"v\":1,\"id\":\"\(identifier(seq, salt: 0x5EED))\",\"seq\":\(seq),\"at\":\"\(text(at))\",\"tz\":\"\(OutsideLogWriter.zone)\",\"source\":\"\(source)\",\"data\":\(data)}\n"
            buffer.append(contentsOf: text.utf8)
        }

        mutating func checklistItem(_ item: String, night: String, at: Int64) {
            line(type: "checklistItemCompleted", at: at, source: "watch", data: "{\"night\":\"\(night)\",\"item\":\"\(item)\"}")
        }

        mutating func sample(stage: String, start: Int64, end: Int64, at: Int64) {
            samples += 1
            let data = "{\"sampleId\":\"\(identifier(samples, salt: 0x5A3B1E))\",\"stage\":\"\(stage)\",\"start\":\"\(text(start))\",\"end\":\"\(text(end))\",\"sourceName\":\"\(OutsideLogWriter.sourceNameJSON)\"}"
            line(type: "sleepSampleIngested", at: at, source: "health", data: data)
        }
    }

    private static func two(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// `YYYY-MM-DD` of `day` (days since 1970-01-01).
    static func dateText(_ day: Int64) -> String {
        let (year, month, dayOfMonth) = civilFromDays(day)
        return "\(year)-\(two(month))-\(two(dayOfMonth))"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * Int64(month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
