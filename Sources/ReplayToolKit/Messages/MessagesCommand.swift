import Events
import Localization
import StrictJSON

/// `replay-tool messages [--locale L] [--json]` and
/// `replay-tool messages render ID [NAME=VALUE …] [--locale L] [--no-isolation]`.
enum MessagesCommand {
    static let specification = CommandSpecification(
        name: "messages",
        abstract: "List the message catalogue of a language, or render one message.",
        discussion: """
            Without arguments: each message id the library uses, with its template in the \
            language (ICU MessageFormat; a message the language lacks is shown from English, \
            marked 'from en') and its arguments with the kind of value each takes: number, \
            date, time, duration or string (an argument read by plural or selectordinal is a \
            number). With --json: an array of {"id", "template", "arguments": [{"name", \
            "type"}]}. \
            'render ID NAME=VALUE …' renders one message: a number as a number (1, 1.5, -3), \
            a date or a time as an RFC 3339 instant (its wall clock is used: \
            2026-11-30T23:50:00+01:00 is 30 November, 23:50; YYYY-MM-DD and HH:MM are \
            accepted too), a duration in seconds (shown in whole minutes, rounded half up), \
            a string as it is. In a right-to-left language each argument is wrapped in \
            U+2068 … U+2069 (bidi isolation); --no-isolation leaves them out, as ICU's \
            MessageFormat does, so that any ICU implementation can be held against the \
            output.
            """,
        arguments: [
            ArgumentSpecification(name: "action", help: "render, to render one message (left out: list the catalogue).", isOptional: true),
            ArgumentSpecification(name: "id", help: "With render: the message id, such as voice.debt.some.", isOptional: true),
            ArgumentSpecification(name: "arguments", help: "With render: NAME=VALUE for each argument of the message.", isVariadic: true),
        ],
        options: [
            LocaleChoice.option(defaultTag: "en"),
            .flag("json", help: "List as JSON (docs/localization.md)."),
            .flag("no-isolation", help: "With render: no bidi isolation marks around arguments."),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let locale = try LocaleChoice.locale(arguments, defaultTag: "en")
        guard let action = arguments.positionals["action"] else {
            if arguments.flag("no-isolation") {
                throw UsageError(message: "--no-isolation is for render", commandPath: arguments.commandPath)
            }
            console.output(arguments.flag("json") ? try listJSON(locale) : try listText(locale))
            return .success
        }
        guard action == "render" else {
            throw UsageError(message: "Unexpected argument '\(action)': the only action is render", commandPath: arguments.commandPath)
        }
        if arguments.flag("json") {
            throw UsageError(message: "--json is for the list, not for render", commandPath: arguments.commandPath)
        }
        guard let id = arguments.positionals["id"] else {
            throw UsageError(message: "Missing expected argument '<id>': render needs a message id ('replay-tool messages' lists them)", commandPath: arguments.commandPath)
        }
        var renderer = MessageRenderer(locale: locale)
        if arguments.flag("no-isolation") { renderer.isolatesArguments = false }
        let message = try message(MessageID(rawValue: id), values: arguments.trailing, locale: locale, path: arguments.commandPath)
        do {
            console.output(try renderer.render(message) + "\n")
        } catch {
            // The arguments were checked against the template: only a broken table gets here.
            console.error("\(ReplayTool.name) messages: \(error.description)\n")
            return .dataError
        }
        return .success
    }

    /// The catalogue of `locale`'s language, with each message's source table.
    private static func entries(_ locale: MessageLocale) throws -> [(id: MessageID, template: String, fromEnglish: Bool, arguments: [(name: String, type: MessageArgumentType)])] {
        let table = MessageCatalog.shipped(for: locale)
        return try MessageID.all.map { id in
            let own = table.templates[id] != nil
            let source = own ? table : MessageCatalog.english
            return (id, source.templates[id] ?? "", !own && locale.language != "en", try source.arguments(of: id))
        }
    }

    private static func listText(_ locale: MessageLocale) throws -> String {
        var text = ""
        for entry in try entries(locale) {
            text += entry.id.rawValue + (entry.fromEnglish ? " (from en)" : "") + "\n"
            text += "  " + entry.template + "\n"
            if !entry.arguments.isEmpty {
                text += "  arguments: " + entry.arguments.map { "\($0.name) (\($0.type.rawValue))" }.joined(separator: ", ") + "\n"
            }
        }
        return text
    }

    private static func listJSON(_ locale: MessageLocale) throws -> String {
        let lines = try entries(locale).map { entry -> String in
            let arguments = JSONValue.array(entry.arguments.map { argument in
                .object(JSONObject([
                    JSONObject.Member(key: "name", value: .string(argument.name)),
                    JSONObject.Member(key: "type", value: .string(argument.type.rawValue)),
                ]))
            })
            let object = JSONValue.object(JSONObject([
                JSONObject.Member(key: "id", value: .string(entry.id.rawValue)),
                JSONObject.Member(key: "template", value: .string(entry.template)),
                JSONObject.Member(key: "arguments", value: arguments),
            ]))
            return String(decoding: JSONWriter.encode(object), as: UTF8.self)
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// The message `id` with each `NAME=VALUE` read as the type its template gives `NAME`.
    static func message(_ id: MessageID, values: [String], locale: MessageLocale, path: [String]) throws(UsageError) -> Message {
        let table = MessageCatalog.shipped(for: locale)
        let source = table.templates[id] != nil ? table : MessageCatalog.english
        let expected: [(name: String, type: MessageArgumentType)]
        do {
            expected = try source.arguments(of: id)
        } catch {
            if case .unknownMessage = error {
                throw UsageError(message: "There is no message '\(id)': 'replay-tool messages' lists them", commandPath: path)
            }
            throw UsageError(message: error.description, commandPath: path)
        }
        var arguments: [String: MessageArgument] = [:]
        for item in values {
            guard let equals = item.firstIndex(of: "=") else {
                throw UsageError(message: "'\(item)' is not NAME=VALUE", commandPath: path)
            }
            let name = String(item[..<equals])
            let text = String(item[item.index(after: equals)...])
            guard let type = expected.first(where: { $0.name == name })?.type else {
                let names = expected.map(\.name).joined(separator: ", ")
                throw UsageError(message: "\(id) has no argument '\(name)'" + (names.isEmpty ? " (it takes none)" : "; its arguments: \(names)"), commandPath: path)
            }
            guard arguments[name] == nil else { throw UsageError(message: "'\(name)' is given twice", commandPath: path) }
            guard let value = argument(text, as: type) else {
                throw UsageError(message: "'\(text)' is not a \(type.rawValue) for '\(name)': \(expectation(type))", commandPath: path)
            }
            arguments[name] = value
        }
        let missing = expected.map(\.name).filter { arguments[$0] == nil }
        guard missing.isEmpty else {
            throw UsageError(message: "\(id) needs a value for \(missing.map { "'\($0)'" }.joined(separator: ", ")) (NAME=VALUE)", commandPath: path)
        }
        return Message(id, arguments)
    }

    private static func expectation(_ type: MessageArgumentType) -> String {
        switch type {
        case .number: return "a number such as 3, 1.5 or -2"
        case .date: return "an RFC 3339 instant or YYYY-MM-DD"
        case .time: return "an RFC 3339 instant or HH:MM"
        case .duration: return "whole seconds, such as 25140"
        case .string: return "any text"
        }
    }

    /// `text` as a value of `type`, or `nil`.
    static func argument(_ text: String, as type: MessageArgumentType) -> MessageArgument? {
        switch type {
        case .string:
            return .text(text)
        case .number:
            let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
            if parts.count == 1, let integer = Int(text) { return .integer(integer) }
            return Double(text).map { .number($0) }
        case .duration:
            guard let seconds = Int(text) else { return nil }
            let minutes = seconds >= 0 ? (seconds + 30) / 60 : -((-seconds + 30) / 60)
            return .minutes(minutes)
        case .date:
            if let instant = try? Instant(rfc3339: text) { return .date(instant.localDateTime.date) }
            return (try? LocalDate(iso: text)).map { .date($0) }
        case .time:
            if let instant = try? Instant(rfc3339: text) { return .timeOfDay(instant.localDateTime.timeOfDay) }
            return (try? TimeOfDay(text: text)).map { .timeOfDay($0) }
        }
    }
}
