/// The night an action belongs to: the local calendar date of the evening on which the
/// night begins (`"2026-11-30"` is the evening of Nov 30 and the morning of Dec 1), or the
/// demo night that the latest `demoNightStarted` began (`"demo"`).
public enum Night: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A real night, named by the date of its evening.
    case date(LocalDate)
    /// The demo night (see `DemoNightStarted`).
    case demo

    /// Reads `"YYYY-MM-DD"` or `"demo"`.
    public init(text: String) throws(ValueFormatError) {
        if text == "demo" {
            self = .demo
        } else {
            self = .date(try LocalDate(iso: text))
        }
    }

    /// The wire form: `"YYYY-MM-DD"` or `"demo"`.
    public var text: String {
        switch self {
        case .date(let date): return date.iso
        case .demo: return "demo"
        }
    }

    /// The date of a real night, `nil` for the demo night.
    public var date: LocalDate? {
        if case .date(let date) = self { return date }
        return nil
    }

    public var description: String { text }
}
