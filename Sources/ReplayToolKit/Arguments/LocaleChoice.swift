import Localization

/// `--locale TAG` of every command that prints sentences: a shipped language (`en`, `de`,
/// `ar`, with a region such as `en-GB` and `-u-nu-latn` or `-u-nu-arab` for the digits).
enum LocaleChoice {
    /// The option, with `defaultTag` shown as its default.
    static func option(defaultTag: String) -> OptionSpecification {
        .value(
            "locale", valueName: "tag",
            help: "The language of the sentences: en, de or ar (a BCP 47 tag: en-GB for 24-hour times, ar-u-nu-latn for Latin digits).",
            defaultDescription: defaultTag)
    }

    /// The locale given, or `defaultTag`'s; a usage error (64) for a language not shipped.
    static func locale(_ arguments: ParsedArguments, defaultTag: String) throws(UsageError) -> MessageLocale {
        guard let tag = arguments.value("locale") else { return MessageLocale(defaultTag) }
        guard MessageLocale.isSupported(tag) else {
            throw UsageError(
                message: "--locale '\(tag)' is not a shipped language: use en, de or ar (a region such as en-GB, and -u-nu-latn or -u-nu-arab for the digits, are allowed)",
                commandPath: arguments.commandPath)
        }
        return MessageLocale(tag)
    }
}
