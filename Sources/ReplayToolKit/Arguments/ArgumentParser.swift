/// What a command line asks for: to run a command, or to show help.
public enum ParseOutcome: Sendable, Hashable {
    /// Run the command described by the parsed arguments.
    case run(ParsedArguments)

    /// Show help for the command at the given subcommand path (empty for the
    /// root command). Help was either requested explicitly (`-h`, `--help`,
    /// `help`), in which case the tool should exit with status 0, or a group
    /// was named without a subcommand (including a bare `replay-tool`), in
    /// which case the caller decides the exit status.
    case help(commandPath: [String])
}

/// A small, pure command-line parser driven by a ``CommandSpecification``
/// tree.
///
/// The rules:
/// - `-h` or `--help` anywhere before `--` requests help for the deepest
///   subcommand named before it; it takes precedence over every error.
/// - `help [subcommand ...]` as the first argument requests help for the
///   named subcommand (unless the root declares its own `help` subcommand).
/// - A group (a command with subcommands) named without a subcommand,
///   including the root when no arguments are given, yields
///   ``ParseOutcome/help(commandPath:)``.
/// - Options are written `--name value`, `--name=value`, or `-x value`;
///   flags are written `--name` or `-x`.
/// - `--` ends options: every later argument is positional.
/// - `-` alone and negative numbers such as `-5` or `-0.5` are never taken
///   for options, so they can be positional arguments and option values
///   (`--expect-seq -5` reaches range validation).
/// - An option that is not repeatable may be given only once.
/// - `-h` and `--help` are reserved and never match declared options.
/// - An unknown long option gets a suggestion (`Did you mean '--json'?`)
///   when a declared long option, or `--help`, is within edit distance 2
///   and closer than the typed name is long; unknown subcommands get the
///   same treatment plus the list of valid subcommands.
///
/// Problems are reported in this order: unknown options, repeated options,
/// values attached to flags, and missing option values (as they are met);
/// then missing required options, unexpected positional arguments, and
/// missing positional arguments.
public struct ArgumentParser: Sendable {
    /// The description of the tool; its `name` is not matched against the
    /// arguments (the tool's own name is not part of them).
    public let root: CommandSpecification

    /// Creates a parser for the tool described by `root`.
    public init(root: CommandSpecification) {
        self.root = root
    }

    /// Parses the arguments that follow the tool's name.
    ///
    /// - Parameter arguments: The command-line arguments without the tool's
    ///   own name, for example `["append", "events.jsonl", "--expect-seq",
    ///   "12"]`.
    /// - Returns: The command to run with its arguments, or the command whose
    ///   help to show.
    /// - Throws: ``UsageError`` describing the first problem found, with the
    ///   path of the command it concerns.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        if arguments.first == Self.helpCommandName, root.isGroup, root.subcommand(named: Self.helpCommandName) == nil {
            return try parseHelpCommand(Array(arguments.dropFirst()))
        }
        let beforeTerminator = arguments.prefix { $0 != Self.optionTerminator }
        if let helpIndex = beforeTerminator.firstIndex(where: Self.isHelpFlag) {
            return .help(commandPath: subcommandPath(named: arguments[..<helpIndex]))
        }

        var command = root
        var path: [String] = []
        var index = arguments.startIndex
        while command.isGroup {
            guard index < arguments.endIndex else { return .help(commandPath: path) }
            let token = arguments[index]
            guard let subcommand = command.subcommand(named: token) else {
                if Self.isOptionLike(token) {
                    let (spelling, attachedValue) = Self.splitAttachedValue(token)
                    try Self.rejectValueForHelp(spelling: spelling, value: attachedValue, path: path)
                    throw Self.unknownOption(spelling, of: command, path: path)
                }
                throw Self.unknownSubcommand(token, of: command, path: path)
            }
            command = subcommand
            path.append(token)
            index += 1
        }
        return .run(try parseLeaf(command, path: path, arguments: arguments[index...]))
    }

    // MARK: - Leaf commands

    private func parseLeaf(
        _ command: CommandSpecification,
        path: [String],
        arguments: ArraySlice<String>
    ) throws(UsageError) -> ParsedArguments {
        var positionalTexts: [String] = []
        var values: [String: String] = [:]
        var allValues: [String: [String]] = [:]
        var flags: Set<String> = []
        var seen: Set<String> = []
        var optionsEnded = false
        var index = arguments.startIndex

        while index < arguments.endIndex {
            let token = arguments[index]
            index += 1
            if optionsEnded || !Self.isOptionLike(token) {
                positionalTexts.append(token)
                continue
            }
            if token == Self.optionTerminator {
                optionsEnded = true
                continue
            }

            let (spelling, attachedValue) = Self.splitAttachedValue(token)
            try Self.rejectValueForHelp(spelling: spelling, value: attachedValue, path: path)
            guard let option = Self.option(spelled: spelling, in: command) else {
                throw Self.unknownOption(spelling, of: command, path: path)
            }
            if seen.contains(option.longName), !option.isRepeatable {
                throw UsageError(
                    message: "Option '\(option.longSpelling)' can only be given once",
                    commandPath: path
                )
            }
            seen.insert(option.longName)

            switch option.kind {
            case .flag:
                if let attachedValue {
                    throw Self.unexpectedValue(attachedValue, for: spelling, path: path)
                }
                flags.insert(option.longName)
            case .value:
                let value: String
                if let attachedValue {
                    value = attachedValue
                } else if index < arguments.endIndex, !Self.isOptionLike(arguments[index]) {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(
                        message: "Missing value for '\(option.synopsis(spelling: spelling))'",
                        commandPath: path
                    )
                }
                values[option.longName] = value
                allValues[option.longName, default: []].append(value)
            }
        }

        for option in command.options where option.kind == .value && option.isRequired {
            if values[option.longName] == nil {
                throw UsageError(message: "Missing expected argument '\(option.synopsis)'", commandPath: path)
            }
        }
        let variadic = command.arguments.last?.isVariadic == true
        if !variadic, positionalTexts.count > command.arguments.count {
            throw UsageError(
                message: "Unexpected argument '\(positionalTexts[command.arguments.count])'",
                commandPath: path
            )
        }
        var positionals: [String: String] = [:]
        var trailing: [String] = []
        for (offset, argument) in command.arguments.enumerated() {
            if argument.isVariadic {
                trailing = Array(positionalTexts.dropFirst(offset))
            } else if offset < positionalTexts.count {
                positionals[argument.name] = positionalTexts[offset]
            } else if !argument.isOptional {
                throw UsageError(message: "Missing expected argument '\(argument.displayName)'", commandPath: path)
            }
        }
        return ParsedArguments(
            commandPath: path,
            positionals: positionals,
            trailing: trailing,
            values: values,
            allValues: allValues,
            flags: flags
        )
    }

    // MARK: - The help subcommand

    private func parseHelpCommand(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        var command = root
        var path: [String] = []
        for token in arguments where !Self.isHelpFlag(token) {
            if Self.isOptionLike(token) {
                let spelling = Self.splitAttachedValue(token).spelling
                throw Self.unknownOption(spelling, among: [Self.helpLongSpelling], path: path)
            }
            guard let subcommand = command.subcommand(named: token) else {
                if command.isGroup {
                    throw Self.unknownSubcommand(token, of: command, path: path)
                }
                throw UsageError(message: "Unexpected argument '\(token)'", commandPath: path)
            }
            command = subcommand
            path.append(token)
        }
        return .help(commandPath: path)
    }

    /// The subcommand names at the start of `arguments`, as far as they lead
    /// through groups.
    private func subcommandPath(named arguments: ArraySlice<String>) -> [String] {
        var command = root
        var path: [String] = []
        for token in arguments {
            guard command.isGroup, let subcommand = command.subcommand(named: token) else { break }
            command = subcommand
            path.append(token)
        }
        return path
    }

    // MARK: - Errors

    /// Throws when `--help` is written with an attached value, as in
    /// `--help=verify`.
    private static func rejectValueForHelp(spelling: String, value: String?, path: [String]) throws(UsageError) {
        if spelling == helpLongSpelling, let value {
            throw unexpectedValue(value, for: spelling, path: path)
        }
    }

    /// The error for a value attached to a flag, as in `--yes=no`.
    private static func unexpectedValue(_ value: String, for spelling: String, path: [String]) -> UsageError {
        UsageError(
            message: "The option '\(spelling)' does not take any value, but '\(value)' was specified.",
            commandPath: path
        )
    }

    /// An unknown-option error suggesting one of the command's declared
    /// options or `--help` (a group's options, such as the tool's
    /// `--version`, are handled by the tool before parsing).
    private static func unknownOption(
        _ spelling: String,
        of command: CommandSpecification,
        path: [String]
    ) -> UsageError {
        let declared = command.options.map(\.longSpelling)
        return unknownOption(spelling, among: declared + [helpLongSpelling], path: path)
    }

    /// An unknown-option error suggesting the closest long spelling among
    /// `candidates`. Suggestions are offered only for spellings longer than
    /// a short option such as `-x`.
    private static func unknownOption(_ spelling: String, among candidates: [String], path: [String]) -> UsageError {
        var message = "Unknown option '\(spelling)'"
        if spelling.count > 2, let suggestion = closest(to: spelling, among: candidates) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message: message, commandPath: path)
    }

    private static func unknownSubcommand(_ name: String, of command: CommandSpecification, path: [String]) -> UsageError {
        let names = command.subcommands.map(\.name)
        var message = "Unknown subcommand '\(name)'."
        if let suggestion = Self.closest(to: name, among: names) {
            message += " Did you mean '\(suggestion)'?"
        }
        message += " Valid subcommands: \(names.joined(separator: ", "))."
        return UsageError(message: message, commandPath: path)
    }

    // MARK: - Tokens

    private static let helpCommandName = "help"
    private static let helpLongSpelling = "--help"
    private static let helpShortSpelling = "-h"
    private static let optionTerminator = "--"

    private static func isHelpFlag(_ token: String) -> Bool {
        token == helpLongSpelling || token == helpShortSpelling
    }

    /// Whether the token is an option (or the `--` terminator) rather than a
    /// positional argument or value: it starts with a dash, is not a lone
    /// dash, and is not a negative number.
    private static func isOptionLike(_ token: String) -> Bool {
        token.hasPrefix("-") && token != "-" && !isNegativeNumber(token)
    }

    /// Whether the token is a dash followed by digits with at most one
    /// decimal point, such as `-5` or `-0.25`.
    private static func isNegativeNumber(_ token: String) -> Bool {
        guard token.hasPrefix("-") else { return false }
        let rest = token.dropFirst()
        let digitCount = rest.filter { $0.isASCII && $0.isNumber }.count
        let pointCount = rest.filter { $0 == "." }.count
        return digitCount > 0 && pointCount <= 1 && digitCount + pointCount == rest.count
    }

    /// Splits `--name=value` into its spelling and value; other tokens have
    /// no attached value.
    private static func splitAttachedValue(_ token: String) -> (spelling: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func option(spelled spelling: String, in command: CommandSpecification) -> OptionSpecification? {
        command.options.first { $0.longSpelling == spelling || $0.shortSpelling == spelling }
    }

    // MARK: - Suggestions

    /// The candidate closest to `text`, if its edit distance is at most 2
    /// and smaller than the length of `text` without leading dashes (so that
    /// very short typos are not "corrected" into unrelated names). Ties go
    /// to the earlier candidate.
    private static func closest(to text: String, among candidates: [String]) -> String? {
        let significantLength = text.drop { $0 == "-" }.count
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(text, candidate)
            guard distance <= 2, distance < significantLength else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal string alignment distance: the number of insertions,
    /// deletions, substitutions, and swaps of adjacent characters needed to
    /// turn one string into the other.
    private static func editDistance(_ first: String, _ second: String) -> Int {
        let source = Array(first)
        let target = Array(second)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        let width = target.count + 1
        var table = [Int](repeating: 0, count: (source.count + 1) * width)
        for row in 0...source.count { table[row * width] = row }
        for column in 0...target.count { table[column] = column }
        for row in 1...source.count {
            for column in 1...target.count {
                let cost = source[row - 1] == target[column - 1] ? 0 : 1
                var distance = min(
                    table[(row - 1) * width + column] + 1,
                    table[row * width + column - 1] + 1,
                    table[(row - 1) * width + column - 1] + cost
                )
                if row > 1, column > 1, source[row - 1] == target[column - 2], source[row - 2] == target[column - 1] {
                    distance = min(distance, table[(row - 2) * width + column - 2] + 1)
                }
                table[row * width + column] = distance
            }
        }
        return table[source.count * width + target.count]
    }
}
