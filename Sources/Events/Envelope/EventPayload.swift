/// The typed payload of an event: one case per type of the v1 catalogue, and `opaque`
/// for what this reader cannot interpret.
public enum EventPayload: Sendable, Hashable {
    case goalSet(GoalSet)
    case goalCleared
    case bedtimeOverridden(BedtimeOverridden)
    case appTierAssigned(AppTierAssigned)
    case windDownStartedEarly(NightAction)
    case checklistItemCompleted(ChecklistItemChange)
    case checklistItemReopened(ChecklistItemChange)
    case notificationInteracted(NotificationInteracted)
    case exitRequested(NightAction)
    case exitCancelled(NightAction)
    case exitConfirmed(NightAction)
    case freeWindowUsed(FreeWindowUsed)
    case wentToBed(NightAction)
    case wokeUp(NightAction)
    case sleepSampleIngested(SleepSampleIngested)
    case sleepSampleDeleted(SleepSampleDeleted)
    case vitalSampleIngested(VitalSampleIngested)
    case manualSleepLogged(ManualSleepLogged)
    case appleSleepScoreLogged(AppleSleepScoreLogged)
    case scoreSettingsChanged(ScoreSettingsChanged)
    case demoNightStarted(DemoNightStarted)
    case reminderRetired(ReminderChange)
    case reminderRestored(ReminderChange)
    case caffeineIngested(CaffeineIngested)
    case workoutIngested(WorkoutIngested)
    case healthSampleDeleted(HealthSampleDeleted)
    case shareReceived(ShareReceived)
    /// Kept whole, skipped by projections.
    case opaque(OpaquePayload)

    /// The catalogue type, or `nil` for an opaque payload.
    public var type: EventType? {
        switch self {
        case .goalSet: return .goalSet
        case .goalCleared: return .goalCleared
        case .bedtimeOverridden: return .bedtimeOverridden
        case .appTierAssigned: return .appTierAssigned
        case .windDownStartedEarly: return .windDownStartedEarly
        case .checklistItemCompleted: return .checklistItemCompleted
        case .checklistItemReopened: return .checklistItemReopened
        case .notificationInteracted: return .notificationInteracted
        case .exitRequested: return .exitRequested
        case .exitCancelled: return .exitCancelled
        case .exitConfirmed: return .exitConfirmed
        case .freeWindowUsed: return .freeWindowUsed
        case .wentToBed: return .wentToBed
        case .wokeUp: return .wokeUp
        case .sleepSampleIngested: return .sleepSampleIngested
        case .sleepSampleDeleted: return .sleepSampleDeleted
        case .vitalSampleIngested: return .vitalSampleIngested
        case .manualSleepLogged: return .manualSleepLogged
        case .appleSleepScoreLogged: return .appleSleepScoreLogged
        case .scoreSettingsChanged: return .scoreSettingsChanged
        case .demoNightStarted: return .demoNightStarted
        case .reminderRetired: return .reminderRetired
        case .reminderRestored: return .reminderRestored
        case .caffeineIngested: return .caffeineIngested
        case .workoutIngested: return .workoutIngested
        case .healthSampleDeleted: return .healthSampleDeleted
        case .shareReceived: return .shareReceived
        case .opaque: return nil
        }
    }

    /// The `type` written on the wire.
    public var typeName: String {
        if case .opaque(let opaque) = self { return opaque.typeName }
        return type?.rawValue ?? ""
    }

    /// The `v` written on the wire.
    public var version: Int {
        if case .opaque(let opaque) = self { return opaque.version }
        return type?.currentVersion ?? 1
    }

    /// The night a night-scoped payload names (`nil` for goals, tiers, samples, settings).
    public var night: Night? {
        switch self {
        case .bedtimeOverridden(let payload): return payload.night
        case .windDownStartedEarly(let payload), .exitRequested(let payload), .exitCancelled(let payload),
             .exitConfirmed(let payload), .wentToBed(let payload), .wokeUp(let payload):
            return payload.night
        case .checklistItemCompleted(let payload), .checklistItemReopened(let payload): return payload.night
        case .notificationInteracted(let payload): return payload.night
        case .freeWindowUsed(let payload): return payload.night
        case .manualSleepLogged(let payload): return payload.night
        case .appleSleepScoreLogged(let payload): return payload.night
        case .goalSet, .goalCleared, .appTierAssigned, .sleepSampleIngested, .sleepSampleDeleted,
             .vitalSampleIngested, .scoreSettingsChanged, .demoNightStarted, .reminderRetired, .reminderRestored,
             .caffeineIngested, .workoutIngested, .healthSampleDeleted, .shareReceived, .opaque:
            return nil
        }
    }

    /// Writes the `data` members (without braces) in the documented order.
    package func encodeData(to data: inout PayloadEncoder) {
        switch self {
        case .goalSet(let payload): payload.encode(to: &data)
        case .goalCleared: GoalCleared().encode(to: &data)
        case .bedtimeOverridden(let payload): payload.encode(to: &data)
        case .appTierAssigned(let payload): payload.encode(to: &data)
        case .windDownStartedEarly(let payload), .exitRequested(let payload), .exitCancelled(let payload),
             .exitConfirmed(let payload), .wentToBed(let payload), .wokeUp(let payload):
            payload.encode(to: &data)
        case .checklistItemCompleted(let payload), .checklistItemReopened(let payload): payload.encode(to: &data)
        case .notificationInteracted(let payload): payload.encode(to: &data)
        case .freeWindowUsed(let payload): payload.encode(to: &data)
        case .sleepSampleIngested(let payload): payload.encode(to: &data)
        case .sleepSampleDeleted(let payload): payload.encode(to: &data)
        case .vitalSampleIngested(let payload): payload.encode(to: &data)
        case .manualSleepLogged(let payload): payload.encode(to: &data)
        case .appleSleepScoreLogged(let payload): payload.encode(to: &data)
        case .scoreSettingsChanged(let payload): payload.encode(to: &data)
        case .demoNightStarted(let payload): payload.encode(to: &data)
        case .reminderRetired(let payload), .reminderRestored(let payload): payload.encode(to: &data)
        case .caffeineIngested(let payload): payload.encode(to: &data)
        case .workoutIngested(let payload): payload.encode(to: &data)
        case .healthSampleDeleted(let payload): payload.encode(to: &data)
        case .shareReceived(let payload): payload.encode(to: &data)
        case .opaque(let opaque): data.additional(opaque.data)
        }
    }
}
