import Projections

/// Colour for terminal text, in the report's night-sky palette (24-bit ANSI escapes).
/// Disabled, it returns the text unchanged: the report never depends on colour to be read.
struct Painter: Sendable {
    /// The palette (the Sleep Cycle night-sky design); amber and green are the exits'
    /// own (confirmed, cancelled), apart from every stage's, as on the page.
    enum Colour: Sendable, Hashable {
        case rose, indigo, deepIndigo, aqua, muted, amber, green

        /// Red, green, blue.
        var components: (red: Int, green: Int, blue: Int) {
            switch self {
            case .rose: return (0xFF, 0x8F, 0xB1)
            case .indigo: return (0x6C, 0x7B, 0xFF)
            case .deepIndigo: return (0x3D, 0x4A, 0xBF)
            case .aqua: return (0x4F, 0xD1, 0xE6)
            case .muted: return (0x9A, 0x9E, 0xD0)
            case .amber: return (0xF5, 0xB4, 0x53)
            case .green: return (0x57, 0xB8, 0x6A)
            }
        }
    }

    /// Whether escapes are written.
    var enabled: Bool

    /// `text` in `colour`.
    func tint(_ text: String, _ colour: Colour) -> String {
        guard enabled else { return text }
        let (red, green, blue) = colour.components
        return "\u{1B}[38;2;\(red);\(green);\(blue)m" + text + "\u{1B}[0m"
    }

    /// `text` in bold.
    func bold(_ text: String) -> String {
        enabled ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
    }

    /// Whether a report to standard output is coloured: only on a terminal, and never when
    /// `NO_COLOR` is set to anything but the empty string (https://no-color.org).
    static func allowsColour(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard outputIsTerminal else { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return true
    }

    /// The colour of a stage.
    static func colour(of level: Hypnogram.Level) -> Colour {
        switch level {
        case .awake: return .rose
        case .rem: return .aqua
        case .core: return .indigo
        case .deep: return .deepIndigo
        case .asleep: return .muted
        }
    }

    /// The colour of a score band: rose below 50, indigo 50–74, aqua from 75.
    static func colour(of band: ScoreBand) -> Colour {
        switch band {
        case .low: return .rose
        case .fair: return .indigo
        case .good: return .aqua
        }
    }
}
