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

    /// The samples held, by slot (a deleted sample's slot is free, in `freeSlots`); those of a
    /// mapped checkpoint read in place, with the changes since beside them.
    private var stored = ColumnBackedArray<SampleColumns>()
    private var freeSlots: [Int32] = []
    /// The slot of each sample's key. Read from a checkpoint, the UUID keys are found in its
    /// column, in place; the rest is placed when first needed (`placeKeys()`: opening a store
    /// never waits for it, and a lookup before then scans the samples).
    private var sampleSlots = SampleKeyIndex()
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
    private var manualByNight: [LocalDate: (log: ManualSleepLogged, zone: String)] = [:]
    private var vitalsByNight = NightVitalLists()
    /// The vital readings held, by slot, and the slot of each reading's key (as `sampleSlots`).
    private var heldVitals = ColumnBackedArray<VitalColumns>()
    private var vitalSlots = SampleKeyIndex()
    /// Whether the samples and the vital readings are still read in place from a mapped
    /// checkpoint (for tests: `ColumnBackedArray`).
    var columnsReadInPlace: (samples: Bool, vitals: Bool) { (stored.isReadInPlace, heldVitals.isReadInPlace) }
    /// Whether the samples' and the vital readings' keys are found in a checkpoint's key
    /// columns (for tests: `SampleKeyIndex`; placing drops a column that does not check).
    var keyColumnsInUse: (samples: Bool, vitals: Bool) { (sampleSlots.usesColumn, vitalSlots.usesColumn) }
    /// Whether the keys not in such columns were placed (for tests).
    var keysPlaced: Bool { sampleSlots.isPlaced && vitalSlots.isPlaced }
    /// The samples and vital readings replaced since they were read in place (for tests).
    var replacedInPlace: (samples: Int, vitals: Int) { (stored.replacedCount, heldVitals.replacedCount) }
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
            let key = SampleKey(payload.sampleId)
            deleted.insert(key)
            if !sampleSlots.isPlaced { placeKeys() }
            if let slot = sampleSlots.remove(hash: SampleKeyTable.hash(key), matches: { stored[Int($0)].key == key }) {
                let night = stored[Int(slot)].night
                removeSlot(slot, from: night)
                freeSlots.append(slot)
                rebuild(night)
            }
            return .applied
        case .vitalSampleIngested(let payload):
            guard let reason = SampleInterval.check(start: payload.start, end: payload.end, at: event.at, allowsInstant: true)?.warningText ?? (payload.value.isFinite ? nil : "the value is not finite") else {
                record(vital: payload, event: event)
                return .applied
            }
            return warnings.skip(seq: event.seq, rule: .sample, because: "vitalSampleIngested \(reason)")
        case .manualSleepLogged(let payload):
            guard case .date(let night) = payload.night else {
                return warnings.skip(seq: event.seq, rule: .manualSleep, because: "manualSleepLogged names the demo night; demo nights never touch sleep")
            }
            guard NightRange.admits(night, of: event, warnings: &warnings) else { return .skipped(.nightRange) }
            guard SampleInterval.checkLength(start: payload.bedtime, end: payload.wakeTime) == nil else {
                let length = payload.wakeTime.millisecondsSince1970 - payload.bedtime.millisecondsSince1970
                return warnings.skip(seq: event.seq, rule: .manualSleep, because: "manualSleepLogged lasts \(length / 1000) s; it lasts more than 0 and at most 24 h")
            }
            manualByNight[night] = (payload, event.event.timeZone)
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
        let key = SampleKey(payload.sampleId)
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
        if !sampleSlots.isPlaced { placeKeys() }
        if let held = sampleSlots.slot(hash: hash, matches: { stored[Int($0)].key == key }) {
            slot = held
            let previous = stored[Int(slot)]
            if same(previous, sample) { return .applied }
            removeSlot(slot, from: previous.night)
            if previous.night != sample.night { rebuild(previous.night) }
            stored[Int(slot)] = sample
        } else if let free = freeSlots.popLast() {
            slot = free
            stored[Int(slot)] = sample
            sampleSlots.insert(hash: hash, slot: slot)
        } else {
            slot = Int32(stored.count)
            stored.append(sample)
            sampleSlots.insert(hash: hash, slot: slot)
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
        let key = SampleKey(vital.sampleId)
        let hash = SampleKeyTable.hash(key)
        let held = HeldVital(key: key, night: night, kind: vital.kind, value: vital.value)
        if !vitalSlots.isPlaced { placeKeys() }
        if let slot = vitalSlots.slot(hash: hash, matches: { heldVitals[Int($0)].key == key }) {
            let previous = heldVitals[Int(slot)]
            vitalsByNight.removeFirst(previous.value, of: previous.kind, from: previous.night)
            heldVitals[Int(slot)] = held
        } else {
            vitalSlots.insert(hash: hash, slot: Int32(heldVitals.count))
            heldVitals.append(held)
        }
        vitalsByNight.append(vital.value, of: vital.kind, to: night)
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
        if sampleSlots.isPlaced { return sampleSlots.slot(hash: SampleKeyTable.hash(key), matches: { stored[Int($0)].key == key }) }
        return stored.indices.first { stored[$0].key == key && !freeSlots.contains(Int32($0)) }.map { Int32($0) }
    }

    /// Places the keys of the samples and vital readings held that `sampleSlots` and
    /// `vitalSlots` do not find in a checkpoint's columns (after a checkpoint was read: the
    /// text keys, or all of them when the columns do not check).
    private mutating func placeKeys() {
        if !sampleSlots.isPlaced {
            // The held slots, without listing the keys again (a 10-year log holds 70,000
            // samples: every array made here is megabytes a rewind would fault in).
            let isFree = freeSlotMask()
            var held: [Int32] = []
            held.reserveCapacity(stored.count - freeSlots.count)
            for slot in stored.indices where !isFree[slot] { held.append(Int32(slot)) }
            sampleSlots.place(held: held, of: stored)
        }
        if !vitalSlots.isPlaced {
            vitalSlots.place(held: Array(0..<Int32(heldVitals.count)), of: heldVitals)
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

// MARK: Checkpoint

extension SleepLedger: CheckpointCodable {
    /// Everything held, exactly: the names and which of them were looked up as zones, the
    /// free slots, the samples by slot (free slots too) as columns in bulk, the deleted keys
    /// (in key order), each night's slots in their order, the manual logs, the vitals (each
    /// night's readings in the order they came, as their means depend on it), the records
    /// built, their nights, the pending night, the bed times and the rebuild count. Left
    /// out and rebuilt: the key tables (`SampleKeyTable`, placed afresh), each zone's
    /// remembered offset (`ZoneClock`, asked afresh), the last names and nights seen.
    package func encode(to writer: inout CheckpointWriter) {
        writer.value(names)
        writer.count(zoneLookups.count)
        for lookup in zoneLookups {
            switch lookup {
            case .unchecked: writer.uint8(0)
            case .unknown: writer.uint8(1)
            case .known: writer.uint8(2)
            }
        }
        writer.count(stored.count)
        writer.integers(freeSlots)
        writer.appendBulk(stored.map(\.start))
        writer.appendBulk(stored.map(\.milliseconds))
        writer.appendBulk(stored.map(\.night))
        writer.appendBulk(stored.map(\.source))
        writer.appendBulk(stored.map(\.zone))
        writer.appendBulk(stored.map { Self.code(of: $0.stage) })
        Self.writeKeys(stored.map(\.key), to: &writer)
        let isFree = freeSlotMask()
        SampleKeyColumn.write(of: stored, isHeld: { !isFree[$0] }, to: &writer)
        writer.array(deleted.sorted(by: SampleKey.checkpointOrder))
        slotsByNight.write(to: &writer)
        writer.array(manualByNight.sorted { $0.key < $1.key }) { writer, entry in
            writer.localDate(entry.key)
            writer.payload(entry.value.log)
            writer.string(entry.value.zone)
        }
        vitalsByNight.write(to: &writer)
        writer.count(heldVitals.count)
        writer.appendBulk(heldVitals.map(\.night))
        writer.appendBulk(heldVitals.map { Self.code(of: $0.kind) })
        writer.appendBulk(heldVitals.map(\.value.bitPattern))
        Self.writeKeys(heldVitals.map(\.key), to: &writer)
        SampleKeyColumn.write(of: heldVitals, isHeld: { _ in true }, to: &writer)
        writer.array(builtRecords)
        writer.integers(builtDays)
        writer.optional(pendingDay) { $0.int(Int($1)) }
        writer.array(wentToBed.sorted { $0.key < $1.key }) { writer, entry in
            writer.localDate(entry.key)
            writer.instant(entry.value)
        }
        writer.int(rebuildCount)
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        self.init()
        names = try reader.value()
        try readZoneLookups(from: &reader)
        let (isFree, nights) = try readSamples(from: &reader)
        let deletedStart = reader.offset
        let deletedKeys = try reader.array("SleepLedger.deleted", of: SampleKey.self)
        deleted = Set(deletedKeys)
        guard deleted.count == deletedKeys.count else { throw reader.failure("SleepLedger.deleted", at: deletedStart, "a key is repeated") }
        slotsByNight = try NightSlotLists(from: &reader, nights: nights, isFree: isFree, heldCount: stored.count - freeSlots.count)
        manualByNight = try reader.dictionary("SleepLedger.manualByNight", minimumElementSize: 3) { reader throws(CheckpointDecodingError) in
            (try reader.localDate("SleepLedger.manualByNight"), (try reader.payload(ManualSleepLogged.self), try reader.string("SleepLedger.manualByNight zone")))
        }
        vitalsByNight = try NightVitalLists(from: &reader)
        try readVitals(from: &reader)
        builtRecords = try reader.array("SleepLedger.builtRecords", minimumElementSize: 16, growing: true) { reader throws(CheckpointDecodingError) in try SleepRecord(from: &reader) }
        let daysStart = reader.offset
        builtDays = try reader.integers("SleepLedger.builtDays", as: Int32.self, growing: true)
        guard zip(builtDays, builtDays.dropFirst()).allSatisfy({ $0 < $1 }) else { throw reader.failure("SleepLedger.builtDays", at: daysStart, "the nights are not in order") }
        guard builtDays.count == builtRecords.count, zip(builtDays, builtRecords).allSatisfy({ Int($0) == $1.night.daysSince1970 }) else {
            throw reader.failure("SleepLedger.builtDays", at: daysStart, "the nights are not the records' nights")
        }
        pendingDay = try reader.optional("SleepLedger.pendingDay") { reader throws(CheckpointDecodingError) in
            let start = reader.offset
            guard let day = Int32(exactly: try reader.int("SleepLedger.pendingDay")) else { throw reader.failure("SleepLedger.pendingDay", at: start, "out of range") }
            return day
        }
        wentToBed = try reader.dictionary("SleepLedger.wentToBed", minimumElementSize: 3) { reader throws(CheckpointDecodingError) in
            (try reader.localDate("SleepLedger.wentToBed"), try reader.instant("SleepLedger.wentToBed"))
        }
        rebuildCount = try reader.int("SleepLedger.rebuildCount")
    }

    /// Reads which names were looked up as zones, looking each known zone up again: a zone
    /// this platform now answers otherwise (other time-zone data) refuses the checkpoint.
    private mutating func readZoneLookups(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        let start = reader.offset
        let count = try reader.count("SleepLedger.zoneLookups")
        guard count <= names.names.count else { throw reader.failure("SleepLedger.zoneLookups", at: start, "more zones than names") }
        let codes = try reader.bulk("SleepLedger.zoneLookups", count: count, as: UInt8.self)
        zoneLookups.reserveCapacity(count)
        for (number, code) in codes.enumerated() {
            switch code {
            case 0:
                zoneLookups.append(.unchecked)
            case 1, 2:
                let resolver = LocalTimeResolver(identifier: names.names[number])
                guard (resolver != nil) == (code == 2) else {
                    throw reader.failure("SleepLedger.zoneLookups", at: start, "zone \(names.names[number].debugDescription) is \(code == 2 ? "unknown" : "known") to this platform's time-zone data, unlike the checkpoint's")
                }
                zoneLookups.append(resolver.map { .known(ZoneClock(resolver: $0)) } ?? .unknown)
            default:
                throw reader.failure("SleepLedger.zoneLookups", at: start, "\(code) is not a zone's state")
            }
        }
    }

    /// Reads the samples (in one pass over their columns, in place; kept there when the
    /// reader may keep its bytes, else copied) and the free slots, and answers which slots are
    /// free and each sample's night. The keys are placed when first needed.
    private mutating func readSamples(from reader: inout CheckpointReader) throws(CheckpointDecodingError) -> (isFree: [Bool], nights: [Int32]) {
        let count = try reader.count("SleepLedger.stored", minimumElementSize: 26)
        let freeStart = reader.offset
        freeSlots = try reader.integers("SleepLedger.freeSlots", as: Int32.self)
        var isFree = [Bool](repeating: false, count: count)
        for slot in freeSlots {
            guard slot >= 0, Int(slot) < count, !isFree[Int(slot)] else { throw reader.failure("SleepLedger.freeSlots", at: freeStart, "slot \(slot) is out of range or repeated") }
            isFree[Int(slot)] = true
        }
        let nameCount = UInt32(names.names.count)
        let region = try reader.columnRegion("SleepLedger.stored columns", byteCount: 25 * count)
        let (columns, nights) = try SampleColumns.read(count: count, nameCount: nameCount, from: &reader, kept: region)
        stored = reader.keepsBytes ? ColumnBackedArray(columns: columns) : ColumnBackedArray(copying: columns)
        sampleSlots = SampleKeyIndex(column: try SampleKeyColumn(from: &reader, slotCount: count))
        return (isFree, nights)
    }

    /// Reads the vital readings held (in one pass over their columns; kept there when the
    /// reader may keep its bytes, else copied); their keys are placed when first needed.
    private mutating func readVitals(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        let count = try reader.count("SleepLedger.heldVitals", minimumElementSize: 14)
        let region = try reader.columnRegion("SleepLedger.heldVitals columns", byteCount: 13 * count)
        let columns = try VitalColumns.read(count: count, from: &reader, kept: region)
        heldVitals = reader.keepsBytes ? ColumnBackedArray(columns: columns) : ColumnBackedArray(copying: columns)
        vitalSlots = SampleKeyIndex(column: try SampleKeyColumn(from: &reader, slotCount: count))
    }

    /// Keys as columns: a kind byte each (`SampleKey`'s: 0, 1 a UUID, 2 a text), then the
    /// UUIDs' words in bulk, then the texts.
    private static func writeKeys(_ keys: [SampleKey], to writer: inout CheckpointWriter) {
        var kinds: [UInt8] = []
        var words: [UInt64] = []
        var texts: [String] = []
        kinds.reserveCapacity(keys.count)
        words.reserveCapacity(2 * keys.count)
        for key in keys {
            switch key {
            case .uuid(let high, let low, let lowercase):
                kinds.append(lowercase ? 1 : 0)
                words.append(high)
                words.append(low)
            case .text(let text):
                kinds.append(2)
                texts.append(text)
            }
        }
        writer.appendBulk(kinds)
        writer.appendBulk(words)
        for text in texts { writer.string(text) }
    }

    /// A stage's number in the payload (`SleepStage.allCases` order, pinned by the tests).
    private static func code(of stage: SleepStage) -> UInt8 {
        switch stage {
        case .inBed: return 0
        case .asleep: return 1
        case .awake: return 2
        case .core: return 3
        case .deep: return 4
        case .rem: return 5
        }
    }

    /// A vital kind's number in the payload (`VitalKind.allCases` order, pinned by the tests).
    private static func code(of kind: VitalKind) -> UInt8 {
        switch kind {
        case .hrv: return 0
        case .restingHeartRate: return 1
        case .spo2: return 2
        case .respiratoryRate: return 3
        case .wristTemperature: return 4
        }
    }
}
