import Events

/// A night's sleep as a sequence of stages over its main sleep, for a chart: what a
/// hypnogram shows. Built from the same samples and rules as the night's `SleepRecord`,
/// so its figures agree with the record's to the millisecond:
///
/// - it covers the main sleep, from `SleepRecord.onset` to `SleepRecord.finalWake`;
/// - a moment covered by a core, deep or REM sample of the night's staged source shows that
///   stage (the deepest, where that source's samples overlap); else a moment covered by
///   any asleep sample shows `asleep` (sleep without a stage: a phone, or a watch gap);
///   else it shows `awake`;
/// - so the non-awake segments add up to `asleepMilliseconds` and the awake ones to
///   `awakeMilliseconds`; when the staged source's samples do not overlap, each stage's segments add up to the
///   record's stage figure.
///
/// A manual night is one `asleep` segment from bedtime to wake time.
public struct Hypnogram: Sendable, Hashable {
    /// What a segment of the night shows, from the lightest to the deepest.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case awake, rem, core, deep
        /// Asleep without a stage (no staged source covers the moment).
        case asleep
    }

    /// A stretch of one level, `[start, end)`, in the record's zone.
    public struct Segment: Sendable, Hashable {
        /// What the stretch shows.
        public var level: Level
        /// Where it starts.
        public var start: Instant
        /// Where it ends (exclusive).
        public var end: Instant

        /// Creates the value from its parts.
        public init(level: Level, start: Instant, end: Instant) {
            self.level = level
            self.start = start
            self.end = end
        }

        /// Its length.
        public var milliseconds: Int64 { end.millisecondsSince1970 - start.millisecondsSince1970 }
    }

    /// The night.
    public var night: LocalDate
    /// The segments, in time order, adjacent, none empty, no two neighbours of one level.
    public var segments: [Segment]

    /// Creates the value from its parts.
    public init(night: LocalDate, segments: [Segment]) {
        self.night = night
        self.segments = segments
    }

    /// The total length of the segments of `level`.
    public func milliseconds(of level: Level) -> Int64 {
        segments.filter { $0.level == level }.reduce(0) { $0 + $1.milliseconds }
    }
}

extension SleepLedger {
    /// The hypnogram of `night`, `nil` without a sleep record.
    public func hypnogram(for night: LocalDate) -> Hypnogram? {
        guard let record = record(for: night) else { return nil }
        let onset = record.onset.millisecondsSince1970
        let wake = record.finalWake.millisecondsSince1970
        guard record.source == .samples else {
            return Hypnogram(night: night, segments: [.init(level: .asleep, start: record.onset, end: record.finalWake)])
        }
        let nightSamples = samples(of: night)
        let main = MillisecondInterval(start: onset, end: wake)
        let staged = nightSamples.filter { $0.sourceName == record.stagedSource && $0.stage.isStaged }
        let asleep = MillisecondInterval.union(MillisecondInterval.clip(nightSamples.filter(\.stage.isAsleep).map(\.interval), to: main))
        // Every boundary inside the main sleep; each elementary stretch between two takes
        // one level.
        var cuts: Set<Int64> = [onset, wake]
        for sample in staged {
            cuts.insert(min(max(sample.start, onset), wake))
            cuts.insert(min(max(sample.end, onset), wake))
        }
        for interval in asleep {
            cuts.insert(interval.start)
            cuts.insert(interval.end)
        }
        let boundaries = cuts.sorted()
        let resolver = LocalTimeResolver(identifier: record.timeZone)
        func instant(_ milliseconds: Int64) -> Instant {
            let raw = Instant(millisecondsSinceEpoch: milliseconds)
            return resolver?.display(raw) ?? raw
        }
        var segments: [Hypnogram.Segment] = []
        var asleepIndex = 0
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            while asleepIndex < asleep.count, asleep[asleepIndex].end <= start { asleepIndex += 1 }
            let isAsleep = asleepIndex < asleep.count && asleep[asleepIndex].start <= start
            var level = Hypnogram.Level.awake
            if isAsleep {
                level = Self.deepestStage(of: staged, covering: start) ?? .asleep
            }
            if let last = segments.last, last.level == level {
                segments[segments.count - 1].end = instant(end)
            } else {
                segments.append(.init(level: level, start: instant(start), end: instant(end)))
            }
        }
        return Hypnogram(night: night, segments: segments)
    }

    /// The stage shown at `moment` by `staged` samples covering it: when a source's samples
    /// overlap, the deepest wins (deep, then REM, then core), so the choice never depends on
    /// the samples' order.
    private static func deepestStage(of staged: [SleepSample], covering moment: Int64) -> Hypnogram.Level? {
        var best: Hypnogram.Level?
        for sample in staged where sample.start <= moment && moment < sample.end {
            let level: Hypnogram.Level
            switch sample.stage {
            case .deep: level = .deep
            case .rem: level = .rem
            default: level = .core
            }
            if best == nil || level.depthRank > (best?.depthRank ?? 0) { best = level }
        }
        return best
    }
}

extension Hypnogram.Level {
    /// The order used when staged samples overlap: deep over REM over core.
    fileprivate var depthRank: Int {
        switch self {
        case .deep: return 3
        case .rem: return 2
        case .core: return 1
        case .awake, .asleep: return 0
        }
    }
}
