import Events
import Projections

/// The one reading of the night options (`--from`, `--to`, `--night`) that `show`,
/// `trace`, `report` and `scores` share: a date is `YYYY-MM-DD`, the date of the night's
/// evening, and a malformed one is a usage error naming the option.
extension NightFilter {
    /// The nights `--from` and `--to` ask for (either may be left out: no limit on that
    /// side); a usage error when a date is malformed or `--to` is before `--from`.
    init(fromAndTo arguments: ParsedArguments) throws(UsageError) {
        try self.init(
            from: Self.date(option: "from", in: arguments),
            to: Self.date(option: "to", in: arguments),
            commandPath: arguments.commandPath
        )
    }

    /// The nights `--night`, `--from` and `--to` ask for (`trace`); a usage error when
    /// `--night` comes with one of the others, a date is malformed, or `--to` is before
    /// `--from`.
    init(nightOrFromAndTo arguments: ParsedArguments) throws(UsageError) {
        let night = try Self.date(option: "night", in: arguments)
        let from = try Self.date(option: "from", in: arguments)
        let to = try Self.date(option: "to", in: arguments)
        guard let night else {
            try self.init(from: from, to: to, commandPath: arguments.commandPath)
            return
        }
        guard from == nil, to == nil else {
            throw UsageError(message: "'--night' cannot be combined with '--from' or '--to'", commandPath: arguments.commandPath)
        }
        self.init(from: night, to: night)
    }

    /// `from...to`, or a usage error when `to` is before `from`.
    private init(from: LocalDate?, to: LocalDate?, commandPath: [String]) throws(UsageError) {
        if let from, let to, to < from {
            throw UsageError(message: "'--to \(to.iso)' is before '--from \(from.iso)'", commandPath: commandPath)
        }
        self.init(from: from, to: to)
    }

    /// The date of the option `name` (YYYY-MM-DD), `nil` when not given; a usage error
    /// naming the option and the expected form when it is malformed.
    static func date(option name: String, in arguments: ParsedArguments) throws(UsageError) -> LocalDate? {
        guard let text = arguments.value(name) else { return nil }
        do {
            return try LocalDate(iso: text)
        } catch {
            throw UsageError(message: "The value '\(text)' is invalid for '--\(name)': \(error.description)", commandPath: arguments.commandPath)
        }
    }
}
