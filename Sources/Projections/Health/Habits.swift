import Events

/// What goes with good nights: caffeine late or earlier, workouts late, earlier, any or none,
/// over the 56 nights up to asOf's night (docs/rules.md §12). Descriptive, never causal: a
/// pure function of the log and asOf (``LogState/habits(at:)``).
public struct Habits: Sendable, Hashable {
    /// The window: asOf's night − 55 … asOf's night, and how many of its nights have a record.
    public var from: LocalDate
    public var to: LocalDate
    public var nights: Int
    public var caffeineLate: Group
    public var caffeineEarlier: Group
    public var workoutsLate: Group
    public var workoutsEarlier: Group
    public var workoutsAny: Group
    public var workoutsNone: Group

    /// The nights in the window.
    public static let windowNights = 56
    /// The fewest nights each of two groups needs for their means to be shown.
    public static let minimumNights = 5
    /// Caffeine starting this long before the onset, or less, is late (Drake et al. 2013).
    public static let lateCaffeineMilliseconds: Int64 = 6 * 3_600_000
    /// A workout ending this long before the onset, or less, is late.
    public static let lateWorkoutMilliseconds: Int64 = 3 * 3_600_000

    /// One group of nights: which, and their means (`nil` unless the group it is compared
    /// with has enough nights too).
    public struct Group: Sendable, Hashable {
        /// The group's nights, oldest first.
        public var nights: [LocalDate]
        /// The mean of the nights' latency in whole minutes as `sleep` shows them, over those
        /// that have one, rounded half up; `nil` when not compared or none has one.
        public var latencyMinutes: Int?
        /// The mean of the nights' whole asleep minutes, rounded half up; `nil` when not compared.
        public var asleepMinutes: Int?
    }
}

extension LogState {
    /// The habits as of `asOf` (docs/rules.md §12): each night of the 56 up to asOf's night with
    /// a record, grouped by the caffeine and workouts of its day (the local date, in the
    /// sample's zone, of its start − 4 h) before its onset.
    public func habits(at asOf: Instant) -> Habits {
        let last = nightPlans.night(holding: asOf)
        let first = last.adding(days: -(Habits.windowNights - 1))
        let caffeine = Dictionary(grouping: health.caffeineSamples(onDays: first...last), by: \.day)
        let workouts = Dictionary(grouping: health.workouts(onDays: first...last), by: \.day)
        var nights = 0
        var caffeineLate: [SleepRecord] = [], caffeineEarlier: [SleepRecord] = []
        var workoutsLate: [SleepRecord] = [], workoutsEarlier: [SleepRecord] = [], workoutsNone: [SleepRecord] = []
        var night = first
        while night <= last {
            defer { night = night.adding(days: 1) }
            guard let record = sleep.record(for: night) else { continue }
            nights += 1
            let onset = record.onset.millisecondsSince1970
            let coffees = (caffeine[night] ?? []).map(\.start.millisecondsSince1970).filter { $0 < onset }
            if coffees.contains(where: { $0 >= onset - Habits.lateCaffeineMilliseconds }) {
                caffeineLate.append(record)
            } else if !coffees.isEmpty {
                caffeineEarlier.append(record)
            }
            let ends = (workouts[night] ?? []).map(\.end.millisecondsSince1970).filter { $0 < onset }
            if ends.contains(where: { $0 >= onset - Habits.lateWorkoutMilliseconds }) {
                workoutsLate.append(record)
            } else if !ends.isEmpty {
                workoutsEarlier.append(record)
            } else {
                workoutsNone.append(record)
            }
        }
        func compared(_ left: [SleepRecord], _ right: [SleepRecord]) -> (Habits.Group, Habits.Group) {
            let shown = left.count >= Habits.minimumNights && right.count >= Habits.minimumNights
            return (Self.group(left, means: shown), Self.group(right, means: shown))
        }
        let caffeineGroups = compared(caffeineLate, caffeineEarlier)
        let workoutGroups = compared(workoutsLate, workoutsEarlier)
        let anyNone = compared((workoutsLate + workoutsEarlier).sorted { $0.night < $1.night }, workoutsNone)
        return Habits(
            from: first, to: last, nights: nights, caffeineLate: caffeineGroups.0, caffeineEarlier: caffeineGroups.1,
            workoutsLate: workoutGroups.0, workoutsEarlier: workoutGroups.1, workoutsAny: anyNone.0, workoutsNone: anyNone.1)
    }

    /// A group of `records`, with their means when `means`.
    private static func group(_ records: [SleepRecord], means: Bool) -> Habits.Group {
        let latencies = records.compactMap(\.latencyMilliseconds).map(SleepRecord.wholeMinutes)
        let asleep = records.map { SleepRecord.wholeMinutes($0.asleepMilliseconds) }
        return Habits.Group(
            nights: records.map(\.night),
            latencyMinutes: means ? meanRoundedHalfUp(latencies) : nil,
            asleepMinutes: means ? meanRoundedHalfUp(asleep) : nil)
    }

    /// The mean of whole, non-negative `values` rounded half up; `nil` for none.
    static func meanRoundedHalfUp(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sum = values.reduce(0, +)
        return (2 * sum + values.count) / (2 * values.count)
    }
}
