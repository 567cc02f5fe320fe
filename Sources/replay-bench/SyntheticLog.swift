import Events
import Foundation

// The synthetic log the benchmark replays: a deterministic stream of events shaped like
// a real person's history, and the fast writer that turns it into a log file.

/// A 64-bit linear congruential generator (Knuth's MMIX constants) with an xorshift on
/// the output. Deterministic: the same seed always gives the same log, on every machine.
struct LinearCongruentialGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 pseudo-random bits.
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var mixed = state
        mixed ^= mixed >> 33
        mixed = mixed &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        return mixed
    }

    /// A number in `0..<bound` (`bound` ≥ 1); the tiny modulo bias does not matter here.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.count)
    }
}

/// One event of the synthetic log with the batch marker it is written with.
struct SyntheticEvent {
    var event: Event
    var batch: BatchPosition?
}

/// How many events of each kind a generator produced.
struct EventMix {
    var sleepSamples = 0
    var vitalSamples = 0
    var nightActions = 0
    var goals = 0
    /// Events written inside a batch marker (`[index, count]`).
    var batchedEvents = 0
    var batches = 0

    var total: Int { sleepSamples + vitalSamples + nightActions + goals }
}

/// Produces the events of a realistic log, one delivery at a time:
///
/// - HealthKit sleep samples (~70 % of events) arrive in batches of 4–12, one stretch of
///   one night a batch, with stages cycling as a night does (staged from the watch,
///   unstaged from the phone);
/// - HealthKit vital readings (~10 %) arrive alone or in batches of 2–3;
/// - the rest are single night actions (checklist, reminders, exits, bedtime, wake-up,
///   app tiers);
/// - a `goalSet` comes first and then every ~5,000 events.
///
/// `at` grows by 1–5 minutes per event from 2026-03-01T00:00Z (a million events span about
/// six years, a few hundred sleep samples a night: dense, but a night's samples are still a
/// night's, as a person's log has them), so the log crosses every DST change of both zones. The person lives in Europe/Berlin and spends the last 15 % of
/// every 100,000 events in America/Chicago. Ids are UUID-shaped strings from the LCG.
struct SyntheticLogGenerator {
    static let berlin = "Europe/Berlin"
    static let chicago = "America/Chicago"
    /// 2026-03-01T00:00:00Z.
    static let startMilliseconds: Int64 = 1_772_323_200_000
    static let goalInterval = 5_000

    private static let watchStages: [SleepStage] = [.inBed, .core, .deep, .core, .rem, .core, .awake, .core, .deep, .rem]
    private static let phoneStages: [SleepStage] = [.inBed, .asleep, .awake, .asleep]
    private static let checklistItems = ["stop_eating", "screens_off", "dim_lights", "cool_room", "read_paper_book"]
    private static let reminderTemplates = ["stop_eating", "screens_off", "wind_down", "bedtime"]
    private static let apps = ["Instagram", "TikTok", "YouTube", "Reddit", "Messages", "Safari", "Mail"]

    private var random: LinearCongruentialGenerator
    private var moment = SyntheticLogGenerator.startMilliseconds
    /// How long before the delivery the current sleep delivery's samples start.
    private var sleepBatchHoursAgo: Int64 = 6 * 3_600_000
    private var nextSeq = 1
    private var nextGoalSeq = 1
    private var stageIndex = 0
    private var vitalIndex = 0
    private var lastReminderId: String?
    private var zoneOffsets = ZoneOffsetCache()
    private(set) var mix = EventMix()

    init(seed: UInt64) {
        random = LinearCongruentialGenerator(seed: seed)
    }

    /// The next delivery: one event, or a whole batch. `limit` caps its size so that a log
    /// ends exactly where asked (a batch cut down to one event is written as a single line).
    mutating func nextDelivery(limit: Int) -> [SyntheticEvent] {
        precondition(limit >= 1, "a delivery holds at least one event")
        if nextSeq >= nextGoalSeq {
            nextGoalSeq += Self.goalInterval
            return single(goal())
        }
        // Deliveries are drawn so that events come out ~70 % sleep, ~10 % vitals, ~20 %
        // night actions: sleep batches average 8 events, vital deliveries 2, actions 1.
        let draw = random.next(below: 1000)
        if draw < 259 {
            // One delivery is one stretch of one night, as an anchored HealthKit query gives it.
            sleepBatchHoursAgo = Int64(random.next(in: 2 * 60...10 * 60)) * 60_000
            return batch(count: min(limit, random.next(in: 4...12))) { $0.sleepSample() }
        } else if draw < 407 {
            return batch(count: min(limit, random.next(in: 1...3))) { $0.vitalSample() }
        } else {
            return single(nightAction())
        }
    }

    // MARK: Deliveries

    private func single(_ event: Event) -> [SyntheticEvent] {
        return [SyntheticEvent(event: event, batch: nil)]
    }

    private mutating func batch(count: Int, _ make: (inout SyntheticLogGenerator) -> Event) -> [SyntheticEvent] {
        var events: [SyntheticEvent] = []
        events.reserveCapacity(count)
        for index in 1...count {
            let event = make(&self)
            events.append(SyntheticEvent(event: event, batch: count >= 2 ? BatchPosition(index: index, count: count) : nil))
        }
        if count >= 2 {
            mix.batches += 1
            mix.batchedEvents += count
        }
        return events
    }

    // MARK: Events

    private mutating func envelope(source: EventSource, causedBy: String? = nil, payload: (Instant, String) -> EventPayload) -> Event {
        moment += Int64(random.next(in: 60_000...300_000))
        let zone = zone(atSeq: nextSeq)
        nextSeq += 1
        let at = Instant(millisecondsSince1970: moment, utcOffsetSeconds: zoneOffsets.offset(of: zone, atMilliseconds: moment))
        return Event(id: uuid(uppercase: false), at: at, timeZone: zone, source: source, causedBy: causedBy, payload: payload(at, zone))
    }

    private func zone(atSeq seq: Int) -> String {
        seq % 100_000 >= 85_000 ? Self.chicago : Self.berlin
    }

    private mutating func sleepSample() -> Event {
        mix.sleepSamples += 1
        let fromWatch = random.next(below: 10) != 0
        let stages = fromWatch ? Self.watchStages : Self.phoneStages
        let stage = stages[stageIndex % stages.count]
        stageIndex += 1
        let sampleId = uuid(uppercase: true)
        let hoursAgo = sleepBatchHoursAgo
        sleepBatchHoursAgo -= Int64(random.next(in: 1...45)) * 60_000
        let minutes = Int64(random.next(in: 1...45)) * 60_000
        let withZone = random.next(below: 20) != 0
        return envelope(source: .health) { at, zone in
            let start = at.adding(milliseconds: -hoursAgo - at.millisecondsSince1970 % 60_000)
            return .sleepSampleIngested(SleepSampleIngested(
                sampleId: sampleId, stage: stage, start: start, end: start.adding(milliseconds: minutes),
                timeZone: withZone ? zone : nil, sourceName: fromWatch ? "Apple Watch" : "iPhone"
            ))
        }
    }

    private mutating func vitalSample() -> Event {
        mix.vitalSamples += 1
        let kind = VitalKind.allCases[vitalIndex % VitalKind.allCases.count]
        vitalIndex += 1
        let value: Double
        let unit: String
        switch kind {
        case .hrv: value = Double(random.next(in: 50...150)) / 2; unit = "ms"
        case .restingHeartRate: value = Double(random.next(in: 48...66)); unit = "count/min"
        case .spo2: value = Double(random.next(in: 940...1000)) / 10; unit = "%"
        case .respiratoryRate: value = Double(random.next(in: 24...35)) / 2; unit = "count/min"
        case .wristTemperature: value = Double(random.next(in: -100...100)) / 100; unit = "degC"
        }
        let sampleId = uuid(uppercase: true)
        let minutesAgo = Int64(random.next(in: 30...600)) * 60_000
        let length: Int64 = kind == .hrv ? 300_000 : 0
        return envelope(source: .health) { at, _ in
            let start = at.adding(milliseconds: -minutesAgo - at.millisecondsSince1970 % 60_000)
            return .vitalSampleIngested(VitalSampleIngested(
                sampleId: sampleId, kind: kind, value: value, unit: unit, start: start, end: start.adding(milliseconds: length)
            ))
        }
    }

    private mutating func nightAction() -> Event {
        mix.nightActions += 1
        let draw = random.next(below: 100)
        let item = Self.checklistItems[random.next(below: Self.checklistItems.count)]
        let template = Self.reminderTemplates[random.next(below: Self.reminderTemplates.count)]
        let action = NotificationAction.allCases[random.next(below: NotificationAction.allCases.count)]
        let app = Self.apps[random.next(below: Self.apps.count)]
        let tier = AppTier.allCases[random.next(below: AppTier.allCases.count)]
        let returnedEarly = random.next(below: 2) == 0
        let causedBy = random.next(below: 2) == 0 ? lastReminderId : nil
        let night: (Instant) -> Night = { at in
            // The night is named by the date of its evening: noon to noon local time.
            .date(at.adding(milliseconds: -12 * 3_600_000).localDateTime.date)
        }
        switch draw {
        case 0..<30:
            lastReminderId = nil
            return envelope(source: .phone, causedBy: causedBy) { at, _ in .checklistItemCompleted(ChecklistItemChange(night: night(at), item: item)) }
        case 30..<55:
            let event = envelope(source: .phone) { at, _ in
                .notificationInteracted(NotificationInteracted(night: night(at), template: template, action: action))
            }
            lastReminderId = action == .done ? event.id : nil
            return event
        case 55..<58:
            return envelope(source: .phone) { at, _ in .checklistItemReopened(ChecklistItemChange(night: night(at), item: item)) }
        case 58..<63:
            return envelope(source: .widget) { at, _ in .windDownStartedEarly(NightAction(night: night(at))) }
        case 63..<71:
            return envelope(source: .phone) { at, _ in .exitRequested(NightAction(night: night(at))) }
        case 71..<75:
            return envelope(source: .phone) { at, _ in .exitCancelled(NightAction(night: night(at))) }
        case 75..<79:
            return envelope(source: .phone) { at, _ in .exitConfirmed(NightAction(night: night(at))) }
        case 79..<83:
            return envelope(source: .system) { at, _ in .freeWindowUsed(FreeWindowUsed(night: night(at), returnedEarly: returnedEarly)) }
        case 83..<90:
            return envelope(source: .watch) { at, _ in .wentToBed(NightAction(night: night(at))) }
        case 90..<97:
            return envelope(source: .watch) { at, _ in .wokeUp(NightAction(night: night(at))) }
        default:
            return envelope(source: .phone) { _, _ in .appTierAssigned(AppTierAssigned(app: app, tier: tier)) }
        }
    }

    private mutating func goal() -> Event {
        mix.goals += 1
        let current = 23 * 60 + random.next(in: 0...90)
        let target = 21 * 60 + 30 + random.next(in: 0...60)
        let days = random.next(in: 3...30)
        let sleepNeed: Int? = random.next(below: 2) == 0 ? nil : 420 + 15 * random.next(in: 0...8)
        return envelope(source: .phone) { at, _ in
            .goalSet(GoalSet(
                currentBedtime: TimeOfDay(minutesSinceMidnight: current % 1440) ?? Self.midnight,
                targetBedtime: TimeOfDay(minutesSinceMidnight: target) ?? Self.midnight,
                days: days,
                firstNight: at.localDateTime.date.adding(days: 1),
                sleepNeedMinutes: sleepNeed
            ))
        }
    }

    // `TimeOfDay(minutesSinceMidnight: 0)` cannot fail; this keeps the call sites free of
    // force unwraps.
    private static let midnight: TimeOfDay = {
        guard let value = TimeOfDay(minutesSinceMidnight: 0) else { preconditionFailure("00:00 is a valid time of day") }
        return value
    }()

    /// A UUID-shaped id (version 4 and variant bits set) from the LCG: lowercase like the
    /// app's event ids, uppercase like HealthKit's sample ids.
    private mutating func uuid(uppercase: Bool) -> String {
        let high = (random.next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let digits: [UInt8] = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
        var position = 0
        for nibbleIndex in 0..<32 {
            if position == 8 || position == 13 || position == 18 || position == 23 { position += 1 }
            let word = nibbleIndex < 16 ? high : low
            let shift = UInt64(60 - 4 * (nibbleIndex % 16))
            bytes[position] = digits[Int((word >> shift) & 0xF)]
            position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// UTC offsets of the two zones, looked up through Foundation once per zone and hour
/// (an offset only changes on the hour in these zones).
struct ZoneOffsetCache {
    private var hourKey: [String: Int64] = [:]
    private var offsets: [String: Int32] = [:]

    mutating func offset(of zone: String, atMilliseconds milliseconds: Int64) -> Int32 {
        let hour = milliseconds / 3_600_000
        if hourKey[zone] == hour, let offset = offsets[zone] { return offset }
        let seconds = TimeZone(identifier: zone)?.secondsFromGMT(for: Date(timeIntervalSince1970: Double(milliseconds) / 1000)) ?? 0
        hourKey[zone] = hour
        offsets[zone] = Int32(seconds)
        return Int32(seconds)
    }
}

/// Writes a synthetic log file of `count` events, `seq` 1…count, encoding lines straight
/// into one buffer that is written to the file every 1 MiB (no fsync, no lock: this is
/// test data, not an append).
///
/// The benchmark writes its logs in a child process: on Linux a child started with
/// posix_spawn inherits its parent's peak in `ru_maxrss`, so the parent must stay lean for
/// the measuring children's memory figures to be their own.
enum SyntheticLogWriter {
    struct Result {
        var eventCount: Int
        var byteCount: Int64
        var mix: EventMix
        var duration: Duration
    }

    static let flushThreshold = 1024 * 1024

    /// Writes the log in a child process (`--generate-only N FILE`) so that this process
    /// never holds the generator's memory; in this process where children cannot run.
    static func writeInChild(count: Int, seed: UInt64, to path: String) throws -> Result {
        guard ChildProcess.isSupported else { return try write(count: count, seed: seed, to: path) }
        let output = try ChildProcess.run(["--generate-only", String(count), path], what: "the generating child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the generating child process printed no GENERATED line")
        }
        return result
    }

    /// The one line the generating child prints on stdout.
    static func resultLine(_ result: Result) -> String {
        let mix = result.mix
        let nanoseconds = result.duration.components.seconds * 1_000_000_000 + result.duration.components.attoseconds / 1_000_000_000
        return "GENERATED events=\(result.eventCount) bytes=\(result.byteCount) ns=\(nanoseconds) sleep=\(mix.sleepSamples) "
            + "vital=\(mix.vitalSamples) night=\(mix.nightActions) goals=\(mix.goals) batches=\(mix.batches) batched=\(mix.batchedEvents)"
    }

    static func parseResultLine(_ output: String) -> Result? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("GENERATED ") }) else { return nil }
        var fields: [String: Int64] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int64(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let events = fields["events"], let bytes = fields["bytes"], let nanoseconds = fields["ns"],
              let sleep = fields["sleep"], let vital = fields["vital"], let night = fields["night"],
              let goals = fields["goals"], let batches = fields["batches"], let batched = fields["batched"]
        else { return nil }
        let mix = EventMix(
            sleepSamples: Int(sleep), vitalSamples: Int(vital), nightActions: Int(night), goals: Int(goals),
            batchedEvents: Int(batched), batches: Int(batches))
        return Result(eventCount: Int(events), byteCount: bytes, mix: mix, duration: .nanoseconds(nanoseconds))
    }

    static func write(count: Int, seed: UInt64, to path: String) throws -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw BenchError.io("cannot create \(path)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var generator = SyntheticLogGenerator(seed: seed)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(flushThreshold + 64 * 1024)
        var seq = 0
        var byteCount: Int64 = 0
        while seq < count {
            for item in generator.nextDelivery(limit: count - seq) {
                seq += 1
                EventLineEncoder.write(item.event, seq: seq, batch: item.batch, into: &buffer)
                buffer.append(UInt8(ascii: "\n"))
            }
            if buffer.count >= flushThreshold {
                try handle.write(contentsOf: buffer)
                byteCount += Int64(buffer.count)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        byteCount += Int64(buffer.count)
        return Result(eventCount: seq, byteCount: byteCount, mix: generator.mix, duration: clock.now - started)
    }
}
