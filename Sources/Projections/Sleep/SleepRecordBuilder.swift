import Events

/// Builds a night's `SleepRecord` from its samples, or from a manual log when it has no
/// asleep samples (docs/rules.md §5.3). Pure.
enum SleepRecordBuilder {
    /// Asleep intervals closer than this are one run of sleep.
    static let mainSleepJoin: Int64 = 2 * 3_600_000
    /// In-bed intervals closer than this are one in-bed stretch.
    static let inBedJoin: Int64 = 60_000
    /// An awake stretch this long or longer is an interruption.
    static let interruptionMinimum: Int64 = 60_000

    /// A sample as the builder needs it: its interval and stage, its source and zone by
    /// number (sources that are equal as strings have the same number), and its slot
    /// (which gives its id when needed).
    struct Sample: Sendable {
        var start: Int64
        var end: Int64
        var stage: SleepStage
        var source: UInt32
        var zone: UInt32
        var slot: Int32
    }

    /// What the builder asks of the ledger: names by number, a zone's resolver, a slot's
    /// sample id.
    struct Names {
        var name: (UInt32) -> String
        var resolver: (UInt32) -> LocalTimeResolver?
        var sampleId: (Int32) -> String
    }

    /// A union of intervals met in order of their starts, kept as it grows: the last piece
    /// and the length of the pieces before it. Intervals closer than `join` are one piece
    /// (0 joins only touching or overlapping ones).
    private struct RunningUnion {
        var join: Int64 = 0
        var last: MillisecondInterval?
        var closedLength: Int64 = 0

        mutating func add(_ interval: MillisecondInterval) {
            guard interval.end > interval.start else { return }
            if var current = last, interval.start - current.end < max(join, 1) || interval.start <= current.end {
                current.end = max(current.end, interval.end)
                last = current
            } else {
                if let current = last { closedLength += current.length }
                last = interval
            }
        }

        /// The measure of the union.
        var length: Int64 { closedLength + (last?.length ?? 0) }
    }

    /// The record of `night` from `samples` (each lasting more than 0), else from `manual`.
    /// One pass over the samples in order of their starts answers each question.
    static func record(night: LocalDate, samples unsorted: [Sample], manual: ManualSleepLogged?, manualZone: String?, names: Names) -> SleepRecord? {
        var samples = unsorted
        if zip(samples, samples.dropFirst()).contains(where: { $0.start > $1.start }) {
            samples.sort { $0.start < $1.start }
        }
        let pieces = asleepPieces(sortedSamples: samples)
        guard !pieces.isEmpty else {
            return manual.flatMap { manualRecord(night: night, manual: $0, zone: manualZone) }
        }
        // The main sleep: runs of pieces joined across gaps under 2 h; the run with the most
        // time asleep wins, a tie going to the earliest.
        var main = 0..<0
        var mainAsleep: Int64 = -1
        var runStart = 0
        var runAsleep: Int64 = 0
        var totalAsleep: Int64 = 0
        for index in pieces.indices {
            if index > 0, pieces[index].start - pieces[index - 1].end >= mainSleepJoin {
                if runAsleep > mainAsleep { (main, mainAsleep) = (runStart..<index, runAsleep) }
                runStart = index
                runAsleep = 0
            }
            runAsleep += pieces[index].length
            totalAsleep += pieces[index].length
        }
        if runAsleep > mainAsleep { (main, mainAsleep) = (runStart..<pieces.count, runAsleep) }
        let onset = pieces[main.lowerBound].start
        let finalWake = pieces[main.upperBound - 1].end
        let span = finalWake - onset
        // Gaps inside the main sleep are awake time; those of a minute or more interrupt.
        var interruptions = 0
        for index in main.dropLast() where pieces[index + 1].start - pieces[index].end >= interruptionMinimum {
            interruptions += 1
        }
        let awake = span - mainAsleep
        let napMilliseconds = totalAsleep - mainAsleep

        // Stages come from one staged source: the one with most staged time over the night,
        // a tie going to the alphabetically first name.
        var stagedBySource: [(source: UInt32, union: RunningUnion)] = []
        for sample in samples where sample.stage.isStaged {
            let interval = MillisecondInterval(start: sample.start, end: sample.end)
            if let index = stagedBySource.firstIndex(where: { $0.source == sample.source }) {
                stagedBySource[index].union.add(interval)
            } else {
                var union = RunningUnion()
                union.add(interval)
                stagedBySource.append((sample.source, union))
            }
        }
        let stagedSource = stagedBySource
            .map { (source: $0.source, milliseconds: $0.union.length) }
            .max { left, right in
                left.milliseconds != right.milliseconds ? left.milliseconds < right.milliseconds : names.name(left.source) > names.name(right.source)
            }?.source
        // The staged source's stages within the main sleep.
        var core = RunningUnion()
        var deep = RunningUnion()
        var rem = RunningUnion()
        for sample in samples where sample.source == stagedSource {
            let clipped = MillisecondInterval(start: max(sample.start, onset), end: min(sample.end, finalWake))
            switch sample.stage {
            case .core: core.add(clipped)
            case .deep: deep.add(clipped)
            case .rem: rem.add(clipped)
            case .inBed, .asleep, .awake: break
            }
        }
        func stageMilliseconds(_ union: RunningUnion) -> Int64? { stagedSource == nil ? nil : union.length }

        // Latency: from the start of the in-bed stretch holding the onset (in-bed intervals
        // joined across gaps under a minute).
        var inBed: [MillisecondInterval] = []
        for sample in samples where sample.stage == .inBed {
            if let last = inBed.last, sample.start - last.end < inBedJoin {
                inBed[inBed.count - 1].end = max(last.end, sample.end)
            } else {
                inBed.append(MillisecondInterval(start: sample.start, end: sample.end))
            }
        }
        let holding = inBed.first { $0.start <= onset && onset <= $0.end }
        let latency = holding.map { onset - $0.start }
        let denominator = finalWake - (holding?.start ?? onset)
        let efficiency = denominator > 0 ? Double(mainAsleep) / Double(denominator) : 1

        // The zone: the onset sample's (the one with the least id when several start then).
        let atOnset = samples.filter { $0.stage.isAsleep && $0.start == onset }
        var zone = atOnset.first?.zone ?? samples[0].zone
        if atOnset.contains(where: { $0.zone != zone }) {
            let first = atOnset.map { (id: names.sampleId($0.slot), zone: $0.zone) }.min { $0.id < $1.id }
            zone = first?.zone ?? zone
        }
        let shown = names.resolver(zone)
        func instant(_ milliseconds: Int64) -> Instant {
            let raw = Instant(millisecondsSinceEpoch: milliseconds)
            return shown?.display(raw) ?? raw
        }
        return SleepRecord(
            night: night, onset: instant(onset), finalWake: instant(finalWake), timeZone: names.name(zone),
            asleepMilliseconds: mainAsleep,
            coreMilliseconds: stageMilliseconds(core), deepMilliseconds: stageMilliseconds(deep), remMilliseconds: stageMilliseconds(rem),
            stagedSource: stagedSource.map(names.name), awakeMilliseconds: awake, interruptions: interruptions,
            latencyMilliseconds: latency, efficiency: efficiency, napMilliseconds: napMilliseconds, source: .samples
        )
    }

    /// The union of the asleep samples' intervals as sorted disjoint pieces: the asleep time
    /// a record counts, in its main sleep (`asleepMilliseconds`) and its naps
    /// (`napMilliseconds`). `samples` are in order of their starts.
    static func asleepPieces(sortedSamples samples: [Sample]) -> [MillisecondInterval] {
        var pieces: [MillisecondInterval] = []
        for sample in samples where sample.stage.isAsleep {
            if let last = pieces.last, sample.start <= last.end {
                pieces[pieces.count - 1].end = max(last.end, sample.end)
            } else {
                pieces.append(MillisecondInterval(start: sample.start, end: sample.end))
            }
        }
        return pieces
    }

    /// A manual night: onset and final wake from the log, asleep the difference, awake 0,
    /// no interruptions, latency unknown, efficiency 1, stages unknown.
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

extension Instant {
    /// The moment `milliseconds` after 1970 in UTC (to be shown in a zone with `display`).
    init(millisecondsSinceEpoch milliseconds: Int64) {
        self.init(millisecondsSince1970: milliseconds, utcOffsetSeconds: 0)
    }
}
