import Events

/// A command whose fields are exactly the payload of the one event it appends when
/// accepted (`LogManualSleep` → `manualSleepLogged`, `RecordNotificationInteraction` →
/// `notificationInteracted`): it holds that payload, so the fields are described once, on
/// the payload type, and read through it (`command.night` is `command.payload.night`).
@dynamicMemberLookup
public protocol PayloadCommand: Command {
    /// The payload of the event the command appends.
    associatedtype Payload: Sendable
    /// What the command asks to record, as its event will carry it.
    var payload: Payload { get set }
}

extension PayloadCommand {
    /// A field of ``payload``, read and written as the command's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Payload, Value>) -> Value {
        get { payload[keyPath: field] }
        set { payload[keyPath: field] = newValue }
    }
}
