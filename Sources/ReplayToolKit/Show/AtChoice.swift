import Commands
import EventLogFile
import Events
import Projections

/// The `--at` option as a person types it: an instant with its offset
/// (`2026-12-03T23:00:00+01:00`), or a reading of their own clock without one — a local
/// date-time (`2026-12-03T23:00`, seconds optional) or a date (`2026-12-03`). A person
/// debugging a night rarely knows its offset (daylight saving, a trip), so a reading is
/// taken on the clock of the log's zone at that moment (`NightPlans.instant(readingClock:)`),
/// a date at its noon (the start of that night), and standard error says which instant was
/// used.
enum AtChoice {
    /// An instant given with its offset: used as it is.
    case instant(Instant)
    /// A reading of the person's clock; `isDate` when only a date was given (read at noon).
    case clock(LocalDateTime, typed: String, isDate: Bool)

    /// The choice of the option `name`, or `nil` when it was not given; a usage error
    /// naming the option and the forms it takes when the value is none of them.
    init?(option name: String, in arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value(name) else { return nil }
        if let instant = try? Instant(rfc3339: text) {
            self = .instant(instant)
        } else if let date = try? LocalDate(iso: text), let noon = LocalDateTime(date: date, hour: 12, minute: 0, second: 0) {
            self = .clock(noon, typed: text, isDate: true)
        } else if let reading = Self.localDateTime(text) {
            self = .clock(reading, typed: text, isDate: false)
        } else {
            throw UsageError(
                message: "The value '\(text)' is invalid for '--\(name)': give an instant with its offset "
                    + "(2026-12-03T23:00:00+01:00), a time on the log's clock (2026-12-03T23:00) or a date (2026-12-03)",
                commandPath: arguments.commandPath
            )
        }
    }

    /// `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (a space may stand for the `T`), else `nil`.
    static func localDateTime(_ text: String) -> LocalDateTime? {
        let parts = text.split(maxSplits: 1, omittingEmptySubsequences: false) { $0 == "T" || $0 == " " }
        guard parts.count == 2, let date = try? LocalDate(iso: String(parts[0])) else { return nil }
        let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3,
              fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(fields[0]), let minute = Int(fields[1])
        else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) ?? -1 : 0
        return LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    }

    /// The instant meant, for the log at `path`. A reading of the clock folds the log first
    /// (from its checkpoints, as `arguments` say) to learn its zones, then says on standard
    /// error which instant it used; a log with no zone yet cannot be read that way, and is a
    /// usage error saying to give the offset.
    func instant(forLogAt path: String, arguments: ParsedArguments, console: ToolConsole) throws -> Instant {
        switch self {
        case .instant(let instant):
            return instant
        case .clock(let local, let typed, let isDate):
            guard let reading = try Self.reading(local, forLogAt: path, arguments: arguments) else {
                throw UsageError(
                    message: "'--at \(typed)' has no offset, and the log names no time zone to read it in: give one, such as \(local)+01:00",
                    commandPath: arguments.commandPath
                )
            }
            var note = "--at \(typed): read as \(reading.instant.rfc3339), "
            note += isDate ? "noon of night \(local.date.iso) on the clock of \(reading.zone), the log's zone then" : "on the clock of \(reading.zone), the log's zone then"
            if reading.wasSkipped { note += " (that clock never read \(local); the first moment after it)" }
            console.error(note + "\n")
            return reading.instant
        }
    }

    /// The instant at which the clock of the log at `path` read `local`
    /// (`NightPlans.instant(readingClock:)`), folding the log (from its checkpoints, as
    /// `arguments` say) to learn its zones; `nil` when the log names no zone yet.
    static func reading(_ local: LocalDateTime, forLogAt path: String, arguments: ParsedArguments) throws -> NightPlans.ClockReading? {
        let fold = try LogStateFold.fold(
            path: path, at: nil, untilSeq: nil, checkpoints: CheckpointChoice(arguments), console: nil,
            invalidLines: LogStateFold.invalidLines(arguments))
        return fold.runner.state.nightPlans.instant(readingClock: local)
    }

    /// The option's help, shared by every command that takes it.
    static let help = "Answer as of this instant (events whose 'at' is at or before it): RFC 3339 with an offset, "
        + "such as 2026-11-30T21:00:00+01:00, or a time on the log's own clock without one (2026-11-30T21:00), "
        + "or a date (2026-11-30: its noon, the start of that night); a time without an offset is read in the "
        + "log's zone at that moment, and standard error says which instant was used."
}
