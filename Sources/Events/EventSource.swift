/// Who wrote an event. The wire value is an open set: a value this version does not
/// list is kept as it is.
public struct EventSource: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The iPhone app.
    public static let phone = EventSource(rawValue: "phone")
    /// The watch companion.
    public static let watch = EventSource(rawValue: "watch")
    /// A Siri intent or shortcut.
    public static let siri = EventSource(rawValue: "siri")
    /// A widget button.
    public static let widget = EventSource(rawValue: "widget")
    /// HealthKit delivery.
    public static let health = EventSource(rawValue: "health")
    /// An import (e.g. from an Apple Health export).
    public static let `import` = EventSource(rawValue: "import")
    /// The library itself (automatic follow-ups).
    public static let system = EventSource(rawValue: "system")
    /// The demo mode.
    public static let demo = EventSource(rawValue: "demo")

    public var description: String { rawValue }
}
