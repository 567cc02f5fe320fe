/// The event types of the v1 catalogue (docs/log-format.md §5), with their current payload
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
    case reminderRetired
    case reminderRestored
    case caffeineIngested
    case workoutIngested
    case healthSampleDeleted
    case shareReceived

    /// The payload version this reader writes and reads natively.
    public var currentVersion: Int { 1 }

    /// The keys of the current payload, in write order.
    public var fieldNames: [String] { EventType.fieldNamesByOrdinal[ordinal] }

    /// Each type's keys, by ordinal, collected once from the payload descriptions.
    private static let fieldNamesByOrdinal: [[String]] = allCases.map { type in
        var names = PayloadNamesReader()
        _ = type.readPayload(with: &names)
        return names.names
    }

    /// Reads a payload of this type at its current version.
    package func decodePayload(_ data: PayloadDecoder) throws(EventDecodingError) -> EventPayload {
        var reader = data
        return try readPayload(with: &reader)
    }

    /// Reads a payload of this type with `reader`: the one place that pairs each type with
    /// its payload shape and its `EventPayload` case, for every reader (the reference
    /// decoder, the fast path, the list of keys).
    @inline(__always)
    func readPayload<Reader: PayloadReading>(with reader: inout Reader) throws(Reader.Failure) -> EventPayload {
        switch self {
        case .goalSet: return .goalSet(try reader.read(GoalSet.self))
        case .goalCleared:
            _ = try reader.read(GoalCleared.self)
            return .goalCleared
        case .bedtimeOverridden: return .bedtimeOverridden(try reader.read(BedtimeOverridden.self))
        case .appTierAssigned: return .appTierAssigned(try reader.read(AppTierAssigned.self))
        case .windDownStartedEarly: return .windDownStartedEarly(try reader.read(NightAction.self))
        case .checklistItemCompleted: return .checklistItemCompleted(try reader.read(ChecklistItemChange.self))
        case .checklistItemReopened: return .checklistItemReopened(try reader.read(ChecklistItemChange.self))
        case .notificationInteracted: return .notificationInteracted(try reader.read(NotificationInteracted.self))
        case .exitRequested: return .exitRequested(try reader.read(NightAction.self))
        case .exitCancelled: return .exitCancelled(try reader.read(NightAction.self))
        case .exitConfirmed: return .exitConfirmed(try reader.read(NightAction.self))
        case .freeWindowUsed: return .freeWindowUsed(try reader.read(FreeWindowUsed.self))
        case .wentToBed: return .wentToBed(try reader.read(NightAction.self))
        case .wokeUp: return .wokeUp(try reader.read(NightAction.self))
        case .sleepSampleIngested: return .sleepSampleIngested(try reader.read(SleepSampleIngested.self))
        case .sleepSampleDeleted: return .sleepSampleDeleted(try reader.read(SleepSampleDeleted.self))
        case .vitalSampleIngested: return .vitalSampleIngested(try reader.read(VitalSampleIngested.self))
        case .manualSleepLogged: return .manualSleepLogged(try reader.read(ManualSleepLogged.self))
        case .appleSleepScoreLogged: return .appleSleepScoreLogged(try reader.read(AppleSleepScoreLogged.self))
        case .scoreSettingsChanged: return .scoreSettingsChanged(try reader.read(ScoreSettingsChanged.self))
        case .demoNightStarted: return .demoNightStarted(try reader.read(DemoNightStarted.self))
        case .reminderRetired: return .reminderRetired(try reader.read(ReminderChange.self))
        case .reminderRestored: return .reminderRestored(try reader.read(ReminderChange.self))
        case .caffeineIngested: return .caffeineIngested(try reader.read(CaffeineIngested.self))
        case .workoutIngested: return .workoutIngested(try reader.read(WorkoutIngested.self))
        case .healthSampleDeleted: return .healthSampleDeleted(try reader.read(HealthSampleDeleted.self))
        case .shareReceived: return .shareReceived(try reader.read(ShareReceived.self))
        }
    }

    /// The types by their packed names, for the fast path.
    static let packedNames = PackedNameTable(allCases.map { ($0.rawValue, $0) })
}

/// Reads a whole payload of a given shape: what ``EventType/readPayload(with:)`` asks of a
/// reader.
protocol PayloadReading {
    /// What a read throws.
    associatedtype Failure: Error
    /// Reads a payload of shape `type`.
    mutating func read<Payload: EventPayloadContent>(_ type: Payload.Type) throws(Failure) -> Payload
}

extension PayloadDecoder: PayloadReading {
    /// Reads the object as a `Payload` (see `EventPayloadContent.init(decoding:)`).
    func read<Payload: EventPayloadContent>(_ type: Payload.Type) throws(EventDecodingError) -> Payload {
        try Payload(decoding: self)
    }
}

/// Collects the keys of the payload shape it is asked to read, and reads nothing.
private struct PayloadNamesReader: PayloadReading {
    var names: [String] = []

    mutating func read<Payload: EventPayloadContent>(_ type: Payload.Type) -> Payload {
        names = Payload.fieldNames
        return Payload.placeholder
    }
}
