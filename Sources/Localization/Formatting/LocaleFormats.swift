import Events

/// What a shipped language needs to write numbers, dates and times as ICU 72 (CLDR 42)
/// writes them: separators, the minus sign, weekday and month names, date patterns by
/// skeleton, the time pattern and the day periods. The data is in
/// `LocaleFormats+Data.swift`, taken from ICU; the tests compare the output with ICU's
/// own (Tests/Fixtures/Messages).
struct LocaleFormats: Sendable {
    /// Decimal separator, grouping separator and minus sign, for each numbering system.
    struct NumberSymbols: Sendable {
        var decimal: String
        var group: String
        var minus: String
    }

    var latinSymbols: NumberSymbols
    /// Weekday names, Sunday first (wide; in the shipped languages the same standing alone,
    /// as the skeleton `EEEE` shows them).
    var weekdays: [String]
    /// Month names, January first (format context, wide).
    var months: [String]
    /// Date patterns by skeleton, in CLDR pattern letters.
    var datePatterns: [String: String]
    /// The time pattern for the skeleton `jmm`.
    var timePattern: String
    /// The names of the day periods, AM then PM.
    var dayPeriods: [String]

    /// The symbols of the Arabic-Indic digits (the same in every shipped language).
    static let arabicSymbols = NumberSymbols(decimal: "\u{066B}", group: "\u{066C}", minus: "\u{061C}-")

    /// The formats of `locale`'s language.
    static func of(_ locale: MessageLocale) -> LocaleFormats {
        switch locale.language {
        case "de": return german
        case "ar": return arabic
        default: return locale.region == "GB" ? britishEnglish : english
        }
    }

    /// The symbols for `numbering` (Arabic's Latin-digit symbols carry a left-to-right mark
    /// before the minus sign).
    func symbols(for numbering: MessageLocale.Numbering) -> NumberSymbols {
        numbering == .arabic ? Self.arabicSymbols : latinSymbols
    }
}

extension LocaleFormats {
    /// `value` in `locale`'s digits and separators, grouped by thousands, at most
    /// `maximumFractionDigits` fraction digits rounded half to even (as ICU rounds).
    static func number(_ value: DecimalText, maximumFractionDigits: Int, locale: MessageLocale) -> String {
        let symbols = of(locale).symbols(for: locale.numbering)
        let rounded = value.rounded(toFractionDigits: maximumFractionDigits)
        var integer = rounded.integerDigits
        var grouped = ""
        var count = 0
        while let digit = integer.popLast() {
            if count > 0, count % 3 == 0 { grouped = symbols.group + grouped }
            grouped = String(digit) + grouped
            count += 1
        }
        var text = grouped
        if !rounded.fractionDigits.isEmpty { text += symbols.decimal + rounded.fractionDigits }
        if rounded.isNegative, !rounded.isZero { text = symbols.minus + text }
        return digits(text, locale.numbering)
    }

    /// `text` with its ASCII digits written in `numbering`.
    static func digits(_ text: String, _ numbering: MessageLocale.Numbering) -> String {
        guard numbering == .arabic else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if ("0"..."9").contains(scalar), let arabic = Unicode.Scalar(0x0660 + scalar.value - 0x30) {
                result.append(arabic)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A calendar date by one of `MessagePattern.dateSkeletons`.
    static func date(_ date: LocalDate, skeleton: String, locale: MessageLocale) -> String {
        let formats = of(locale)
        // 1970-01-01 was a Thursday (index 4, Sunday first).
        let weekday = ((date.daysSince1970 % 7) + 7 + 4) % 7
        // `EEEE` alone is the weekday; the parser admits only skeletons every table has.
        let pattern = skeleton == "EEEE" ? "EEEE" : formats.datePatterns[skeleton] ?? "EEEE, MMMM d"
        return expand(pattern, locale: locale) { letter, width in
            switch letter {
            case "E": return formats.weekdays[weekday]
            case "M": return formats.months[date.month - 1]
            case "d": return width == 2 && date.day < 10 ? "0\(date.day)" : "\(date.day)"
            default: return nil
            }
        }
    }

    /// A time of day by the skeleton `jmm`: the locale's hour cycle.
    static func time(_ time: TimeOfDay, locale: MessageLocale) -> String {
        let formats = of(locale)
        let hour = time.minutesSinceMidnight / 60
        let minute = time.minutesSinceMidnight % 60
        return expand(formats.timePattern, locale: locale) { letter, width in
            switch letter {
            case "h":
                let twelve = hour % 12 == 0 ? 12 : hour % 12
                return width == 2 && twelve < 10 ? "0\(twelve)" : "\(twelve)"
            case "H":
                return width == 2 && hour < 10 ? "0\(hour)" : "\(hour)"
            case "m":
                return minute < 10 ? "0\(minute)" : "\(minute)"
            case "a":
                return formats.dayPeriods[hour < 12 ? 0 : 1]
            default:
                return nil
            }
        }
    }

    /// A CLDR pattern with each run of a letter replaced by `field(letter, width)` (digits
    /// converted to the locale's), and text in apostrophes kept as it is.
    private static func expand(_ pattern: String, locale: MessageLocale, field: (Character, Int) -> String?) -> String {
        var output = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                index += 1
                while index < characters.count, characters[index] != "'" {
                    output.append(characters[index])
                    index += 1
                }
                index += 1
                continue
            }
            guard character.isASCII, character.isLetter else {
                output.append(character)
                index += 1
                continue
            }
            var width = 1
            while index + width < characters.count, characters[index + width] == character { width += 1 }
            output += field(character, width).map { digits($0, locale.numbering) } ?? String(repeating: character, count: width)
            index += width
        }
        return output
    }
}

extension MessageLocale {
    /// `text` — ASCII digits, with `.` as the decimal point — in this locale's digits and
    /// decimal separator, never grouped: a figure shown as data inside a sentence, such as a
    /// year ("2026" → "٢٠٢٦") or a score with one decimal ("28.7" → "28,7").
    public func digits(of text: String) -> String {
        let decimal = LocaleFormats.of(self).symbols(for: numbering).decimal
        let converted = String(text.flatMap { character -> String in character == "." ? decimal : String(character) })
        return LocaleFormats.digits(converted, numbering)
    }

    /// `text` with each ASCII digit written in this locale's digits and nothing else
    /// changed ("7h26", "23:50", "2026-11-30" → "٧h٢٦", "٢٣:٥٠", "٢٠٢٦-١١-٣٠" with
    /// Arabic-Indic digits; the same text with Latin ones).
    public func nativeDigits(_ text: String) -> String {
        LocaleFormats.digits(text, numbering)
    }
}
