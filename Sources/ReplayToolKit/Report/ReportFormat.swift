import Foundation
import Summaries
import Events
import Localization
import Projections

/// The small formatting rules the text report and the page share, so both say the same
/// figures the same way, and in the report's language: every word comes from the message
/// catalogue (`report.*` messages, rendered by `PeriodReport.renderer`).
///
/// Figures that are data are built as data: the tables' durations ("7h36"), clock times
/// ("22:41") and ISO dates. Where a figure is part of a sentence it goes through a message,
/// so that it is written in the language's words and digits ("5h53", "5 Std. 53 Min.",
/// "٥ س ٥٣ د"). The page then writes every digit of its text in the locale's digits
/// (`ReportPageRenderer.textInLocalDigits`: "٧h٣٦", "٢٢:٤١" on an Arabic page); the text
/// report, for a terminal, keeps the data's digits.
enum ReportFormat {
    /// "7 hours 36 minutes", "1 hour", "45 minutes" (whole minutes, half up), as a message.
    static func spokenDuration(_ milliseconds: Int64) -> Message {
        let minutes = SleepRecord.wholeMinutes(milliseconds)
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return Message(.reportDurationMinutes, ["minutes": .integer(rest)]) }
        if rest == 0 { return Message(.reportDurationHours, ["hours": .integer(hours)]) }
        return Message(.reportDurationHoursMinutes, ["hours": .integer(hours), "minutes": .integer(rest)])
    }

    /// "7h36" style, for tables and chart labels (whole minutes, half up): data, the same in
    /// every language.
    static func shortDuration(_ milliseconds: Int64) -> String {
        let minutes = SleepRecord.wholeMinutes(milliseconds)
        let sign = minutes < 0 ? "-" : ""
        let magnitude = abs(minutes)
        return sign + "\(magnitude / 60)h" + (magnitude % 60 < 10 ? "0" : "") + "\(magnitude % 60)"
    }

    /// Minutes as "7h36", "-0h20".
    static func shortDuration(minutes: Double) -> String {
        shortDuration(Int64((minutes * 60_000).rounded()))
    }

    /// Minutes as a sentence shows them (`report.duration.short`: "5h53", "5 Std. 53 Min.");
    /// a negative duration stays data ("-0h20").
    static func shortDurationArgument(_ milliseconds: Int64) -> MessageArgument {
        let whole = SleepRecord.wholeMinutes(milliseconds)
        guard whole >= 0 else { return .text(shortDuration(milliseconds)) }
        return .message(Message(.reportDurationShort, ["hours": .integer(whole / 60), "minutes": .integer(whole % 60)]))
    }

    /// Minutes as a sentence shows them ("5h53").
    static func shortDurationArgument(minutes: Double) -> MessageArgument {
        shortDurationArgument(Int64((minutes * 60_000).rounded()))
    }

    /// The wall-clock time of `instant` as it was given (its own offset): "22:41" (data).
    static func clock(_ instant: Instant) -> String {
        let local = instant.localDateTime
        return two(local.hour) + ":" + two(local.minute)
    }

    /// The wall-clock time of `instant` (its own offset), for a `{name, time}` argument.
    static func timeOfDay(_ instant: Instant) -> MessageArgument {
        .timeOfDay(instant.localDateTime.timeOfDay)
    }

    /// A weekday's short name ("Mon").
    static func weekday(_ night: LocalDate) -> Message {
        Message(MessageID.reportWeekday(night.weekday))
    }

    /// "Mon 30 Nov" for a night.
    static func nightLabel(_ night: LocalDate) -> Message {
        Message(.reportNightLabel, [
            "weekday": .message(weekday(night)), "day": .integer(night.day),
            "month": .message(Message(MessageID.reportMonth(night.month))),
        ])
    }

    /// "Mon 30 Nov" for a night, in the report's language.
    static func nightLabel(_ night: LocalDate, _ renderer: MessageRenderer) -> String {
        renderer.text(nightLabel(night))
    }

    /// "Mon 30 Nov 2026" (the year in the language's digits).
    static func dateLabel(_ night: LocalDate, _ renderer: MessageRenderer) -> Message {
        Message(.reportNightDate, [
            "weekday": .message(weekday(night)), "day": .integer(night.day),
            "month": .message(Message(MessageID.reportMonth(night.month))),
            "year": .text(localNumber("\(night.year)", renderer)),
        ])
    }

    /// `{count}` nights: "3 nights".
    static func nights(_ count: Int, _ renderer: MessageRenderer) -> String {
        renderer.text(.reportCountNights, ["nights": .integer(count)])
    }

    static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A figure written as data ("28.7", "2026") in the language's digits and decimal
    /// separator, for a sentence ("28,7", "٢٨٫٧").
    static func localNumber(_ text: String, _ renderer: MessageRenderer) -> String {
        renderer.locale.digits(of: text)
    }

    /// `items` as one list, joined by `report.list.comma` (or `report.list.semicolon`):
    /// "a, b, c", "a، b، c". A message, so that it is placed into a sentence whole: a piece
    /// of text already rendered with bidi isolates must not be placed into another message
    /// as text (its isolates would hide its direction from the isolate around it).
    static func list(_ items: [Message], joinedBy join: MessageID = .reportListComma) -> MessageArgument {
        guard var list = items.first else { return .text("") }
        for item in items.dropFirst() {
            list = Message(join, ["head": .message(list), "tail": .message(item)])
        }
        return .message(list)
    }

    /// The coach's weekly summary (`InsightsSummary`) as sentences in the report's language.
    static func insightSentences(_ insights: Insights, renderer: MessageRenderer) -> [String] {
        InsightsSummary(insights).messages.map { renderer.text($0) }
    }

    /// The width a terminal gives `text`: its characters, less the invisible ones (the bidi
    /// isolates a right-to-left language puts around arguments, and other format characters).
    static func displayWidth(_ text: some StringProtocol) -> Int {
        text.reduce(0) { count, character in
            character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format } ? count : count + 1
        }
    }

    /// `text` padded with spaces to `width` terminal columns.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(width - displayWidth(text), 0))
    }
}

extension MessageRenderer {
    /// `message` as text; its id when the table cannot render it (the tests render every
    /// report message in every shipped language, so that is never seen).
    func text(_ message: Message) -> String {
        (try? render(message)) ?? message.id.rawValue
    }

    /// The message `id` with `arguments`, as text.
    func text(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) -> String {
        text(Message(id, arguments))
    }

    /// `message` as text without bidi isolates, to be placed into another message as text
    /// (coloured, say) and isolated there as a whole.
    func plainText(_ message: Message) -> String {
        var plain = self
        plain.isolatesArguments = false
        return plain.text(message)
    }

    /// Whether the report's language runs right to left (its page and charts mirror).
    var isRightToLeft: Bool { locale.direction == .rightToLeft }
}
