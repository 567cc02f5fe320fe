/// Who wrote an event. For readers the wire value is an open set: a value this version
/// does not list is kept as it is (both line decoders agree), so a log written by a newer
/// app still reads. A writer keeps to `listed` (`replay-tool append` refuses any other).
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
    /// A share from someone else, received through the front end (`shareReceived`).
    public static let share = EventSource(rawValue: "share")

    /// The sources docs/log-format.md lists, in its order.
    public static let listed: [EventSource] = [.phone, .watch, .siri, .widget, .health, .import, .system, .demo, .share]

    /// Whether docs/log-format.md lists this source.
    public var isListed: Bool { Self.listed.contains(self) }

    public var description: String { rawValue }
}
