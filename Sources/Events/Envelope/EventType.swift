/// The event types of the v1 catalogue (log-format.md), with their current payload
/// versions. A type this list does not name is read as an opaque event.
public enum EventType: String, Sendable, Hashable, CaseIterable {
    case goalSet
    case goalCleared
    case bedtimeOverridden
    case appTierAssigned
    case windDownStartedEarly
    case checklistItemCompleted
    case checklistItemReopened
    case notificationInteracted
    case exitRequested
    case exitCancelled
    case exitConfirmed
    case freeWindowUsed
    case wentToBed
    case wokeUp
    case sleepSampleIngested
    case sleepSampleDeleted
    case vitalSampleIngested
    case manualSleepLogged
    case appleSleepScoreLogged
    case scoreSettingsChanged
    case demoNightStarted

    /// The payload version this reader writes and reads natively.
    public var currentVersion: Int { 1 }

    /// The keys of the current payload, in write order.
    public var fieldNames: [String] {
        switch self {
        case .goalSet: return GoalSet.fieldNames
        case .goalCleared: return GoalCleared.fieldNames
        case .bedtimeOverridden: return BedtimeOverridden.fieldNames
        case .appTierAssigned: return AppTierAssigned.fieldNames
        case .windDownStartedEarly, .exitRequested, .exitCancelled, .exitConfirmed, .wentToBed, .wokeUp:
            return NightAction.fieldNames
        case .checklistItemCompleted, .checklistItemReopened: return ChecklistItemChange.fieldNames
        case .notificationInteracted: return NotificationInteracted.fieldNames
        case .freeWindowUsed: return FreeWindowUsed.fieldNames
        case .sleepSampleIngested: return SleepSampleIngested.fieldNames
        case .sleepSampleDeleted: return SleepSampleDeleted.fieldNames
        case .vitalSampleIngested: return VitalSampleIngested.fieldNames
        case .manualSleepLogged: return ManualSleepLogged.fieldNames
        case .appleSleepScoreLogged: return AppleSleepScoreLogged.fieldNames
        case .scoreSettingsChanged: return ScoreSettingsChanged.fieldNames
        case .demoNightStarted: return DemoNightStarted.fieldNames
        }
    }

    /// Reads a payload of this type at its current version.
    public func decodePayload(_ data: PayloadDecoder) throws(EventDecodingError) -> EventPayload {
        switch self {
        case .goalSet: return .goalSet(try GoalSet(decoding: data))
        case .goalCleared: return .goalCleared
        case .bedtimeOverridden: return .bedtimeOverridden(try BedtimeOverridden(decoding: data))
        case .appTierAssigned: return .appTierAssigned(try AppTierAssigned(decoding: data))
        case .windDownStartedEarly: return .windDownStartedEarly(try NightAction(decoding: data))
        case .checklistItemCompleted: return .checklistItemCompleted(try ChecklistItemChange(decoding: data))
        case .checklistItemReopened: return .checklistItemReopened(try ChecklistItemChange(decoding: data))
        case .notificationInteracted: return .notificationInteracted(try NotificationInteracted(decoding: data))
        case .exitRequested: return .exitRequested(try NightAction(decoding: data))
        case .exitCancelled: return .exitCancelled(try NightAction(decoding: data))
        case .exitConfirmed: return .exitConfirmed(try NightAction(decoding: data))
        case .freeWindowUsed: return .freeWindowUsed(try FreeWindowUsed(decoding: data))
        case .wentToBed: return .wentToBed(try NightAction(decoding: data))
        case .wokeUp: return .wokeUp(try NightAction(decoding: data))
        case .sleepSampleIngested: return .sleepSampleIngested(try SleepSampleIngested(decoding: data))
        case .sleepSampleDeleted: return .sleepSampleDeleted(try SleepSampleDeleted(decoding: data))
        case .vitalSampleIngested: return .vitalSampleIngested(try VitalSampleIngested(decoding: data))
        case .manualSleepLogged: return .manualSleepLogged(try ManualSleepLogged(decoding: data))
        case .appleSleepScoreLogged: return .appleSleepScoreLogged(try AppleSleepScoreLogged(decoding: data))
        case .scoreSettingsChanged: return .scoreSettingsChanged(try ScoreSettingsChanged(decoding: data))
        case .demoNightStarted: return .demoNightStarted(try DemoNightStarted(decoding: data))
        }
    }
}
