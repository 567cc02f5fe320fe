import Events

/// Renders ``Message``s for one locale: the template of the locale's table (or, where that
/// table lacks the message, the English one), each argument formatted for the locale by
/// this library's own formatter, which writes what ICU 72 writes (the tests hold it against
/// ICU's output, Tests/Fixtures/Messages):
///
/// - numbers: the locale's digits (Arabic-Indic for `ar`), grouping and decimal separator,
///   at most 3 fraction digits (`integer`: none), rounded half to even;
/// - dates by skeleton (`::EEEEMMMMd`: "Monday, November 30", "Montag, 30. November",
///   "الاثنين، ٣٠ نوفمبر") and times of day in the locale's hour cycle (`::jmm` or `short`:
///   "11:50 PM" with U+202F before "PM", "23:50", "١١:٥٠ م"), as wall-clock values that never
///   shift with a zone;
/// - durations (`{d, duration}`): whole minutes as hours and minutes, spelt by the table's
///   own `duration.hoursMinutes`, `duration.hours` and `duration.minutes` messages (or,
///   when the table lacks them, the locale's shipped table's), so each language words and
///   pluralises them ("7 hours, 12 minutes", "1 hour", "0 minutes"; Arabic's six plural
///   forms);
/// - `plural` and `selectordinal` by CLDR's rules for the language (`PluralRules`), on the
///   number as shown.
///
/// In a right-to-left language every argument placed into the text (a number, `#`, a date,
/// a time, a duration, a name) is wrapped in FIRST STRONG ISOLATE (U+2068) … POP DIRECTIONAL
/// ISOLATE (U+2069), so that a Latin name or a number never reorders the sentence around
/// it (``isolatesArguments``).
public struct MessageRenderer: Sendable, Hashable {
    /// The locale's table.
    public var catalog: MessageCatalog
    /// The table a message missing from ``catalog`` is rendered from, in English.
    public var fallback: MessageCatalog
    /// The locale numbers, dates, times, durations and plurals follow.
    public var locale: MessageLocale
    /// Whether each argument is bidi-isolated (by default, in right-to-left languages).
    public var isolatesArguments: Bool

    /// A renderer of the shipped table of `locale`'s language.
    public init(locale: MessageLocale = .english) {
        self.init(catalog: .shipped(for: locale), locale: locale)
    }

    /// A renderer of `catalog` for `locale`; a message `catalog` lacks comes from `fallback`
    /// (by default the English table), rendered in English.
    public init(catalog: MessageCatalog, locale: MessageLocale, fallback: MessageCatalog = .english) {
        self.catalog = catalog
        self.fallback = fallback
        self.locale = locale
        self.isolatesArguments = locale.direction == .rightToLeft
    }

    /// `message` as text.
    public func render(_ message: Message) throws(MessageError) -> String {
        if catalog.templates[message.id] == nil, fallback.templates[message.id] != nil {
            // In English: the locale's own formats when it is an English one (en-GB), else en.
            var english = MessageRenderer(catalog: fallback, locale: locale.language == "en" ? locale : .english, fallback: fallback)
            english.isolatesArguments = false
            return try english.render(message)
        }
        let template = try catalog.template(for: message.id)
        var output = ""
        try append(template.nodes, of: message, number: nil, to: &output)
        return output
    }

    /// Whole sentences rendered and joined with one space, in order (the only joining the
    /// library does: each message is a complete sentence).
    public func render(_ messages: [Message]) throws(MessageError) -> String {
        var sentences: [String] = []
        for message in messages { sentences.append(try render(message)) }
        return sentences.joined(separator: " ")
    }

    /// `argument` as shown by a plain `{name}`: a number as `number`, minutes as `duration`,
    /// a time of day as `::jmm`, a date as `::EEEEMMMMd`, text as it is (not isolated).
    public func format(_ argument: MessageArgument) -> String {
        switch argument {
        case .integer, .number:
            return LocaleFormats.number(argument.decimal ?? DecimalText(0), maximumFractionDigits: 3, locale: locale)
        case .minutes(let minutes):
            return duration(minutes)
        case .timeOfDay(let time):
            return LocaleFormats.time(time, locale: locale)
        case .date(let date):
            return LocaleFormats.date(date, skeleton: "EEEEMMMMd", locale: locale)
        case .text(let text):
            return text
        case .message(let message):
            var inner = self
            inner.isolatesArguments = false
            return (try? inner.render(message)) ?? message.id.rawValue
        }
    }

    // MARK: Rendering

    private func isolated(_ text: String) -> String {
        isolatesArguments ? "\u{2068}" + text + "\u{2069}" : text
    }

    private func append(_ nodes: [MessagePattern.Node], of message: Message, number: DecimalText?, to output: inout String) throws(MessageError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .pound:
                // Outside a plural branch the parser never makes one; `#` is then text.
                output += number.map { isolated(LocaleFormats.number($0, maximumFractionDigits: 3, locale: locale)) } ?? "#"
            case .argument(let name, let format):
                let value = try argument(name, of: message)
                output += isolated(try formatted(value, as: format, name: name, id: message.id))
            case .plural(let name, let ordinal, let offset, let branches):
                let value = try argument(name, of: message)
                guard let decimal = value.decimal else {
                    throw .argumentTypeMismatch(message.id, placeholder: name, expected: .number, found: value.type)
                }
                let shown = decimal.rounded(toFractionDigits: 3)
                let exact = shown.fractionDigits.isEmpty ? Int(shown.description) : nil
                let less = shown.subtracting(offset)
                let rules = ordinal ? locale.ordinalRules : locale.cardinalRules
                let category = rules.category(for: less.operands)
                let branch = branches.first { $0.selector == .exactly(exact ?? Int.min) && exact != nil }
                    ?? branches.first { $0.selector == .category(category) }
                    ?? branches.first { $0.selector == .category(.other) }
                if let branch { try append(branch.message, of: message, number: less, to: &output) }
            case .select(let name, let branches):
                let value = try argument(name, of: message)
                let key: String
                switch value {
                case .text(let text): key = text
                default: key = format(value)
                }
                let branch = branches.first { $0.key == key && key != "other" } ?? branches.first { $0.key == "other" }
                if let branch { try append(branch.message, of: message, number: number, to: &output) }
            }
        }
    }

    private func argument(_ name: String, of message: Message) throws(MessageError) -> MessageArgument {
        guard let value = message.arguments[name] else { throw .missingArgument(message.id, placeholder: name) }
        return value
    }

    private func formatted(_ value: MessageArgument, as format: MessagePattern.ArgumentFormat, name: String, id: MessageID) throws(MessageError) -> String {
        switch format {
        case .plain:
            if case .message(let nested) = value {
                var inner = self
                inner.isolatesArguments = false
                return try inner.render(nested)
            }
            return self.format(value)
        case .number, .integer:
            guard let decimal = value.decimal else { throw .argumentTypeMismatch(id, placeholder: name, expected: .number, found: value.type) }
            return LocaleFormats.number(decimal, maximumFractionDigits: format == .integer ? 0 : 3, locale: locale)
        case .date(let skeleton):
            guard case .date(let date) = value else { throw .argumentTypeMismatch(id, placeholder: name, expected: .date, found: value.type) }
            return LocaleFormats.date(date, skeleton: skeleton, locale: locale)
        case .time:
            guard case .timeOfDay(let time) = value else { throw .argumentTypeMismatch(id, placeholder: name, expected: .time, found: value.type) }
            return LocaleFormats.time(time, locale: locale)
        case .duration:
            guard case .minutes(let minutes) = value else { throw .argumentTypeMismatch(id, placeholder: name, expected: .duration, found: value.type) }
            return duration(minutes)
        }
    }

    /// Whole minutes as the table's duration messages spell them: hours and minutes, hours
    /// alone when the minutes are 0, minutes alone under an hour (also for 0). Negative
    /// durations are shown as their size.
    private func duration(_ minutes: Int) -> String {
        let total = minutes.magnitude
        let hours = Int(total / 60)
        let rest = Int(total % 60)
        let message: Message
        if hours == 0 {
            message = Message(.durationMinutes, ["minutes": .integer(rest)])
        } else if rest == 0 {
            message = Message(.durationHours, ["hours": .integer(hours)])
        } else {
            message = Message(.durationHoursMinutes, ["hours": .integer(hours), "minutes": .integer(rest)])
        }
        var inner = self
        // The duration as a whole is isolated where it is placed; its numbers need not be.
        inner.isolatesArguments = false
        // A table without the duration messages spells durations as the locale's shipped table.
        if inner.catalog.templates[message.id] == nil {
            inner.catalog = .shipped(for: locale)
        }
        return (try? inner.render(message)) ?? "\(hours):\(rest < 10 ? "0" : "")\(rest)"
    }
}
