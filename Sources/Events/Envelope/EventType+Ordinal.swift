extension EventType {
    /// The type's place in the declaration (and in `allCases`), 0 for `goalSet`: a dense
    /// index for bit sets and counters.
    public var ordinal: Int {
        switch self {
        case .goalSet: return 0
        case .goalCleared: return 1
        case .bedtimeOverridden: return 2
        case .appTierAssigned: return 3
        case .windDownStartedEarly: return 4
        case .checklistItemCompleted: return 5
        case .checklistItemReopened: return 6
        case .notificationInteracted: return 7
        case .exitRequested: return 8
        case .exitCancelled: return 9
        case .exitConfirmed: return 10
        case .freeWindowUsed: return 11
        case .wentToBed: return 12
        case .wokeUp: return 13
        case .sleepSampleIngested: return 14
        case .sleepSampleDeleted: return 15
        case .vitalSampleIngested: return 16
        case .manualSleepLogged: return 17
        case .appleSleepScoreLogged: return 18
        case .scoreSettingsChanged: return 19
        case .demoNightStarted: return 20
        }
    }
}
