import Events

// The deterministic stream the writer appends and the harness expects: delivery `k` (a
// single event, or a batch of 2–20) is a pure function of the seed and `k`, so a restarted
// writer and the checking parent agree on every byte without talking to each other.

/// A 64-bit LCG (Knuth's MMIX constants) with an xorshift on the output.
struct LinearCongruentialGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var mixed = state
        mixed ^= mixed >> 33
        mixed = mixed &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        return mixed
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.count)
    }
}

/// FNV-1a, 64 bits: the writer's fingerprint of the bytes it acknowledged.
func fingerprint(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}

enum CrashStream {
    /// 2026-03-01T00:00:00Z.
    static let startMilliseconds: Int64 = 1_772_323_200_000
    static let zone = "Europe/Berlin"
    static let offset: Int32 = 3_600
    private static let checklistItems = ["stop_eating", "screens_off", "dim_lights", "cool_room", "read_paper_book"]
    private static let reminderTemplates = ["stop_eating", "screens_off", "wind_down", "bedtime"]
    private static let apps = ["Instagram", "TikTok", "YouTube", "Reddit", "Messages", "Safari", "Mail"]

    /// The events of delivery `index` of the stream of `seed`: about 45 % single
    /// appends, the rest batches of 2–20 (sleep samples, vitals, or mixed).
    static func delivery(_ index: Int, seed: UInt64) -> [Event] {
        var random = LinearCongruentialGenerator(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        _ = random.next()
        let count = random.next(below: 100) < 45 ? 1 : random.next(in: 2...20)
        let base = startMilliseconds + Int64(index) * 20 * 60_000
        var events: [Event] = []
        events.reserveCapacity(count)
        for position in 0..<count {
            let at = Instant(millisecondsSince1970: base + Int64(position) * 7_000 + Int64(random.next(below: 1000)), utcOffsetSeconds: offset)
            let id = uuid(&random)
            let draw = random.next(below: 10)
            let payload: EventPayload
            let source: EventSource
            if draw < 6 {
                source = .health
                let stages = SleepStage.allCases
                let start = at.adding(milliseconds: -Int64(random.next(in: 60...600)) * 60_000 - at.millisecondsSince1970 % 60_000)
                payload = .sleepSampleIngested(SleepSampleIngested(
                    sampleId: uuid(&random).uppercased(), stage: stages[random.next(below: stages.count)],
                    start: start, end: start.adding(milliseconds: Int64(random.next(in: 1...45)) * 60_000),
                    timeZone: random.next(below: 5) == 0 ? nil : zone,
                    sourceName: random.next(below: 10) == 0 ? "iPhone" : "Apple Watch — Ünïcode \"quoted\""
                ))
            } else if draw < 8 {
                source = .health
                let kinds = VitalKind.allCases
                let start = at.adding(milliseconds: -Int64(random.next(in: 30...600)) * 60_000 - at.millisecondsSince1970 % 60_000)
                payload = .vitalSampleIngested(VitalSampleIngested(
                    sampleId: uuid(&random).uppercased(), kind: kinds[random.next(below: kinds.count)],
                    value: Double(random.next(in: -1000...100_000)) / 100, unit: "count/min",
                    start: start, end: start.adding(milliseconds: 300_000)
                ))
            } else {
                source = .phone
                let night = Night.date(at.adding(milliseconds: -12 * 3_600_000).localDateTime.date)
                switch random.next(below: 4) {
                case 0:
                    payload = .checklistItemCompleted(ChecklistItemChange(night: night, item: checklistItems[random.next(below: checklistItems.count)]))
                case 1:
                    payload = .notificationInteracted(NotificationInteracted(
                        night: night, template: reminderTemplates[random.next(below: reminderTemplates.count)],
                        action: NotificationAction.allCases[random.next(below: NotificationAction.allCases.count)]))
                case 2:
                    payload = .appTierAssigned(AppTierAssigned(app: apps[random.next(below: apps.count)], tier: AppTier.allCases[random.next(below: AppTier.allCases.count)]))
                default:
                    payload = .wentToBed(NightAction(night: night))
                }
            }
            events.append(Event(id: id, at: at, timeZone: zone, source: source, payload: payload))
        }
        return events
    }

    /// The bytes delivery `events` gives when appended after `lastSeq`, each line ended by `\n`.
    static func lines(of events: [Event], after lastSeq: Int) -> [[UInt8]] {
        events.enumerated().map { position, event in
            var line: [UInt8] = []
            let batch = events.count >= 2 ? BatchPosition(index: position + 1, count: events.count) : nil
            EventLineEncoder.write(event, seq: lastSeq + position + 1, batch: batch, into: &line)
            line.append(UInt8(ascii: "\n"))
            return line
        }
    }

    private static func uuid(_ random: inout LinearCongruentialGenerator) -> String {
        let high = (random.next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
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

/// The expected log, grown delivery by delivery: its bytes, and where each delivery and
/// each event starts.
struct ExpectedLog {
    let seed: UInt64
    private(set) var bytes: [UInt8] = []
    /// `deliveryByteStart[k]` and `deliveryEventStart[k]`: where delivery k starts; one
    /// more entry than deliveries, the last being the end.
    private(set) var deliveryByteStart: [Int] = [0]
    private(set) var deliveryEventStart: [Int] = [0]
    /// Each event's line: byte range in `bytes`.
    private(set) var eventLines: [Range<Int>] = []
    private(set) var deliveryFingerprints: [UInt64] = []

    init(seed: UInt64) {
        self.seed = seed
    }

    var deliveryCount: Int { deliveryByteStart.count - 1 }

    mutating func ensureDeliveries(_ count: Int) {
        while deliveryCount < count {
            let index = deliveryCount
            let events = CrashStream.delivery(index, seed: seed)
            let lines = CrashStream.lines(of: events, after: deliveryEventStart[index])
            var all: [UInt8] = []
            for line in lines {
                eventLines.append(bytes.count + all.count ..< bytes.count + all.count + line.count)
                all.append(contentsOf: line)
            }
            deliveryFingerprints.append(fingerprint(all))
            bytes.append(contentsOf: all)
            deliveryByteStart.append(bytes.count)
            deliveryEventStart.append(deliveryEventStart[index] + events.count)
        }
    }

    mutating func ensureBytes(_ length: Int) {
        while bytes.count < length { ensureDeliveries(deliveryCount + 1) }
    }

    mutating func ensureEvents(_ count: Int) {
        while eventLines.count < count { ensureDeliveries(deliveryCount + 1) }
    }
}
