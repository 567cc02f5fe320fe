import Events

/// Sleep from health data (docs/rules.md §5): the samples of
/// each night, deleted samples, manual logs, vitals, the first `wentToBed` of each night,
/// and each night's `SleepRecord`.
///
/// A sample belongs to the night whose noon-to-noon window, in the sample's own zone (else
/// its event's), holds its start. Re-ingesting a `sampleId` replaces the sample; a deleted
/// `sampleId` stays deleted. Ingesting or deleting rebuilds only the nights touched
/// (`rebuildCount` counts them, for tests and the benchmark).
///
/// Memory and time per sample stay small on long logs: a sample is held in 48 bytes (its
/// id as 128 bits when it is a UUID, its source and zone as numbers of names held once),
/// found by id through `SampleKeyTable`, placed in its night by a zone offset remembered
/// between the zone's offset changes (`ZoneClock`), and kept in its night in order of
/// start, so that a night's record is built in one pass over its samples.
public struct SleepLedger: Projection, Hashable {
    /// A sample as the ledger holds it (48 bytes): its id as a `SampleKey`, its names
    /// numbered in `names`, its length (at most 24 h) and night as 32-bit numbers.
    struct StoredSample: Sendable, Hashable {
        var start: Int64
        var key: SampleKey
        var milliseconds: UInt32
        /// The night, as days since 1970.
        var night: Int32
        var source: UInt32
        var zone: UInt32
        var stage: SleepStage

        var end: Int64 { start + Int64(milliseconds) }
        var nightDate: LocalDate { LocalDate(daysSince1970: Int(night)) }
    }

    /// A name's zone, once looked up: unknown, or its offsets.
    private enum ZoneLookup: Sendable {
        case unchecked, unknown
        case known(ZoneClock)
    }

    /// The samples held, by slot (a deleted sample's slot is free, in `freeSlots`).
    private var stored: [StoredSample] = []
    private var freeSlots: [Int32] = []
    /// The slot of each sample's key; `nil` after a checkpoint was read, until first needed
    /// (`placeKeys()`: opening a store never waits for it, and a lookup before then scans
    /// the samples).
    private var sampleSlots: SampleKeyTable? = SampleKeyTable()
    private var deleted: Set<SampleKey> = []
    /// The slots of each night's samples, in order of start (nights as days since 1970).
    private var slotsByNight = NightSlotLists()
    /// Source and zone names, held once each.
    private var names = NameTable()
    /// The zone of each name used as one (indexed by name number).
    private var zoneLookups: [ZoneLookup] = []
    /// The last names seen, the ones the next sample most likely has.
    private var lastZone: (name: String, number: UInt32)?
    private var lastSource: (name: String, number: UInt32)?
    private var manualByNight: [LocalDate: ManualNight] = [:]
    private var vitalsByNight = NightVitalLists()
    /// The vital readings held, by slot, and the slot of each reading's key (as `sampleSlots`).
    private var heldVitals: [HeldVital] = []
    private var vitalSlots: SampleKeyTable? = SampleKeyTable()
    /// The ids `healthSampleDeleted` deleted (tombstones): a vital reading held under one is
    /// removed, and a later reading under it is skipped (a deleted sample stays deleted).
    /// `HealthSamples` keeps the same ids for caffeine samples and workouts.
    private var deletedVitals: Set<SampleKey> = []
    /// Whether the keys' tables are placed (for tests: a state read from a checkpoint places
    /// them when first needed).
    var keysPlaced: Bool { sampleSlots != nil && vitalSlots != nil }
    /// Each night's sample slots, as a checkpoint holds them (for tests).
    var slotColumns: NightSlotColumns { slotsByNight.columns }
    /// The records built so far; the night being delivered (`pendingNight`) is built when
    /// the next sleep event for another night arrives, or on demand.
    /// (`builtRecords[i]` is the record of night `builtDays[i]`.)
    private var builtRecords: [SleepRecord] = []
    /// The nights of `builtRecords`, as days since 1970, in order.
    private var builtDays: [Int32] = []
    /// The night whose samples are arriving now: its record is built once for the whole
    /// delivery (HealthKit delivers a night's samples together), not once per sample.
    private var pendingNight: LocalDate? {
        pendingDay.map { LocalDate(daysSince1970: Int($0)) }
    }
    /// `pendingNight` as days since 1970.
    private var pendingDay: Int32?
    /// The first `wentToBed` of each real night.
    public private(set) var wentToBed: [LocalDate: Instant] = [:]
    /// How many night records folding has built (a night's delivery counts once).
    package private(set) var rebuildCount = 0
    /// The nights (days since 1970) whose record was built since `takeBuiltNights()` last
    /// took them: `LogState` takes them after each event (for `StreakNights`). Never
    /// encoded, left out of equality.
    private var builtSinceTaken: [Int32] = []

    /// The night whose samples are arriving now (its record is built on demand), as days
    /// since 1970.
    var pendingNightNumber: Int32? { pendingDay }

    /// The nights whose record was built (and may have changed, or gone) since the last
    /// call, as days since 1970.
    mutating func takeBuiltNights() -> [Int32] {
        guard !builtSinceTaken.isEmpty else { return [] }
        defer { builtSinceTaken.removeAll(keepingCapacity: true) }
        return builtSinceTaken
    }

    /// The record of `night`, `nil` without one.
    public func record(for night: LocalDate) -> SleepRecord? {
        night == pendingNight ? build(night) : builtRecord(of: Int32(night.daysSince1970))
    }

    /// The record built for `day` (days since 1970), if any.
    private func builtRecord(of day: Int32) -> SleepRecord? {
        let position = Self.firstPosition(of: day, in: builtDays)
        return position < builtDays.count && builtDays[position] == day ? builtRecords[position] : nil
    }

    /// Every night's record.
    public var records: [LocalDate: SleepRecord] {
        var all = [LocalDate: SleepRecord](minimumCapacity: builtRecords.count + 1)
        for record in builtRecords { all[record.night] = record }
        guard let pendingNight else { return all }
        all[pendingNight] = build(pendingNight)
        return all
    }

    public init() {}

    public static func == (left: SleepLedger, right: SleepLedger) -> Bool {
        left.records == right.records && left.wentToBed == right.wentToBed && left.deleted == right.deleted
            && left.samplesByKey == right.samplesByKey && left.vitalNights == right.vitalNights
            && left.deletedVitals == right.deletedVitals
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(records.count)
        hasher.combine(stored.count - freeSlots.count)
    }

    private var vitalNights: [LocalDate: VitalSummary] {
        var nights: [LocalDate: VitalSummary] = [:]
        for (night, summary) in vitalsByNight.summaries { nights[LocalDate(daysSince1970: Int(night))] = summary }
        return nights
    }

    /// Every sample held, by key.
    private var samplesByKey: [SampleKey: SleepSample] {
        let free = Set(freeSlots)
        var samples: [SampleKey: SleepSample] = [:]
        for slot in stored.indices where !free.contains(Int32(slot)) {
            samples[stored[slot].key] = sample(in: Int32(slot))
        }
        return samples
    }

    /// The longest a sample may last (docs/rules.md §8.4).
    public static let maximumSampleMilliseconds: Int64 = SampleInterval.maximumMilliseconds

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        fold(event, warnings: &warnings)
    }

    /// Folds `event`, answering whether it was applied or skipped (for `LogState`).
    @discardableResult
    package mutating func fold(_ event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        switch event.payload {
        case .sleepSampleIngested(let payload):
            return ingest(payload, event: event, warnings: &warnings)
        case .sleepSampleDeleted(let payload):
            let key = payload.sampleIdentifier
            deleted.insert(key)
            placeKeys()
            if let slot = sampleSlots?.remove(hash: SampleKeyTable.hash(key), matches: { stored[Int($0)].key == key }) {
                let night = stored[Int(slot)].night
                removeSlot(slot, from: night)
                freeSlots.append(slot)
                rebuild(night)
            }
            return .applied
        case .vitalSampleIngested(let payload):
            guard let reason = SampleInterval.check(start: payload.start, end: payload.end, at: event.at, allowsInstant: true)?.warningText ?? (payload.value.isFinite ? nil : "the value is not finite") else {
                guard deletedVitals.isEmpty || !deletedVitals.contains(payload.sampleIdentifier) else {
                    return warnings.skip(seq: event.seq, rule: .sample, because: HealthSamples.deletedReason("vitalSampleIngested"))
                }
                record(vital: payload, event: event)
                return .applied
            }
            return warnings.skip(seq: event.seq, rule: .sample, because: "vitalSampleIngested \(reason)")
        case .healthSampleDeleted(let payload):
            let key = payload.sampleIdentifier
            deletedVitals.insert(key)
            placeKeys()
            removeVital(key)
            return .applied
        case .manualSleepLogged(let payload):
            guard case .date(let night) = payload.night else {
                return warnings.skip(seq: event.seq, rule: .manualSleep, because: "manualSleepLogged names the demo night; demo nights never touch sleep")
            }
            guard NightRange.admits(night, of: event, warnings: &warnings) else { return .skipped(.nightRange) }
            guard SampleInterval.checkLength(start: payload.bedtime, end: payload.wakeTime) == nil else {
                let length = payload.wakeTime.millisecondsSince1970 - payload.bedtime.millisecondsSince1970
                return warnings.skip(seq: event.seq, rule: .manualSleep, because: "manualSleepLogged lasts \(length / 1000) s; it lasts more than 0 and at most 24 h")
            }
            manualByNight[night] = ManualNight(log: payload, zone: event.event.timeZone)
            rebuild(Int32(night.daysSince1970))
            return .applied
        case .wentToBed(let payload):
            // Out of range, the event is ignored without a warning (only the first counts).
            if case .date(let night) = payload.night, wentToBed[night] == nil, NightRange.contains(night, at: event.at) {
                wentToBed[night] = event.at
                return .applied
            }
            return .ignored
        default:
            return .ignored
        }
    }

    /// Why a sample's interval is refused, if it is (docs/rules.md §8.4: more than 0 and at most
    /// 24 h, ending no later than a day after its event). A vital reading may be taken at an
    /// instant (HealthKit gives SpO2 with start = end), so `allowsInstant` admits 0.
    /// The fold's text for `SampleInterval.check(start:end:at:allowsInstant:)`.
    package static func problem(start: Instant, end: Instant, at: Instant, allowsInstant: Bool = false) -> String? {
        SampleInterval.check(start: start, end: end, at: at, allowsInstant: allowsInstant)?.warningText
    }

    private mutating func ingest(_ payload: SleepSampleIngested, event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        if let rejection = SampleInterval.check(start: payload.start, end: payload.end, at: event.at) {
            return warnings.skip(seq: event.seq, rule: .sample, because: "sleepSampleIngested \(rejection.warningText)")
        }
        let key = payload.sampleIdentifier
        guard deleted.isEmpty || !deleted.contains(key) else {
            return warnings.skip(seq: event.seq, rule: .sample, because: "sleepSampleIngested re-delivers a deleted sample; a deleted sample stays deleted")
        }
        let zone = zoneNumber(of: payload.timeZone ?? event.event.timeZone)
        guard case .known(var clock) = zoneLookups[Int(zone)] else {
            return warnings.skip(seq: event.seq, rule: .sample, because: "sleepSampleIngested names an unknown zone")
        }
        let start = payload.start.millisecondsSince1970
        let night = clock.nightDay(of: start)
        zoneLookups[Int(zone)] = .known(clock)
        let sample = StoredSample(
            start: start, key: key, milliseconds: UInt32(payload.end.millisecondsSince1970 - start),
            night: night, source: sourceNumber(of: payload.sourceName), zone: zone, stage: payload.stage
        )
        let slot: Int32
        let hash = SampleKeyTable.hash(key)
        placeKeys()
        if let held = sampleSlots?.slot(hash: hash, matches: { stored[Int($0)].key == key }) {
            slot = held
            let previous = stored[Int(slot)]
            if same(previous, sample) { return .applied }
            removeSlot(slot, from: previous.night)
            if previous.night != sample.night { rebuild(previous.night) }
            stored[Int(slot)] = sample
        } else if let free = freeSlots.popLast() {
            slot = free
            stored[Int(slot)] = sample
            sampleSlots?.insert(hash: hash, slot: slot)
        } else {
            slot = Int32(stored.count)
            stored.append(sample)
            sampleSlots?.insert(hash: hash, slot: slot)
        }
        // Each night's slots are kept in order of their samples' starts (most come in order).
        let held = stored
        slotsByNight.insert(slot, into: sample.night) { held[Int($0)].start > sample.start }
        rebuild(sample.night)
        return .applied
    }

    /// Whether two samples of the same key are equal as `SleepSample` values (names by
    /// string equality).
    private func same(_ left: StoredSample, _ right: StoredSample) -> Bool {
        left.start == right.start && left.milliseconds == right.milliseconds && left.stage == right.stage
            && left.night == right.night && names.same(left.source, right.source) && names.same(left.zone, right.zone)
    }

    /// Takes `slot` out of the samples of `night`.
    private mutating func removeSlot(_ slot: Int32, from night: Int32) {
        slotsByNight.remove(slot, from: night)
    }

    /// The number of zone `name`, its zone looked up once.
    private mutating func zoneNumber(of name: String) -> UInt32 {
        if let last = lastZone, NameTable.sameBytes(last.name, name) { return last.number }
        let number = names.number(of: name)
        while zoneLookups.count < names.names.count { zoneLookups.append(.unchecked) }
        if case .unchecked = zoneLookups[Int(number)] {
            zoneLookups[Int(number)] = LocalTimeResolver(identifier: name).map { .known(ZoneClock(resolver: $0)) } ?? .unknown
        }
        lastZone = (name, number)
        return number
    }

    /// The number of source `name`.
    private mutating func sourceNumber(of name: String) -> UInt32 {
        if let last = lastSource, NameTable.sameBytes(last.name, name) { return last.number }
        let number = names.number(of: name)
        while zoneLookups.count < names.names.count { zoneLookups.append(.unchecked) }
        lastSource = (name, number)
        return number
    }

    /// The resolver of zone number `zone`, if the zone is known.
    private func resolver(ofZone zone: UInt32) -> LocalTimeResolver? {
        guard Int(zone) < zoneLookups.count, case .known(let clock) = zoneLookups[Int(zone)] else { return nil }
        return clock.resolver
    }

    private mutating func record(vital: VitalSampleIngested, event: RecordedEvent) {
        let zone = zoneNumber(of: event.event.timeZone)
        guard case .known(var clock) = zoneLookups[Int(zone)] else { return }
        let night = clock.nightDay(of: vital.start.millisecondsSince1970)
        zoneLookups[Int(zone)] = .known(clock)
        let key = vital.sampleIdentifier
        let hash = SampleKeyTable.hash(key)
        let held = HeldVital(key: key, night: night, kind: vital.kind, value: vital.value)
        placeKeys()
        if let slot = vitalSlots?.slot(hash: hash, matches: { heldVitals[Int($0)].key == key }) {
            let previous = heldVitals[Int(slot)]
            vitalsByNight.removeFirst(previous.value, of: previous.kind, from: previous.night)
            heldVitals[Int(slot)] = held
        } else {
            vitalSlots?.insert(hash: hash, slot: Int32(heldVitals.count))
            heldVitals.append(held)
        }
        vitalsByNight.append(vital.value, of: vital.kind, to: night)
    }

    /// Removes the vital reading held under `key`, if any: from its night's readings, and
    /// from `heldVitals` (the last reading takes its slot).
    private mutating func removeVital(_ key: SampleKey) {
        guard let slot = vitalSlots?.remove(hash: SampleKeyTable.hash(key), matches: { heldVitals[Int($0)].key == key }) else { return }
        let removed = heldVitals[Int(slot)]
        vitalsByNight.removeFirst(removed.value, of: removed.kind, from: removed.night)
        let last = Int32(heldVitals.count - 1)
        if slot != last {
            let moved = heldVitals[Int(last)]
            let movedHash = SampleKeyTable.hash(moved.key)
            _ = vitalSlots?.remove(hash: movedHash, matches: { $0 == last })
            vitalSlots?.insert(hash: movedHash, slot: slot)
            heldVitals[Int(slot)] = moved
        }
        heldVitals.removeLast()
    }

    /// Whether `sampleId` was deleted by `healthSampleDeleted` (a vital reading under it
    /// stays deleted).
    public func isVitalDeleted(_ sampleId: String) -> Bool {
        deletedVitals.contains(SampleKey(sampleId))
    }

    /// Marks `night` as changed: the night pending before it (another night) is built now.
    private mutating func rebuild(_ night: Int32) {
        if let pending = pendingDay, pending != night {
            let date = LocalDate(daysSince1970: Int(pending))
            let record = build(date)
            let position = Self.firstPosition(of: pending, in: builtDays)
            let isListed = position < builtDays.count && builtDays[position] == pending
            switch (record, isListed) {
            case (let record?, true):
                builtRecords[position] = record
            case (let record?, false):
                builtDays.insert(pending, at: position)
                builtRecords.insert(record, at: position)
            case (nil, true):
                builtDays.remove(at: position)
                builtRecords.remove(at: position)
            case (nil, false):
                break
            }
            rebuildCount += 1
            builtSinceTaken.append(pending)
        }
        pendingDay = night
    }

    /// The sample in `slot`, as the public value.
    private func sample(in slot: Int32) -> SleepSample {
        let held = stored[Int(slot)]
        return SleepSample(
            sampleId: held.key.text, stage: held.stage, start: held.start, end: held.end,
            sourceName: names[held.source], timeZone: names[held.zone], night: held.nightDate
        )
    }

    /// The samples held for `night`, in no particular order.
    func samples(of night: LocalDate) -> [SleepSample] {
        slotsByNight.slots(of: Int32(night.daysSince1970)).map(sample(in:))
    }

    private func build(_ night: LocalDate) -> SleepRecord? {
        let slots = slotsByNight.slots(of: Int32(night.daysSince1970))
        let nightSamples = slots.map { slot in
            let held = stored[Int(slot)]
            return SleepRecordBuilder.Sample(start: held.start, end: held.end, stage: held.stage, source: names.stringEqualNumber(held.source), zone: held.zone, slot: slot)
        }
        let manual = manualByNight[night]
        let builderNames = SleepRecordBuilder.Names(name: { names[$0] }, resolver: { resolver(ofZone: $0) }, sampleId: { stored[Int($0)].key.text })
        return SleepRecordBuilder.record(night: night, samples: nightSamples, manual: manual?.log, manualZone: manual?.zone, names: builderNames)
    }

    /// The stretches `night`'s record counts as asleep, in its main sleep and its naps, as
    /// sorted disjoint half-open intervals: its asleep samples' union, or a manual night's
    /// [bedtime, wakeTime) (docs/rules.md §12); empty without a record.
    func asleepIntervals(of night: LocalDate) -> [MillisecondInterval] {
        var samples = slotsByNight.slots(of: Int32(night.daysSince1970)).map { slot in
            let held = stored[Int(slot)]
            return SleepRecordBuilder.Sample(start: held.start, end: held.end, stage: held.stage, source: 0, zone: 0, slot: slot)
        }
        samples.sort { $0.start < $1.start }
        let pieces = SleepRecordBuilder.asleepPieces(sortedSamples: samples)
        guard pieces.isEmpty, let manual = manualByNight[night]?.log else { return pieces }
        let interval = MillisecondInterval(start: manual.bedtime.millisecondsSince1970, end: manual.wakeTime.millisecondsSince1970)
        return interval.length > 0 ? [interval] : []
    }

    /// The stretches `night`'s record counts as asleep (main sleep and naps; a manual night's
    /// bedtime to wake time), oldest first, as half-open ranges of UTC instants: what the
    /// regularity index reads, and what a sleep raster draws (docs/rules.md §12).
    public func asleepStretches(of night: LocalDate) -> [Range<Instant>] {
        asleepIntervals(of: night).map {
            Instant(millisecondsSince1970: $0.start, utcOffsetSeconds: 0)..<Instant(millisecondsSince1970: $0.end, utcOffsetSeconds: 0)
        }
    }

    /// The sample held under `sampleId`, if any.
    public func sample(withId sampleId: String) -> SleepSample? {
        let key = SampleKey(sampleId)
        return heldSlot(of: key).map(sample(in:))
    }

    /// The night of the sample held under `sampleId`, if any: `sample(withId:)?.night`
    /// without building the sample.
    public func night(ofSampleId sampleId: String) -> LocalDate? {
        let key = SampleKey(sampleId)
        return heldSlot(of: key).map { stored[Int($0)].nightDate }
    }

    /// The slot of the sample held under `key`, if any: by `sampleSlots`, or by a scan of
    /// the samples while it is not placed (a free slot may still hold a deleted key).
    private func heldSlot(of key: SampleKey) -> Int32? {
        if let sampleSlots { return sampleSlots.slot(hash: SampleKeyTable.hash(key), matches: { stored[Int($0)].key == key }) }
        return stored.indices.first { stored[$0].key == key && !freeSlots.contains(Int32($0)) }.map { Int32($0) }
    }

    /// Places the keys of the samples and vital readings held in `sampleSlots` and
    /// `vitalSlots`, when they are not placed (after a checkpoint was read).
    private mutating func placeKeys() {
        if sampleSlots == nil {
            let isFree = freeSlotMask()
            var held: [Int32] = []
            held.reserveCapacity(stored.count - freeSlots.count)
            for slot in stored.indices where !isFree[slot] { held.append(Int32(slot)) }
            let samples = stored
            sampleSlots = SampleKeyTable(placing: held) { samples[Int($0)].key }
        }
        if vitalSlots == nil {
            let vitals = heldVitals
            vitalSlots = SampleKeyTable(placing: Array(0..<Int32(vitals.count))) { vitals[Int($0)].key }
        }
    }

    /// Whether each slot of `stored` is free (`freeSlots` as a mask).
    private func freeSlotMask() -> [Bool] {
        var isFree = [Bool](repeating: false, count: stored.count)
        for slot in freeSlots { isFree[Int(slot)] = true }
        return isFree
    }

    /// Whether `sampleId` was deleted (a deleted sample stays deleted).
    public func isDeleted(_ sampleId: String) -> Bool {
        deleted.contains(SampleKey(sampleId))
    }

    /// The sample `payload` would become, folded with an event in `eventZone`.
    package static func sample(from payload: SleepSampleIngested, eventZone: String) -> SleepSample? {
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
        vitalsByNight.summary(of: Int32(night.daysSince1970))
    }

    /// Every night with a sleep record, oldest first.
    public var nightsWithData: [LocalDate] {
        nightsWithData(in: builtDays[...])
    }

    /// The last `count` nights with a sleep record before `night`, oldest first
    /// (`nightsWithData.filter { $0 < night }.suffix(count)`, without listing every night).
    public func nightsWithData(before night: LocalDate, last count: Int) -> [LocalDate] {
        let end = Self.firstPosition(of: Int32(night.daysSince1970), in: builtDays)
        // One night more than asked, in case the pending night turns out to have no record.
        let candidates = builtDays[max(0, end - count - 1)..<end]
        let nights = nightsWithData(in: candidates, before: Int32(night.daysSince1970))
        return Array(nights.suffix(count))
    }

    /// The nights with a sleep record that `nights` keeps, oldest first
    /// (`nightsWithData.filter(nights.contains)`, without listing every night).
    public func nightsWithData(in nights: NightFilter) -> [LocalDate] {
        let first = nights.from.map { Int32($0.daysSince1970) }
        let limit = nights.to.map { Int32($0.daysSince1970) + 1 }
        let start = first.map { Self.firstPosition(of: $0, in: builtDays) } ?? 0
        let end = limit.map { Self.firstPosition(of: $0, in: builtDays) } ?? builtDays.count
        return nightsWithData(in: builtDays[start..<max(start, end)], from: first, before: limit)
    }

    /// The nights of `days` (built nights with records, in order), with the pending night
    /// added or taken out by its record, from `first` and before `limit` when there are
    /// ones.
    private func nightsWithData(in days: ArraySlice<Int32>, from first: Int32? = nil, before limit: Int32? = nil) -> [LocalDate] {
        var days = Array(days)
        if let pendingDay, first.map({ pendingDay >= $0 }) ?? true, limit.map({ pendingDay < $0 }) ?? true {
            let position = Self.firstPosition(of: pendingDay, in: days)
            let isListed = position < days.count && days[position] == pendingDay
            let hasRecord = build(LocalDate(daysSince1970: Int(pendingDay))) != nil
            if hasRecord, !isListed { days.insert(pendingDay, at: position) }
            if !hasRecord, isListed { days.remove(at: position) }
        }
        return days.map { LocalDate(daysSince1970: Int($0)) }
    }

    /// The position of the first day of `days` (in order) at or after `day`.
    private static func firstPosition(of day: Int32, in days: [Int32]) -> Int {
        days.partitioningIndex { $0 >= day }
    }
}

/// A vital reading held under its id: its id, night (days since 1970), kind and value.
struct HeldVital: Sendable {
    var key: SampleKey
    var night: Int32
    var kind: VitalKind
    var value: Double
}

/// A manual sleep log held for its night, with its event's zone.
struct ManualNight: Sendable {
    var log: ManualSleepLogged
    var zone: String
}

// MARK: Checkpoint

extension SleepLedger: StateCodable {
    package static var placeholder: SleepLedger { SleepLedger() }

    /// Everything held, exactly: the names and which of them were looked up as zones, the
    /// samples by slot (free slots too) as columns, the free slots, the deleted keys (in key
    /// order), each night's slots in their order, the manual logs, the vitals (each night's
    /// readings in the order they came, as their means depend on it), the readings held as
    /// columns, the vitals' deleted keys, the records built (with room to grow), the pending night, the bed times and
    /// the rebuild count. Left out and rebuilt: the records' nights (theirs), the key tables
    /// (`SampleKeyTable`, placed when first needed: placing them costs about 1.4 ms on a
    /// 10-year log, which an open from a checkpoint does not wait for), each zone's
    /// remembered offset (`ZoneClock`, asked afresh), the last names and nights seen.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        if Coder.isReading { self = SleepLedger() }
        try coder.field("SleepLedger.names", &names)
        try coder.field("SleepLedger.zoneLookups") { coder throws(Coder.Failure) in try describeZoneLookups(&coder) }
        try coder.field("SleepLedger.stored") { coder throws(Coder.Failure) in try describeSamples(&coder) }
        var isFree: [Bool] = []
        try coder.field("SleepLedger.freeSlots") { coder throws(Coder.Failure) in
            try coder.bulk(&freeSlots, growing: false)
            if Coder.isReading { isFree = try checkedFreeSlots(&coder) }
        }
        try coder.field("SleepLedger.deleted", &deleted)
        try coder.field("SleepLedger.slotsByNight") { coder throws(Coder.Failure) in
            var columns = Coder.isReading ? NightSlotColumns() : slotsByNight.columns
            try columns.describeState(&coder)
            guard Coder.isReading else { return }
            let samples = stored
            let built = NightSlotLists(columns: columns, isFree: isFree) { samples[$0].night }
            try coder.check(built != nil, "a slot is out of range, free, repeated or of another night, a night is repeated, or a sample held is in no night")
            slotsByNight = built ?? NightSlotLists()
        }
        try coder.field("SleepLedger.manualByNight", &manualByNight)
        try coder.field("SleepLedger.vitalsByNight", &vitalsByNight)
        try coder.field("SleepLedger.heldVitals") { coder throws(Coder.Failure) in try describeVitals(&coder) }
        try coder.field("SleepLedger.deletedVitals", &deletedVitals)
        try coder.field("SleepLedger.builtRecords") { coder throws(Coder.Failure) in
            try builtRecords.describeState(&coder, growing: true)
            guard Coder.isReading else { return }
            builtDays.reserveCapacity(StateCoding.growthCapacity(builtRecords.count))
            builtDays.append(contentsOf: builtRecords.lazy.map { Int32(truncatingIfNeeded: $0.night.daysSince1970) })
            try coder.check(zip(builtDays, builtDays.dropFirst()).allSatisfy { $0 < $1 }, "the nights are not in order")
        }
        try coder.field("SleepLedger.pendingDay", &pendingDay)
        try coder.field("SleepLedger.wentToBed", &wentToBed)
        try coder.field("SleepLedger.rebuildCount", &rebuildCount)
        if Coder.isReading {
            sampleSlots = nil
            vitalSlots = nil
        }
    }

    /// The samples by slot: their count, then their columns in bulk (start, length, night,
    /// source and zone numbers, stage), then their keys (`SampleKeys`); read into the
    /// samples with room to grow, each start within the instants' range, each name numbered.
    private mutating func describeSamples<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var count = stored.count
        // 25 bytes of columns and at least one of its key a sample.
        try coder.elementCount(&count, minimumElementSize: 26)
        if Coder.isReading { stored = Self.placeholders(count) }
        try coder.column(&stored, get: { $0.start }, set: { $0.start = $1 })
        try coder.column(&stored, get: { $0.milliseconds }, set: { $0.milliseconds = $1 })
        try coder.column(&stored, get: { $0.night }, set: { $0.night = $1 })
        try coder.column(&stored, get: { $0.source }, set: { $0.source = $1 })
        try coder.column(&stored, get: { $0.zone }, set: { $0.zone = $1 })
        let stages = SleepStage.stateCases
        var stagesKnown = true
        try coder.column(&stored, get: { Self.number(of: $0.stage) }, set: { sample, number in
            if Int(number) < stages.count { sample.stage = stages[Int(number)] } else { stagesKnown = false }
        })
        try coder.check(stagesKnown, "a stage is out of range")
        try SampleKeys.describe(&stored, key: { $0.key }, setKey: { $0.key = $1 }, &coder)
        guard Coder.isReading else { return }
        let nameCount = UInt32(names.names.count)
        let startLimit = UInt64(CheckpointReader.instantLimit)
        try coder.check(stored.allSatisfy { $0.source < nameCount && $0.zone < nameCount }, "a sample's name is out of range")
        try coder.check(stored.allSatisfy { $0.start.magnitude <= startLimit }, "a sample's start is out of range")
    }

    /// The vital readings by slot: their count, then their columns in bulk (night, kind,
    /// value's bit pattern), then their keys; read into the readings with room to grow.
    private mutating func describeVitals<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var count = heldVitals.count
        // 13 bytes of columns and at least one of its key a reading.
        try coder.elementCount(&count, minimumElementSize: 14)
        if Coder.isReading { heldVitals = Self.placeholders(count) }
        try coder.column(&heldVitals, get: { $0.night }, set: { $0.night = $1 })
        let kinds = VitalKind.stateCases
        var kindsKnown = true
        try coder.column(&heldVitals, get: { Self.number(of: $0.kind) }, set: { reading, number in
            if Int(number) < kinds.count { reading.kind = kinds[Int(number)] } else { kindsKnown = false }
        })
        try coder.check(kindsKnown, "a kind is out of range")
        try coder.column(&heldVitals, get: { $0.value.bitPattern }, set: { $0.value = Double(bitPattern: $1) })
        try SampleKeys.describe(&heldVitals, key: { $0.key }, setKey: { $0.key = $1 }, &coder)
    }

    /// `count` placeholders, for columns to be read into, with room to grow.
    private static func placeholders<Element: ColumnPlaceholder>(_ count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: StateCoding.growthCapacity(count)) { buffer, initialized in
            UnsafeMutableBufferPointer(rebasing: buffer[..<count]).initialize(repeating: .placeholder)
            initialized = count
        }
    }

    /// A stage's number in the payload: its place in `SleepStage.stateCases` (pinned by
    /// the layout tests).
    private static func number(of stage: SleepStage) -> UInt8 {
        switch stage {
        case .inBed: 0
        case .asleep: 1
        case .awake: 2
        case .core: 3
        case .deep: 4
        case .rem: 5
        }
    }

    /// A vital kind's number in the payload: its place in `VitalKind.stateCases`.
    private static func number(of kind: VitalKind) -> UInt8 {
        switch kind {
        case .hrv: 0
        case .restingHeartRate: 1
        case .spo2: 2
        case .respiratoryRate: 3
        case .wristTemperature: 4
        }
    }

    /// Which names were looked up as zones, a byte each (0 not, 1 unknown, 2 known); read,
    /// each known zone is looked up again: a zone this platform now answers otherwise (other
    /// time-zone data) refuses the checkpoint. The samples' names must be numbered.
    private mutating func describeZoneLookups<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var codes: [UInt8] = Coder.isReading ? [] : zoneLookups.map { lookup in
            switch lookup {
            case .unchecked: 0
            case .unknown: 1
            case .known: 2
            }
        }
        try coder.bulk(&codes, growing: false)
        guard Coder.isReading else { return }
        try coder.check(codes.count <= names.names.count, "more zones than names")
        zoneLookups.reserveCapacity(codes.count)
        for (number, code) in codes.enumerated() {
            try coder.check(code <= 2, "\(code) is not a zone's state")
            guard code > 0 else {
                zoneLookups.append(.unchecked)
                continue
            }
            let resolver = LocalTimeResolver(identifier: names.names[number])
            try coder.check((resolver != nil) == (code == 2), "zone \(names.names[number].debugDescription) is \(code == 2 ? "unknown" : "known") to this platform's time-zone data, unlike the checkpoint's")
            zoneLookups.append(resolver.map { .known(ZoneClock(resolver: $0)) } ?? .unknown)
        }
    }

    /// Checks the free slots just read (each in range, none twice), and answers which slots
    /// are free.
    private func checkedFreeSlots<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) -> [Bool] {
        var isFree = [Bool](repeating: false, count: stored.count)
        for slot in freeSlots {
            let isValid = slot >= 0 && Int(slot) < stored.count && !isFree[Int(slot)]
            try coder.check(isValid, "slot \(slot) is out of range or repeated")
            if isValid { isFree[Int(slot)] = true }
        }
        return isFree
    }
}

/// An element read from a checkpoint's columns, which starts as a placeholder.
private protocol ColumnPlaceholder {
    /// What an element starts as, before its columns are read into it.
    static var placeholder: Self { get }
}

extension SleepLedger.StoredSample: ColumnPlaceholder {
    static var placeholder: SleepLedger.StoredSample {
        SleepLedger.StoredSample(start: 0, key: .uuid(high: 0, low: 0, lowercase: false), milliseconds: 0, night: 0, source: 0, zone: 0, stage: .inBed)
    }
}

extension HeldVital: ColumnPlaceholder {
    static var placeholder: HeldVital { HeldVital(key: .uuid(high: 0, low: 0, lowercase: false), night: 0, kind: .hrv, value: 0) }
}

extension ManualNight: StateCodable {
    static var placeholder: ManualNight { ManualNight(log: .placeholder, zone: "") }

    /// The log, then its event's zone.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("SleepLedger.manualByNight log", &log)
        try coder.field("SleepLedger.manualByNight zone", &zone)
    }
}
