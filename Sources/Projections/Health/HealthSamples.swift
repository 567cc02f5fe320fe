import Events

/// Caffeine and workouts from health data (docs/rules.md §8.4 and §12): the live caffeine
/// samples (`caffeineIngested`) and workouts (`workoutIngested`), each under its sample id,
/// and the ids HealthKit deleted (`healthSampleDeleted`).
///
/// - A re-ingested sample id replaces the earlier sample of its kind; caffeine samples and
///   workouts are apart (a caffeine id never replaces a workout).
/// - A deleted id stays deleted: a tombstone per sample id, whatever its kind. The deletion
///   removes the caffeine sample and the workout held under the id (and `SleepLedger` the
///   vital reading); a later ingest of the id, of any of these kinds, is skipped with a
///   warning. A deletion of an id never ingested is kept all the same (HealthKit reports
///   deletions of samples older than the app's anchor).
/// - An event out of range (`rejection(of:at:)`) is skipped with a warning. A sample's own
///   zone unknown to the platform is skipped before it gets here (`ProjectionRunner`, one
///   warning naming the zone), and so is the event's.
/// - Each sample is kept with the zone it is read in (its own `tz`, else its event's) and
///   its `day` (§12): the local date, in that zone, of its start − 4 h (an absolute 4 h).
public struct HealthSamples: Sendable, Hashable {
    /// A live caffeine sample.
    public struct Caffeine: Sendable, Hashable {
        /// HealthKit's id of the sample.
        public var sampleId: String
        /// The caffeine, in milligrams.
        public var mg: Double
        /// When it was taken.
        public var start: Instant
        /// The zone it is read in: its own `tz`, else its event's.
        public var timeZone: String
        /// The writing source.
        public var sourceName: String
        /// Its day: the local date (in `timeZone`) of `start` − 4 h (§12).
        public var day: LocalDate
    }

    /// A live workout.
    public struct Workout: Sendable, Hashable {
        /// HealthKit's id of the workout.
        public var sampleId: String
        /// The activity, e.g. `running`.
        public var activity: String
        /// When it starts.
        public var start: Instant
        /// When it ends.
        public var end: Instant
        /// The zone it is read in: its own `tz`, else its event's.
        public var timeZone: String
        /// The writing source.
        public var sourceName: String
        /// The active energy burned, in kilocalories, when known.
        public var kilocalories: Double?
        /// Its day: the local date (in `timeZone`) of `start` − 4 h (§12).
        public var day: LocalDate
    }

    /// The live caffeine samples by sample id.
    private var caffeineById: [String: Caffeine] = [:]
    /// The live workouts by sample id.
    private var workoutsById: [String: Workout] = [:]
    /// The deleted sample ids (tombstones).
    private var deleted: Set<String> = []

    public init() {}

    /// How far back from an instant its day starts: 4 h (§12).
    public static let dayShiftMilliseconds: Int64 = 4 * 3_600_000

    // MARK: Queries

    /// Every live caffeine sample, by start (then sample id).
    public var caffeineSamples: [Caffeine] {
        caffeineById.values.sorted { ($0.start.millisecondsSince1970, $0.sampleId) < ($1.start.millisecondsSince1970, $1.sampleId) }
    }

    /// Every live workout, by start (then sample id).
    public var workouts: [Workout] {
        workoutsById.values.sorted { ($0.start.millisecondsSince1970, $0.sampleId) < ($1.start.millisecondsSince1970, $1.sampleId) }
    }

    /// The live caffeine samples whose day lies in `days`, by start.
    public func caffeineSamples(onDays days: ClosedRange<LocalDate>) -> [Caffeine] {
        caffeineSamples.filter { days.contains($0.day) }
    }

    /// The live workouts whose day lies in `days`, by start.
    public func workouts(onDays days: ClosedRange<LocalDate>) -> [Workout] {
        workouts.filter { days.contains($0.day) }
    }

    /// The live caffeine sample held under `sampleId`, if any.
    public func caffeine(withId sampleId: String) -> Caffeine? { caffeineById[sampleId] }

    /// The live workout held under `sampleId`, if any.
    public func workout(withId sampleId: String) -> Workout? { workoutsById[sampleId] }

    /// Whether `sampleId` was deleted by `healthSampleDeleted` (it stays deleted).
    public func isDeleted(_ sampleId: String) -> Bool { deleted.contains(sampleId) }

    /// The day of `instant` read in `resolver`'s zone: the local date of `instant` − 4 h.
    package static func day(of instant: Instant, in resolver: LocalTimeResolver) -> LocalDate {
        resolver.localDateTime(of: instant.adding(milliseconds: -dayShiftMilliseconds)).date
    }

    // MARK: The rule

    /// The largest caffeine amount accepted, in mg.
    public static let maximumMilligrams: Double = 1000

    /// Why `caffeine`, recorded at `at`, is refused, or `nil`: more than 0 and at most
    /// 1000 mg, starting no later than a day after `at`. The rule the fold, the command and
    /// the importer share.
    package static func rejection(of caffeine: CaffeineIngested, at: Instant) -> HealthSampleRejection? {
        guard caffeine.mg.isFinite, caffeine.mg > 0, caffeine.mg <= maximumMilligrams else {
            return .caffeineOutOfRange(mg: caffeine.mg)
        }
        let latest = at.millisecondsSince1970 + SampleInterval.maximumMilliseconds
        if caffeine.start.millisecondsSince1970 > latest {
            return .startsTooLate(latestStart: at.adding(milliseconds: SampleInterval.maximumMilliseconds))
        }
        return nil
    }

    /// Why `workout`, recorded at `at`, is refused, or `nil`: its activity is not blank, it
    /// lasts more than 0 and at most 24 h and ends no later than a day after `at`
    /// (`SampleInterval`), and its energy, when given, is not negative.
    package static func rejection(of workout: WorkoutIngested, at: Instant) -> HealthSampleRejection? {
        guard workout.activity.contains(where: { !$0.isWhitespace }) else { return .blankActivity }
        if let interval = SampleInterval.check(start: workout.start, end: workout.end, at: at) { return .interval(interval) }
        if let kilocalories = workout.kilocalories, !(kilocalories >= 0) { return .negativeEnergy(kilocalories: kilocalories) }
        return nil
    }

    // MARK: Fold

    /// Folds `caffeineIngested`, `workoutIngested` and `healthSampleDeleted`.
    @discardableResult
    package mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        switch event.payload {
        case .caffeineIngested(let payload):
            if let rejection = Self.rejection(of: payload, at: event.at) {
                return warnings.skip(seq: event.seq, rule: .sample, because: "caffeineIngested \(rejection.warningText)")
            }
            guard !deleted.contains(payload.sampleId) else {
                return warnings.skip(seq: event.seq, rule: .sample, because: Self.deletedReason("caffeineIngested"))
            }
            guard let caffeine = Self.caffeine(from: payload, eventZone: event.event.timeZone) else {
                return warnings.skip(seq: event.seq, rule: .sample, because: "caffeineIngested names an unknown zone")
            }
            caffeineById[payload.sampleId] = caffeine
            return .applied
        case .workoutIngested(let payload):
            if let rejection = Self.rejection(of: payload, at: event.at) {
                return warnings.skip(seq: event.seq, rule: .sample, because: "workoutIngested \(rejection.warningText)")
            }
            guard !deleted.contains(payload.sampleId) else {
                return warnings.skip(seq: event.seq, rule: .sample, because: Self.deletedReason("workoutIngested"))
            }
            guard let workout = Self.workout(from: payload, eventZone: event.event.timeZone) else {
                return warnings.skip(seq: event.seq, rule: .sample, because: "workoutIngested names an unknown zone")
            }
            workoutsById[payload.sampleId] = workout
            return .applied
        case .healthSampleDeleted(let payload):
            deleted.insert(payload.sampleId)
            caffeineById[payload.sampleId] = nil
            workoutsById[payload.sampleId] = nil
            return .applied
        default:
            return .ignored
        }
    }

    /// The caffeine sample `payload` becomes, folded with an event in `eventZone`; `nil`
    /// when the zone it is read in is unknown to the platform.
    package static func caffeine(from payload: CaffeineIngested, eventZone: String) -> Caffeine? {
        let zone = payload.timeZone ?? eventZone
        guard let resolver = LocalTimeResolver(identifier: zone) else { return nil }
        return Caffeine(
            sampleId: payload.sampleId, mg: payload.mg, start: payload.start, timeZone: zone,
            sourceName: payload.sourceName, day: day(of: payload.start, in: resolver))
    }

    /// The workout `payload` becomes, folded with an event in `eventZone`; `nil` when the
    /// zone it is read in is unknown to the platform.
    package static func workout(from payload: WorkoutIngested, eventZone: String) -> Workout? {
        let zone = payload.timeZone ?? eventZone
        guard let resolver = LocalTimeResolver(identifier: zone) else { return nil }
        return Workout(
            sampleId: payload.sampleId, activity: payload.activity, start: payload.start, end: payload.end,
            timeZone: zone, sourceName: payload.sourceName, kilocalories: payload.kilocalories,
            day: day(of: payload.start, in: resolver))
    }

    /// The warning for an ingest of a deleted id.
    package static func deletedReason(_ typeName: String) -> String {
        "\(typeName) re-delivers a deleted sample; a deleted sample stays deleted"
    }

    /// A number for messages, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

// MARK: Checkpoint

extension HealthSamples: StateCodable {
    package static var placeholder: HealthSamples { HealthSamples() }

    /// The caffeine samples and workouts by id (in id order), then the deleted ids.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("HealthSamples.caffeine", &caffeineById)
        try coder.field("HealthSamples.workouts", &workoutsById)
        try coder.field("HealthSamples.deleted", &deleted)
        guard Coder.isReading else { return }
        try coder.check(caffeineById.allSatisfy { $0.key == $0.value.sampleId }, "a caffeine sample is held under another id")
        try coder.check(workoutsById.allSatisfy { $0.key == $0.value.sampleId }, "a workout is held under another id")
    }
}

extension HealthSamples.Caffeine: StateCodable {
    package static var placeholder: HealthSamples.Caffeine {
        HealthSamples.Caffeine(sampleId: "", mg: 0, start: Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0), timeZone: "", sourceName: "", day: LocalDate(daysSince1970: 0))
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("HealthSamples.Caffeine.sampleId", &sampleId)
        try coder.field("HealthSamples.Caffeine.mg", &mg)
        try coder.field("HealthSamples.Caffeine.start", &start)
        try coder.field("HealthSamples.Caffeine.timeZone", &timeZone)
        try coder.field("HealthSamples.Caffeine.sourceName", &sourceName)
        try coder.field("HealthSamples.Caffeine.day", &day)
    }
}

extension HealthSamples.Workout: StateCodable {
    package static var placeholder: HealthSamples.Workout {
        let zero = Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0)
        return HealthSamples.Workout(sampleId: "", activity: "", start: zero, end: zero, timeZone: "", sourceName: "", kilocalories: nil, day: LocalDate(daysSince1970: 0))
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("HealthSamples.Workout.sampleId", &sampleId)
        try coder.field("HealthSamples.Workout.activity", &activity)
        try coder.field("HealthSamples.Workout.start", &start)
        try coder.field("HealthSamples.Workout.end", &end)
        try coder.field("HealthSamples.Workout.timeZone", &timeZone)
        try coder.field("HealthSamples.Workout.sourceName", &sourceName)
        try coder.field("HealthSamples.Workout.kilocalories", &kilocalories)
        try coder.field("HealthSamples.Workout.day", &day)
    }
}
