import Events

/// Builds a night's `SleepRecord` from its samples, or from a manual log when it has no
/// asleep samples (domain.md §5 and the "Sleep" fine points of §8). Pure.
enum SleepRecordBuilder {
    /// Asleep intervals closer than this are one run of sleep.
    static let mainSleepJoin: Int64 = 2 * 3_600_000
    /// In-bed intervals closer than this are one in-bed stretch.
    static let inBedJoin: Int64 = 60_000
    /// An awake stretch this long or longer is an interruption.
    static let interruptionMinimum: Int64 = 60_000

    static func record(night: LocalDate, samples: [SleepSample], manual: ManualSleepLogged?, manualZone: String?) -> SleepRecord? {
        let asleep = samples.filter { $0.stage.isAsleep }
        guard !asleep.isEmpty else {
            return manual.flatMap { manualRecord(night: night, manual: $0, zone: manualZone) }
        }
        // The main sleep: runs of asleep intervals joined across gaps under 2 h; the run
        // with the most time asleep wins, a tie going to the earliest.
        let runs = MillisecondInterval.union(asleep.map(\.interval), joiningGapsUnder: mainSleepJoin)
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
        for (previous, next) in zip(asleepUnion, asleepUnion.dropFirst()) where next.start - previous.end >= interruptionMinimum {
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
        let inBed = MillisecondInterval.union(samples.filter { $0.stage == .inBed }.map(\.interval), joiningGapsUnder: inBedJoin)
        let holding = inBed.first { $0.start <= onset && onset <= $0.end }
        let latency = holding.map { onset - $0.start }
        let denominator = finalWake - (holding?.start ?? onset)
        let efficiency = denominator > 0 ? Double(mainAsleep) / Double(denominator) : 1

        let onsetSample = asleep.filter { $0.start == onset }.min { $0.sampleId < $1.sampleId }
        let zone = onsetSample?.timeZone ?? asleep[0].timeZone
        let resolver = LocalTimeResolver(identifier: zone)
        func instant(_ milliseconds: Int64) -> Instant {
            let raw = Instant(millisecondsSinceEpoch: milliseconds)
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
