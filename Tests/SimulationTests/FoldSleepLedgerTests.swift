import TestSupport
import Events
import Foundation
@testable import Projections
import Simulation
import Testing

/// `SleepLedger` keeps its samples compactly and builds a night's record in fewer passes;
/// folded both ways, the same logs give the same samples, records, vitals and rebuild
/// counts. `ReferenceSleepLedger` is the ledger as it was first written: a dictionary of
/// `SleepSample` values by id and a record builder that filters and unions them one
/// question at a time.
@Suite("Sleep ledger: compact storage agrees with the plain one")
struct FoldSleepLedgerTests {
    @Test func aSimulatedLogGivesTheSameSleepBothWays() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 120, seed: 52))
        try Self.expectSameLedgers(EventOrdering.sorted(log.events))
    }

    @Test(arguments: 0..<24)
    func randomDeliveriesGiveTheSameSleepBothWays(seed: Int) throws {
        try Self.expectSameLedgers(RandomSleepLog(seed: UInt64(seed)).events)
    }

    @Test func samplesStartingTogetherTakeTheZoneOfTheLeastId() throws {
        // Three asleep samples start at 23:00Z in three zones; the least id ("A…") was
        // delivered last.
        let start = try Instant(rfc3339: "2026-11-30T23:00:00Z")
        var events: [RecordedEvent] = []
        for (id, zone) in [("c-last", "Asia/Tokyo"), ("b-middle", "America/New_York"), ("A-first", "Europe/Berlin")] {
            let sample = SleepSampleIngested(sampleId: id, stage: .core, start: start, end: start.adding(milliseconds: 3_600_000), timeZone: zone, sourceName: "Watch")
            events.append(RecordedEvent(seq: events.count + 1, event: Event(id: "e-\(id)", at: try Instant(rfc3339: "2026-12-01T09:00:00+01:00"), timeZone: "Europe/Berlin", payload: .sleepSampleIngested(sample))))
        }
        try Self.expectSameLedgers(events)
        var ledger = SleepLedger()
        var warnings = ProjectionWarnings()
        for event in events { ledger.apply(event, warnings: &warnings) }
        let records = ledger.records.values.map(\.timeZone)
        #expect(records.contains("Europe/Berlin"), "\(records)")
    }

    /// The last nights with data before any night agree with listing every night.
    static func expectSameRecentNights(_ ledger: SleepLedger, _ reference: ReferenceSleepLedger) {
        let all = reference.nightsWithData
        guard let first = all.first, let last = all.last else {
            #expect(ledger.nightsWithData(before: LocalDate(daysSince1970: 20_000), last: 3).isEmpty)
            return
        }
        for offset in -1...(last.days(from: first) + 2) {
            let night = first.adding(days: offset)
            for count in [0, 1, 3, 14] {
                #expect(ledger.nightsWithData(before: night, last: count) == Array(all.filter { $0 < night }.suffix(count)), "before \(night.iso), \(count)")
            }
        }
    }

    /// Folds `events` into both ledgers and compares every answer.
    static func expectSameLedgers(_ events: [RecordedEvent]) throws {
        var ledger = SleepLedger()
        var reference = ReferenceSleepLedger()
        var warnings = ProjectionWarnings()
        var referenceWarnings = ProjectionWarnings()
        var ids: Set<String> = []
        for (index, event) in events.enumerated() {
            ledger.apply(event, warnings: &warnings)
            reference.apply(event, warnings: &referenceWarnings)
            if index % 97 == 0 { expectSameRecentNights(ledger, reference) }
            switch event.payload {
            case .sleepSampleIngested(let payload): ids.insert(payload.sampleId)
            case .sleepSampleDeleted(let payload): ids.insert(payload.sampleId)
            default: break
            }
        }
        #expect(warnings == referenceWarnings)
        #expect(ledger.rebuildCount == reference.rebuildCount)
        #expect(ledger.records == reference.records)
        #expect(ledger.nightsWithData == reference.nightsWithData)
        expectSameRecentNights(ledger, reference)
        #expect(ledger.wentToBed == reference.wentToBed)
        for id in ids {
            #expect(ledger.sample(withId: id) == reference.samples[id], "\(id)")
            #expect(ledger.isDeleted(id) == reference.deleted.contains(id))
        }
        let nights = Set(reference.sampleIdsByNight.keys).union(reference.vitalsByNight.keys)
        for night in nights {
            #expect(Set(ledger.samples(of: night)) == Set(reference.samples(of: night)), "night \(night.iso)")
            #expect(ledger.vitals(on: night) == reference.vitalsByNight[night].map(VitalSummary.init(readings:)))
        }
    }
}

/// The sleep ledger as first written (the rules of docs/rules.md §5 and §8.4, one dictionary
/// look-up and one filter at a time).
struct ReferenceSleepLedger {
    var samples: [String: SleepSample] = [:]
    var deleted: Set<String> = []
    var sampleIdsByNight: [LocalDate: Set<String>] = [:]
    var manualByNight: [LocalDate: (log: ManualSleepLogged, zone: String)] = [:]
    var vitalsByNight: [LocalDate: [VitalKind: [Double]]] = [:]
    var vitalIds: [String: (night: LocalDate, kind: VitalKind, value: Double)] = [:]
    var builtRecords: [LocalDate: SleepRecord] = [:]
    var pendingNight: LocalDate?
    var wentToBed: [LocalDate: Instant] = [:]
    var rebuildCount = 0

    var records: [LocalDate: SleepRecord] {
        guard let pendingNight else { return builtRecords }
        var all = builtRecords
        all[pendingNight] = build(pendingNight)
        return all
    }

    var nightsWithData: [LocalDate] {
        var nights = Set(builtRecords.keys)
        if let pendingNight {
            if build(pendingNight) != nil { nights.insert(pendingNight) } else { nights.remove(pendingNight) }
        }
        return nights.sorted()
    }

    mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
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
            guard let reason = SleepLedger.problem(start: payload.start, end: payload.end, at: event.at, allowsInstant: true) ?? (payload.value.isFinite ? nil : "the value is not finite") else {
                record(vital: payload, event: event)
                return
            }
            warnings.skipped(seq: event.seq, rule: .sample, because: "vitalSampleIngested \(reason)")
        case .manualSleepLogged(let payload):
            guard case .date(let night) = payload.night else {
                warnings.skipped(seq: event.seq, rule: .manualSleep, because: "manualSleepLogged names the demo night; demo nights never touch sleep")
                return
            }
            guard NightRange.contains(night, at: event.at) else {
                warnings.skipped(seq: event.seq, rule: .nightRange, because: "manualSleepLogged names night \(night.iso), more than \(NightRange.maximumDistanceInDays) days from its instant")
                return
            }
            let length = payload.wakeTime.millisecondsSince1970 - payload.bedtime.millisecondsSince1970
            guard length > 0, length <= SleepLedger.maximumSampleMilliseconds else {
                warnings.skipped(seq: event.seq, rule: .manualSleep, because: "manualSleepLogged lasts \(length / 1000) s; it lasts more than 0 and at most 24 h")
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

    private mutating func ingest(_ payload: SleepSampleIngested, event: RecordedEvent, warnings: inout ProjectionWarnings) {
        if let reason = SleepLedger.problem(start: payload.start, end: payload.end, at: event.at) {
            warnings.skipped(seq: event.seq, rule: .sample, because: "sleepSampleIngested \(reason)")
            return
        }
        guard !deleted.contains(payload.sampleId) else {
            warnings.skipped(seq: event.seq, rule: .sample, because: "sleepSampleIngested re-delivers a deleted sample; a deleted sample stays deleted")
            return
        }
        guard let sample = SleepLedger.sample(from: payload, eventZone: event.event.timeZone) else {
            warnings.skipped(seq: event.seq, rule: .sample, because: "sleepSampleIngested names an unknown zone")
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

    private mutating func rebuild(_ night: LocalDate) {
        if let pending = pendingNight, pending != night {
            builtRecords[pending] = build(pending)
            rebuildCount += 1
        }
        pendingNight = night
    }

    func samples(of night: LocalDate) -> [SleepSample] {
        (sampleIdsByNight[night] ?? []).compactMap { samples[$0] }
    }

    private func build(_ night: LocalDate) -> SleepRecord? {
        let manual = manualByNight[night]
        return Self.record(night: night, samples: samples(of: night), manual: manual?.log, manualZone: manual?.zone)
    }

    static func record(night: LocalDate, samples: [SleepSample], manual: ManualSleepLogged?, manualZone: String?) -> SleepRecord? {
        let asleep = samples.filter { $0.stage.isAsleep }
        guard !asleep.isEmpty else {
            return manual.flatMap { manualRecord(night: night, manual: $0, zone: manualZone) }
        }
        // The main sleep: runs of asleep intervals joined across gaps under 2 h; the run
        // with the most time asleep wins, a tie going to the earliest.
        let runs = MillisecondInterval.union(asleep.map(\.interval), joiningGapsUnder: SleepRecordBuilder.mainSleepJoin)
        var main = runs[0]
        var mainAsleep = MillisecondInterval.measure(MillisecondInterval.clip(asleep.map(\.interval), to: main))
        for run in runs.dropFirst() {
            let measure = MillisecondInterval.measure(MillisecondInterval.clip(asleep.map(\.interval), to: run))
            if measure > mainAsleep {
                main = run
                mainAsleep = measure
            }
        }
        let asleepUnion = MillisecondInterval.union(MillisecondInterval.clip(asleep.map(\.interval), to: main))
        let onset = main.start
        let finalWake = main.end
        let span = finalWake - onset
        // Gaps inside the main sleep are awake time; those of a minute or more interrupt.
        var interruptions = 0
        for (previous, next) in zip(asleepUnion, asleepUnion.dropFirst()) where next.start - previous.end >= SleepRecordBuilder.interruptionMinimum {
            interruptions += 1
        }
        let awake = span - mainAsleep
        let napMilliseconds = MillisecondInterval.measure(asleep.map(\.interval)) - mainAsleep

        // Stages come from one staged source: the one with most staged time over the night.
        let staged = samples.filter(\.stage.isStaged)
        var stagedBySource: [String: Int64] = [:]
        for source in Set(staged.map(\.sourceName)) {
            stagedBySource[source] = MillisecondInterval.measure(staged.filter { $0.sourceName == source }.map(\.interval))
        }
        let stagedSource = stagedBySource.max { left, right in
            left.value != right.value ? left.value < right.value : left.key > right.key
        }?.key
        func stageMilliseconds(_ stage: SleepStage) -> Int64? {
            guard let stagedSource else { return nil }
            let intervals = samples.filter { $0.sourceName == stagedSource && $0.stage == stage }.map(\.interval)
            return MillisecondInterval.measure(MillisecondInterval.clip(intervals, to: main))
        }

        // Latency: from the start of the in-bed stretch holding the onset.
        let inBed = MillisecondInterval.union(samples.filter { $0.stage == .inBed }.map(\.interval), joiningGapsUnder: SleepRecordBuilder.inBedJoin)
        let holding = inBed.first { $0.start <= onset && onset <= $0.end }
        let latency = holding.map { onset - $0.start }
        let denominator = finalWake - (holding?.start ?? onset)
        let efficiency = denominator > 0 ? Double(mainAsleep) / Double(denominator) : 1

        let onsetSample = asleep.filter { $0.start == onset }.min { $0.sampleId < $1.sampleId }
        let zone = onsetSample?.timeZone ?? asleep[0].timeZone
        let resolver = LocalTimeResolver(identifier: zone)
        func instant(_ milliseconds: Int64) -> Instant {
            let raw = Instant(millisecondsSince1970: milliseconds, utcOffsetSeconds: 0)
            return resolver?.display(raw) ?? raw
        }
        return SleepRecord(
            night: night, onset: instant(onset), finalWake: instant(finalWake), timeZone: zone,
            asleepMilliseconds: mainAsleep,
            coreMilliseconds: stageMilliseconds(.core), deepMilliseconds: stageMilliseconds(.deep), remMilliseconds: stageMilliseconds(.rem),
            stagedSource: stagedSource, awakeMilliseconds: awake, interruptions: interruptions,
            latencyMilliseconds: latency, efficiency: efficiency, napMilliseconds: napMilliseconds, source: .samples
        )
    }

    static func manualRecord(night: LocalDate, manual: ManualSleepLogged, zone: String?) -> SleepRecord? {
        let asleep = manual.wakeTime.millisecondsSince1970 - manual.bedtime.millisecondsSince1970
        guard asleep > 0 else { return nil }
        let resolver = zone.flatMap(LocalTimeResolver.init(identifier:))
        return SleepRecord(
            night: night,
            onset: resolver?.display(manual.bedtime) ?? manual.bedtime,
            finalWake: resolver?.display(manual.wakeTime) ?? manual.wakeTime,
            timeZone: zone ?? "",
            asleepMilliseconds: asleep, coreMilliseconds: nil, deepMilliseconds: nil, remMilliseconds: nil,
            stagedSource: nil, awakeMilliseconds: 0, interruptions: 0, latencyMilliseconds: nil,
            efficiency: 1, napMilliseconds: 0, source: .manual
        )
    }
}

/// Random deliveries of sleep samples, vitals and manual nights over ten nights: ids as
/// HealthKit's UUIDs (either case) or short texts, re-delivered unchanged or changed (to
/// another night too), deleted, in several sources (two of them the same name in other
/// bytes, equal as strings) and zones (one unknown), with samples
/// starting together (the onset's zone then goes to the least id), naps, in-bed stretches,
/// and intervals a rule refuses. The same seed gives the same log.
struct RandomSleepLog {
    static let sources = ["Apple Watch", "AutoSleep", "iPhone", "Noah\u{2019}s Apple Watch", "Caf\u{e9} Watch", "Cafe\u{301} Watch"]
    static let zones: [String?] = [nil, "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Mars/Olympus"]
    static let eventZones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata"]

    let events: [RecordedEvent]

    init(seed: UInt64) throws {
        var random = SplitMix(seed: seed &+ 0x51EE9)
        var events: [RecordedEvent] = []
        let ids = (0..<60).map { index -> String in
            switch index % 3 {
            case 0: return FoldStorageUUID.text(index: index, seed: seed, lowercase: false)
            case 1: return FoldStorageUUID.text(index: index, seed: seed, lowercase: true)
            default: return "s\(index)"
            }
        }
        // 2026-10-20 12:00 UTC, over the autumn change.
        var moment: Int64 = 20_746 * 86_400_000 + 43_200_000
        let minute: Int64 = 60_000
        for _ in 0..<500 {
            moment += Int64(random.next(below: 90)) * minute
            let zone = Self.eventZones[random.next(below: Self.eventZones.count)]
            let at = Instant(millisecondsSince1970: moment, utcOffsetSeconds: 0)
            let start = moment - Int64(random.next(below: 20 * 60)) * minute - Int64(random.next(below: 60_000))
            let length: Int64
            switch random.next(below: 30) {
            case 0: length = 0
            case 1: length = 25 * 60 * minute
            default: length = Int64(1 + random.next(below: 180)) * minute + Int64(random.next(below: 1000))
            }
            let payload: EventPayload
            switch random.next(below: 20) {
            case 0, 1:
                payload = .sleepSampleDeleted(SleepSampleDeleted(sampleId: random.next(below: 4) == 0 ? "never-seen" : ids[random.next(below: ids.count)]))
            case 2, 3, 4:
                let kind = VitalKind.allCases[random.next(below: VitalKind.allCases.count)]
                payload = .vitalSampleIngested(VitalSampleIngested(
                    sampleId: ids[random.next(below: ids.count)], kind: kind, value: Double(random.next(below: 200)) / 4,
                    unit: "unit", start: Instant(millisecondsSince1970: start, utcOffsetSeconds: 0),
                    end: Instant(millisecondsSince1970: start + (random.next(below: 3) == 0 ? 0 : length), utcOffsetSeconds: 0)))
            case 5:
                let night = LocalDate(daysSince1970: Int(moment / 86_400_000) - random.next(below: 2))
                let bedtime = Instant(millisecondsSince1970: start, utcOffsetSeconds: 0)
                payload = .manualSleepLogged(ManualSleepLogged(night: .date(night), bedtime: bedtime, wakeTime: bedtime.adding(milliseconds: length)))
            case 6:
                payload = .wentToBed(NightAction(night: .date(LocalDate(daysSince1970: Int(moment / 86_400_000) - random.next(below: 2)))))
            default:
                // A third start at one of three instants of the evening, so that samples
                // start together (and the least id decides the onset's zone).
                let evening = (moment - 43_200_000) / 86_400_000 * 86_400_000 + 79_200_000
                let aligned = random.next(below: 3) == 0 ? evening + Int64(random.next(below: 3)) * 30 * minute : start
                payload = .sleepSampleIngested(SleepSampleIngested(
                    sampleId: ids[random.next(below: ids.count)], stage: SleepStage.allCases[random.next(below: SleepStage.allCases.count)],
                    start: Instant(millisecondsSince1970: aligned, utcOffsetSeconds: 0),
                    end: Instant(millisecondsSince1970: aligned + length, utcOffsetSeconds: 0),
                    timeZone: Self.zones[random.next(below: Self.zones.count)], sourceName: Self.sources[random.next(below: Self.sources.count)]))
            }
            let seq = events.count + 1
            events.append(RecordedEvent(seq: seq, event: Event(id: "sleep-\(seed)-\(seq)", at: at, timeZone: zone, source: .health, payload: payload)))
        }
        self.events = events
    }
}

/// Reproducible UUID texts for the random logs.
enum FoldStorageUUID {
    static func text(index: Int, seed: UInt64, lowercase: Bool) -> String {
        var random = SplitMix(seed: seed &* 1_000_003 &+ UInt64(index))
        let hex = (0..<32).map { _ in String(random.next(below: 16), radix: 16, uppercase: !lowercase) }
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { hex[$0].joined() }.joined(separator: "-")
    }
}
