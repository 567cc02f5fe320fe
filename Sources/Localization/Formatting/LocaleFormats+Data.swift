/// The shipped languages' formats, as ICU 72.1 (CLDR 42) has them: printed by
/// `Tests/Fixtures/Messages/make-fixtures.py --print-locale-data` and copied here; the
/// fixtures that script writes check every one of them through whole messages.
extension LocaleFormats {
    static let english = LocaleFormats(
        latinSymbols: NumberSymbols(decimal: ".", group: ",", minus: "-"),
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        datePatterns: ["EEEEMMMMd": "EEEE, MMMM d", "MMMMd": "MMMM d"],
        // U+202F NARROW NO-BREAK SPACE before the day period, as CLDR 42 writes it.
        timePattern: "h:mm\u{202F}a",
        dayPeriods: ["AM", "PM"]
    )

    /// `en-GB`: English with 24-hour times and the day before the month.
    static let britishEnglish: LocaleFormats = {
        var formats = english
        formats.datePatterns = ["EEEEMMMMd": "EEEE, d MMMM", "MMMMd": "d MMMM"]
        formats.timePattern = "HH:mm"
        return formats
    }()

    static let german = LocaleFormats(
        latinSymbols: NumberSymbols(decimal: ",", group: ".", minus: "-"),
        weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
        months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
        datePatterns: ["EEEEMMMMd": "EEEE, d. MMMM", "MMMMd": "d. MMMM"],
        timePattern: "HH:mm",
        dayPeriods: ["AM", "PM"]
    )

    static let arabic = LocaleFormats(
        // With Latin digits: a left-to-right mark before the minus sign.
        latinSymbols: NumberSymbols(decimal: ".", group: ",", minus: "\u{200E}-"),
        weekdays: ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"],
        months: ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"],
        datePatterns: ["EEEEMMMMd": "EEEE، d MMMM", "MMMMd": "d MMMM"],
        timePattern: "h:mm a",
        dayPeriods: ["ص", "م"]
    )
}
