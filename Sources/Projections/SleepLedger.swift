import Events

/// Sleep from health data (domain.md §5 and the "Sleep" fine points of §8): the samples of
/// each night, deleted samples, manual logs, vitals, the first `wentToBed` of each night,
/// and each night's `SleepRecord`.
///
/// A sample belongs to the night whose noon-to-noon window, in the sample's own zone (else
/// its event's), holds its start. Re-ingesting a `sampleId` replaces the sample; a deleted
/// `sampleId` stays deleted. Ingesting or deleting rebuilds only the nights touched
/// (`rebuildCount` counts them, for tests and the benchmark).
public struct SleepLedger: Projection, Hashable {
    private var samples: [String: SleepSample] = [:]
    private var deleted: Set<String> = []
    private var sampleIdsByNight: [LocalDate: Set<String>] = [:]
    private var manualByNight: [LocalDate: (log: ManualSleepLogged, zone: String)] = [:]
    private var vitalsByNight: [LocalDate: [VitalKind: [Double]]] = [:]
    private var vitalIds: [String: (night: LocalDate, kind: VitalKind, value: Double)] = [:]
    /// The records built so far; the night being delivered (`pendingNight`) is built when
    /// the next sleep event for another night arrives, or on demand.
    private var builtRecords: [LocalDate: SleepRecord] = [:]
    /// The night whose samples are arriving now: its record is built once for the whole
    /// delivery (HealthKit delivers a night's samples together), not once per sample.
    private var pendingNight: LocalDate?
    /// The first `wentToBed` of each real night.
    public private(set) var wentToBed: [LocalDate: Instant] = [:]
    /// How many night records folding has built (a night's delivery counts once).
    public private(set) var rebuildCount = 0

    /// The record of `night`, `nil` without one.
    public func record(for night: LocalDate) -> SleepRecord? {
        night == pendingNight ? build(night) : builtRecords[night]
    }

    /// Every night's record.
    public var records: [LocalDate: SleepRecord] {
        guard let pendingNight else { return builtRecords }
        var all = builtRecords
        all[pendingNight] = build(pendingNight)
        return all
    }

    public init() {}

    public static func == (left: SleepLedger, right: SleepLedger) -> Bool {
        left.records == right.records && left.wentToBed == right.wentToBed && left.deleted == right.deleted
            && left.samples == right.samples && left.vitalNights == right.vitalNights
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(records.count)
        hasher.combine(samples.count)
    }

    private var vitalNights: [LocalDate: VitalSummary] { vitalsByNight.mapValues(VitalSummary.init(readings:)) }

    /// The longest a sample may last (domain.md §8).
    public static let maximumSampleMilliseconds: Int64 = 24 * 3_600_000

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        switch event.payload {
        case .sleepSampleIngested(let payload):
            ingest(payload, event: event, warnings: &warnings)
        case .sleepSampleDeleted(let payload):
            deleted.insert(payload.sampleId)
            if let sample = samples.removeValue(forKey: payload.sampleId) {
                sampleIdsByNight[sample.night]?.remove(payload.sampleId)
                rebuild(sample.night)
            }
        case .vitalSampleIngested(let payload):
            guard let reason = Self.problem(start: payload.start, end: payload.end, at: event.at, allowsInstant: true) ?? (payload.value.isFinite ? nil : "the value is not finite") else {
                record(vital: payload, event: event)
                return
            }
            warnings.skipped(seq: event.seq, because: "vitalSampleIngested \(reason)")
        case .manualSleepLogged(let payload):
            guard case .date(let night) = payload.night else {
                warnings.skipped(seq: event.seq, because: "manualSleepLogged names the demo night; demo nights never touch sleep")
                return
            }
            guard NightRange.contains(night, at: event.at) else {
                warnings.skipped(seq: event.seq, because: "manualSleepLogged names night \(night.iso), more than \(NightRange.maximumDistanceInDays) days from its instant")
                return
            }
            let length = payload.wakeTime.millisecondsSince1970 - payload.bedtime.millisecondsSince1970
            guard length > 0, length <= Self.maximumSampleMilliseconds else {
                warnings.skipped(seq: event.seq, because: "manualSleepLogged lasts \(length / 1000) s; it lasts more than 0 and at most 24 h")
                return
            }
            manualByNight[night] = (payload, event.event.timeZone)
            rebuild(night)
        case .wentToBed(let payload):
            if case .date(let night) = payload.night, wentToBed[night] == nil, NightRange.contains(night, at: event.at) {
                wentToBed[night] = event.at
            }
        default:
            break
        }
    }

    /// Why a sample's interval is refused, if it is (domain.md §8: more than 0 and at most
    /// 24 h, ending no later than a day after its event). A vital reading may be taken at an
    /// instant (HealthKit gives SpO2 with start = end), so `allowsInstant` admits 0.
    public static func problem(start: Instant, end: Instant, at: Instant, allowsInstant: Bool = false) -> String? {
        let length = end.millisecondsSince1970 - start.millisecondsSince1970
        if length < 0 || (length == 0 && !allowsInstant) { return "ends at or before its start" }
        if length > maximumSampleMilliseconds { return "lasts more than 24 h" }
        if end.millisecondsSince1970 > at.millisecondsSince1970 + maximumSampleMilliseconds { return "ends more than a day after its event's instant" }
        return nil
    }

    private mutating func ingest(_ payload: SleepSampleIngested, event: RecordedEvent, warnings: inout ProjectionWarnings) {
        if let reason = Self.problem(start: payload.start, end: payload.end, at: event.at) {
            warnings.skipped(seq: event.seq, because: "sleepSampleIngested \(reason)")
            return
        }
        guard !deleted.contains(payload.sampleId) else {
            warnings.skipped(seq: event.seq, because: "sleepSampleIngested re-delivers a deleted sample; a deleted sample stays deleted")
            return
        }
        guard let sample = Self.sample(from: payload, eventZone: event.event.timeZone) else {
            warnings.skipped(seq: event.seq, because: "sleepSampleIngested names an unknown zone")
            return
        }
        if let previous = samples[payload.sampleId] {
            if previous == sample { return }
            sampleIdsByNight[previous.night]?.remove(previous.sampleId)
            if previous.night != sample.night { rebuild(previous.night) }
        }
        samples[sample.sampleId] = sample
        sampleIdsByNight[sample.night, default: []].insert(sample.sampleId)
        rebuild(sample.night)
    }

    private mutating func record(vital: VitalSampleIngested, event: RecordedEvent) {
        guard let resolver = LocalTimeResolver(identifier: event.event.timeZone) else { return }
        let night = resolver.nightDate(of: vital.start)
        if let previous = vitalIds[vital.sampleId] {
            if let index = vitalsByNight[previous.night]?[previous.kind]?.firstIndex(of: previous.value) {
                vitalsByNight[previous.night]?[previous.kind]?.remove(at: index)
            }
        }
        vitalIds[vital.sampleId] = (night, vital.kind, vital.value)
        vitalsByNight[night, default: [:]][vital.kind, default: []].append(vital.value)
    }

    /// Marks `night` as changed: the night pending before it (another night) is built now.
    private mutating func rebuild(_ night: LocalDate) {
        if let pending = pendingNight, pending != night {
            builtRecords[pending] = build(pending)
            rebuildCount += 1
        }
        pendingNight = night
    }

    /// The samples held for `night`, in no particular order.
    func samples(of night: LocalDate) -> [SleepSample] {
        (sampleIdsByNight[night] ?? []).compactMap { samples[$0] }
    }

    private func build(_ night: LocalDate) -> SleepRecord? {
        let nightSamples = samples(of: night)
        let manual = manualByNight[night]
        return SleepRecordBuilder.record(night: night, samples: nightSamples, manual: manual?.log, manualZone: manual?.zone)
    }

    /// The sample held under `sampleId`, if any.
    public func sample(withId sampleId: String) -> SleepSample? {
        samples[sampleId]
    }

    /// Whether `sampleId` was deleted (a deleted sample stays deleted).
    public func isDeleted(_ sampleId: String) -> Bool {
        deleted.contains(sampleId)
    }

    /// The sample `payload` would become, folded with an event in `eventZone`.
    public static func sample(from payload: SleepSampleIngested, eventZone: String) -> SleepSample? {
        let zone = payload.timeZone ?? eventZone
        guard let resolver = LocalTimeResolver(identifier: zone) else { return nil }
        return SleepSample(
            sampleId: payload.sampleId, stage: payload.stage,
            start: payload.start.millisecondsSince1970, end: payload.end.millisecondsSince1970,
            sourceName: payload.sourceName, timeZone: zone, night: resolver.nightDate(of: payload.start)
        )
    }

    /// The vitals of `night`.
    public func vitals(on night: LocalDate) -> VitalSummary? {
        vitalsByNight[night].map(VitalSummary.init(readings:))
    }

    /// Every night with a sleep record, oldest first.
    public var nightsWithData: [LocalDate] {
        var nights = Set(builtRecords.keys)
        if let pendingNight {
            if build(pendingNight) != nil { nights.insert(pendingNight) } else { nights.remove(pendingNight) }
        }
        return nights.sorted()
    }
}
