import Events

/// One simulated person's history told as several devices wrote it: a stream per device,
/// for a log set (`replay-tool simulate --devices phone,watch[,ipad] --out DIR`).
///
/// The simulator decides every event against one folded state; the splitter then says which
/// device wrote it, by these rules (the same seed gives the same streams):
/// - **HealthKit data** (sleep samples, vitals, deletions) is ingested by **both** the
///   phone and the watch, with the same derived ids and content: the watch's copy at its
///   `at`, the phone's when the watch is back in reach. A log set's fold counts each id once.
/// - The watch goes **offline** for stretches (about one night in ten starts one, of 1 to
///   3 nights): the phone's copies of what the watch recorded then arrive, as one batch, at
///   the first append after the stretch (their `at` is that moment).
/// - A **mindful exit** is requested on the phone and, on nights the watch is in reach,
///   confirmed or cancelled (and its free window ended) on the watch about half the time.
/// - **Goals** and goal clears are set on the phone and the watch in turn.
/// - With an iPad, checklist steps of one night in three are ticked on it.
/// - Everything else stays with the device its `source` names (the watch's own events on the
///   watch; the rest on the phone).
///
/// Each device's appends keep the simulator's order; the events of one simulator append
/// that go to one device are one batch there, renumbered from seq 1 in each stream.
public struct DeviceSplitter: Sendable {
    /// The devices a log set can be simulated for, as stream names.
    public static let deviceNames = ["phone", "watch", "ipad"]

    /// The devices, in the order given (phone and watch always among them).
    public let devices: [String]
    private var random: SimulationRandom
    private var nextSeq: [String: Int] = [:]
    /// The watch's offline stretch: until this moment (ms since 1970).
    private var offlineUntil: Int64?
    /// The phone's copies of HealthKit data recorded while the watch was offline.
    private var deferred: [Event] = []
    /// The night (days since 1970 of the event's UTC date) whose exits are split, and whether.
    private var exitNight: (day: Int64, splits: Bool)?
    private var goalCount = 0
    private var lastOfflineCheckDay: Int64?

    /// What a device name or list is wrong with, when it is wrong.
    public static func problem(with devices: [String]) -> String? {
        if let unknown = devices.first(where: { !deviceNames.contains($0) }) {
            return "'\(unknown)' is not a device: the devices are \(deviceNames.joined(separator: ", "))"
        }
        if Set(devices).count != devices.count { return "a device is named twice" }
        guard devices.contains("phone"), devices.contains("watch") else { return "the devices must include phone and watch" }
        return nil
    }

    /// A splitter for `devices` (see ``problem(with:)``), its choices drawn from `seed`.
    public init?(devices: [String], seed: UInt64) {
        guard Self.problem(with: devices) == nil else { return nil }
        self.devices = devices
        random = SimulationRandom(seed: seed ^ 0xD5_1CE5_0FF1_1E)
    }

    /// The appends of one simulator append, per device, in this order: the phone's deferred
    /// copies first when the watch came back, then the append's events as devices wrote them.
    public mutating func split(_ append: [RecordedEvent]) -> [(device: String, append: [RecordedEvent])] {
        guard let first = append.first else { return [] }
        let moment = first.at.millisecondsSince1970
        var out: [(device: String, append: [RecordedEvent])] = []
        if let until = offlineUntil, moment >= until {
            offlineUntil = nil
            if !deferred.isEmpty {
                // The phone receives what the watch recorded, now.
                out.append(("phone", number(deferred.map { Self.received($0, as: first.event) }, device: "phone")))
                deferred = []
            }
        }
        updateOffline(at: moment)
        var byDevice: [String: [Event]] = [:]
        var order: [String] = []
        func add(_ event: Event, to device: String) {
            if byDevice[device] == nil { order.append(device) }
            byDevice[device, default: []].append(event)
        }
        for recorded in append {
            for device in devices(for: recorded.event) {
                if device == "phone", isHealthData(recorded.event), offlineUntil != nil {
                    deferred.append(recorded.event)
                } else {
                    add(recorded.event, to: device)
                }
            }
        }
        for device in order { out.append((device, number(byDevice[device] ?? [], device: device))) }
        return out
    }

    /// The appends a run still holds when it ends: the phone's deferred copies, if any,
    /// received as the run's `last` event was made.
    public mutating func finish(after last: Event) -> [(device: String, append: [RecordedEvent])] {
        guard !deferred.isEmpty else { return [] }
        defer { deferred = [] }
        return [("phone", number(deferred.map { Self.received($0, as: last) }, device: "phone"))]
    }

    /// The devices that write `event`.
    private mutating func devices(for event: Event) -> [String] {
        if isHealthData(event) { return ["watch", "phone"] }
        switch event.payload {
        case .goalSet, .goalCleared:
            goalCount += 1
            return [goalCount % 2 == 1 ? "phone" : "watch"]
        case .exitRequested:
            let day = Self.day(of: event)
            if exitNight?.day != day { exitNight = (day, offlineUntil == nil && random.chance(0.5)) }
            return ["phone"]
        case .exitConfirmed, .exitCancelled, .freeWindowUsed:
            let splits = exitNight?.day == Self.day(of: event) && exitNight?.splits == true && offlineUntil == nil
            return [splits ? "watch" : "phone"]
        case .checklistItemCompleted, .checklistItemReopened:
            if devices.contains("ipad"), Self.day(of: event) % 3 == 0 { return ["ipad"] }
            return ["phone"]
        default:
            return [event.source == .watch ? "watch" : "phone"]
        }
    }

    /// Whether `event` is HealthKit data, which both the phone and the watch ingest.
    private func isHealthData(_ event: Event) -> Bool {
        switch event.payload {
        case .sleepSampleIngested, .vitalSampleIngested, .sleepSampleDeleted: return true
        default: return false
        }
    }

    /// Starts an offline stretch of the watch, about one night in ten, at the first append
    /// of a new UTC day.
    private mutating func updateOffline(at moment: Int64) {
        let day = moment >= 0 ? moment / 86_400_000 : (moment - 86_399_999) / 86_400_000
        guard lastOfflineCheckDay != day else { return }
        lastOfflineCheckDay = day
        guard offlineUntil == nil, random.chance(0.1) else { return }
        offlineUntil = (day + Int64(random.int(in: 1...3)) + 1) * 86_400_000 + 18 * 3_600_000
    }

    /// The UTC day of `event`'s `at`, the night its exits belong to for the splitter's choice.
    private static func day(of event: Event) -> Int64 {
        let moment = event.at.millisecondsSince1970 - 12 * 3_600_000
        return moment >= 0 ? moment / 86_400_000 : (moment - 86_399_999) / 86_400_000
    }

    /// `event` ingested by the phone when and where `arrival` was made (its `at` and `tz`;
    /// the content, the sample's own zone included, unchanged).
    private static func received(_ event: Event, as arrival: Event) -> Event {
        var copy = event
        copy.at = arrival.at
        copy.timeZone = arrival.timeZone
        return copy
    }

    /// `events` as the next append of `device`: seqs from its next, a batch when two or more.
    private mutating func number(_ events: [Event], device: String) -> [RecordedEvent] {
        let first = nextSeq[device, default: 1]
        nextSeq[device] = first + events.count
        return events.enumerated().map { index, event in
            RecordedEvent(
                seq: first + index,
                batch: events.count > 1 ? BatchPosition(index: index + 1, count: events.count) : nil,
                event: event)
        }
    }
}
