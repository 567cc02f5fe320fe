import Events
import Projections

/// Ingests HealthKit workouts (`workoutIngested`, one per workout, in the order given),
/// appended as one batch.
///
/// Each workout must (docs/rules.md §8.4, by `HealthSamples.rejection(of:at:)`, the rule the
/// fold skips by):
/// - have a sampleId that is not blank (`.blankSampleId`) and differs from every other
///   sampleId of the batch (`.duplicateSampleId`);
/// - name an activity that is not blank (`.blankActivity`);
/// - end after it starts (`.endNotAfterStart`), last at most 24 h (`.durationTooLong`) and
///   end no later than 1 day after now (`.endsTooLate`): the rule of every sample
///   (`SampleInterval`). Start and end are HealthKit's, pauses included;
/// - burn 0 kcal or more when it says (`.energyOutOfRange`);
/// - have a zone name of the right form when it names one (`.unknownTimeZone`).
///
/// A rejected workout rejects the whole batch, naming it (`CommandError.sampleIndex`); an
/// empty batch appends nothing. A workout deleted since (`healthSampleDeleted`), or one the
/// log already holds as it is, is left out; a changed one is appended and replaces it.
///
/// The events carry `source: health` unless `source` says otherwise (`nil`: the store's
/// source); their ids follow `eventIdentifiers` (derived: `hk-workout-<sampleId>`).
public struct IngestWorkouts: Command {
    /// The workouts, in the order they are appended.
    public var workouts: [WorkoutIngested]
    /// How the events get their ids.
    public var eventIdentifiers: SampleEventIdentifiers
    /// The events' source; `nil` takes the store's.
    public var source: EventSource?

    /// The prefix of derived ids: `hk-workout-<sampleId>`.
    public static let identifierPrefix = "hk-workout-"

    /// Creates the value from its parts.
    public init(workouts: [WorkoutIngested], eventIdentifiers: SampleEventIdentifiers = .fresh, source: EventSource? = .health) {
        self.workouts = workouts
        self.eventIdentifiers = eventIdentifiers
        self.source = source
    }

    /// The event id `.derivedFromSampleIds` gives `workout`.
    public static func eventIdentifier(for workout: WorkoutIngested) -> String {
        SampleEventIdentifiers.derivedIdentifier(prefix: identifierPrefix, sampleId: workout.sampleId)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let identifiers = try SampleRule.checkBatch(
            workouts, array: "workouts", sampleId: \.sampleId, eventIdentifiers: eventIdentifiers, prefix: Self.identifierPrefix
        ) { workout, label, index throws(CommandError) in
            try HealthSampleCommandRule.check(
                HealthSamples.rejection(of: workout, at: context.now), start: workout.start, end: workout.end,
                now: context.now, label: label, index: index)
            try SampleRule.checkZone(workout.timeZone, label: label, index: index)
        }
        return zip(workouts, identifiers).compactMap { workout, identifier in
            if state.health.isDeleted(workout.sampleId) { return nil }
            if let held = state.health.workout(withId: workout.sampleId),
               held == HealthSamples.workout(from: workout, eventZone: context.timeZone) {
                return nil
            }
            return context.event(.workoutIngested(workout), identifier: identifier, source: source)
        }
    }
}
