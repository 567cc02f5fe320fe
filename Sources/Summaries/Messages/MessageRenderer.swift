import Events
import Foundation

/// Renders ``Message``s from a ``MessageCatalog`` for one locale: each placeholder is filled
/// from its typed ``MessageArgument`` by Foundation's locale-aware formatters (never by
/// string concatenation of sentence fragments).
///
/// - integers: `NumberFormatter`, decimal style ("1,234" in `en_US`, "1.234" in `de_DE`);
/// - minutes: `Duration.UnitsFormatStyle` in hours and minutes, in ``durationWidth``
///   ("7 hours, 12 minutes" / "7 hr, 12 min"; "0 minutes" for none);
/// - times of day: `DateFormatter` with the template `jmm` (the locale's hour cycle:
///   "11:50 PM" in `en_US`, whose space before "PM" is U+202F NARROW NO-BREAK SPACE, and
///   "23:50" in `de_DE`);
/// - dates: `DateFormatter` with the template `EEEEMMMMd` ("Monday, November 30",
///   "Montag, 30. November"), in the locale's calendar.
///
/// Times and dates are wall-clock values, so they are formatted in UTC from their fields and
/// never shift with the device's zone. The locale is always passed in: the output depends
/// on nothing else, so tests pin it.
public struct MessageRenderer: Sendable, Hashable {
    /// How durations are spelt.
    public enum DurationWidth: Sendable, Hashable {
        /// Full words ("7 hours, 12 minutes"): for speech and sentences.
        case wide
        /// Abbreviated units ("7 hr, 12 min"): for tight layouts.
        case abbreviated
    }

    /// The table.
    public var catalog: MessageCatalog
    /// The locale numbers, durations, times and dates are formatted for.
    public var locale: Locale
    /// How durations are spelt.
    public var durationWidth: DurationWidth

    /// A renderer of `catalog` (by default the English table) for `locale`.
    public init(catalog: MessageCatalog = .english, locale: Locale, durationWidth: DurationWidth = .wide) {
        self.catalog = catalog
        self.locale = locale
        self.durationWidth = durationWidth
    }

    /// `message` as text: its template with every placeholder filled. Arguments the
    /// template does not use are ignored (a translation may leave one out).
    public func render(_ message: Message) throws(MessageError) -> String {
        let template = try catalog.template(for: message.id)
        var text = ""
        for segment in template.segments {
            switch segment {
            case .literal(let literal):
                text += literal
            case .placeholder(let name):
                guard let argument = message.arguments[name] else {
                    throw .missingArgument(message.id, placeholder: name)
                }
                text += format(argument)
            }
        }
        return text
    }

    /// Whole sentences rendered and joined with one space, in order (the only joining the
    /// library does: each message is a complete sentence).
    public func render(_ messages: [Message]) throws(MessageError) -> String {
        var sentences: [String] = []
        for message in messages { sentences.append(try render(message)) }
        return sentences.joined(separator: " ")
    }

    /// One argument as display text for ``locale``.
    public func format(_ argument: MessageArgument) -> String {
        switch argument {
        case .integer(let value):
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 0
            return formatter.string(from: NSNumber(value: value)) ?? String(value)
        case .minutes(let minutes):
            let width: Duration.UnitsFormatStyle.UnitWidth = durationWidth == .wide ? .wide : .abbreviated
            let style = Duration.UnitsFormatStyle(allowedUnits: [.hours, .minutes], width: width).locale(locale)
            return Duration.seconds(Int64(minutes) * 60).formatted(style)
        case .timeOfDay(let time):
            return wallClockFormatter(template: "jmm").string(from: Date(timeIntervalSince1970: Double(time.minutesSinceMidnight * 60)))
        case .date(let date):
            // Noon, so that no calendar's day boundary is near.
            let seconds = Double(date.daysSince1970) * 86_400 + 43_200
            return wallClockFormatter(template: "EEEEMMMMd").string(from: Date(timeIntervalSince1970: seconds))
        case .text(let text):
            return text
        }
    }

    /// A formatter for ``locale`` that reads a `Date` as a UTC wall clock.
    private func wallClockFormatter(template: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }
}
