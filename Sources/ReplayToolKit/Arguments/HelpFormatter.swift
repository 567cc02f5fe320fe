/// Renders help, usage lines, and usage errors in the layout of
/// swift-argument-parser.
///
/// Help has the sections OVERVIEW (followed by the discussion), USAGE,
/// ARGUMENTS, OPTIONS, and SUBCOMMANDS, separated by blank lines. Entries of
/// the last three are indented by 2 columns with their help text starting
/// at column 26 (on the next line when the entry's name is 24 or more
/// characters wide). Text is wrapped at word boundaries so that no line is
/// longer than 80 columns, unless a single word is longer. Usage lines are
/// never wrapped.
///
/// Every function is pure and deterministic. A path that names unknown
/// subcommands is shortened to its longest valid prefix.
public enum HelpFormatter {
    /// The width text is wrapped to.
    public static let lineWidth = 80

    /// The column, counted from zero, at which entry help text starts.
    public static let helpColumn = 26

    /// The indentation of section entries.
    private static let entryIndentation = "  "

    /// The help text of the built-in `-h, --help` option.
    private static let helpOptionRow = (label: "-h, --help", help: "Show help information.")

    /// The full help for the command at `path`, ending with exactly one
    /// newline.
    ///
    /// - Parameters:
    ///   - path: The subcommand names leading to the command, for example
    ///     `["append"]`; empty for the root command.
    ///   - root: The description of the tool.
    ///   - toolName: The name shown for the tool, used instead of
    ///     `root.name`.
    public static func help(for path: [String], root: CommandSpecification, toolName: String) -> String {
        let (resolvedPath, command) = root.longestValidPrefix(of: path)
        var sections: [[String]] = []

        var overview: [String] = []
        if !command.abstract.isEmpty {
            overview += wrap("OVERVIEW: \(command.abstract)", indentation: 0)
        }
        if let discussion = command.discussion {
            let discussionLines = trimmingBlankLines(wrap(discussion, indentation: 0))
            if !discussionLines.isEmpty {
                if !overview.isEmpty { overview.append("") }
                overview += discussionLines
            }
        }
        if !overview.isEmpty { sections.append(overview) }

        sections.append(["USAGE: \(usageLine(for: resolvedPath, root: root, toolName: toolName))"])

        if !command.isGroup, !command.arguments.isEmpty {
            var lines = ["ARGUMENTS:"]
            for argument in command.arguments {
                lines += entry(label: argument.displayName, help: argument.help)
            }
            sections.append(lines)
        }

        var optionLines = ["OPTIONS:"]
        for option in command.options {
            optionLines += entry(label: label(for: option), help: helpText(for: option))
        }
        optionLines += entry(label: helpOptionRow.label, help: helpOptionRow.help)
        sections.append(optionLines)

        if command.isGroup {
            var lines = ["SUBCOMMANDS:"]
            for subcommand in command.subcommands {
                lines += entry(label: subcommand.name, help: subcommand.abstract)
            }
            let helpPath = ([toolName, "help"] + resolvedPath + ["<subcommand>"]).joined(separator: " ")
            lines += ["", "\(entryIndentation)See '\(helpPath)' for detailed help."]
            sections.append(lines)
        }

        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// The usage line for the command at `path`, without the `USAGE: `
    /// prefix and without a newline, for example
    /// `replay-tool append <log> [--expect-seq <n>]`.
    ///
    /// Positional arguments come first (`<log>`, or `[<log>]` when
    /// optional), then options in declaration order (in brackets unless
    /// required, followed by `...` when repeatable). A group is shown as
    /// `replay-tool <subcommand>`.
    ///
    /// - Parameters:
    ///   - path: The subcommand names leading to the command.
    ///   - root: The description of the tool.
    ///   - toolName: The name shown for the tool, used instead of
    ///     `root.name`.
    public static func usageLine(for path: [String], root: CommandSpecification, toolName: String) -> String {
        let (resolvedPath, command) = root.longestValidPrefix(of: path)
        var parts = [toolName] + resolvedPath
        if command.isGroup {
            parts.append("<subcommand>")
        } else {
            for argument in command.arguments {
                parts.append(argument.isOptional ? "[\(argument.displayName)]" : argument.displayName)
            }
            for option in command.options {
                let synopsis = option.synopsis + (option.isRepeatable ? " ..." : "")
                let isRequired = option.kind == .value && option.isRequired
                parts.append(isRequired ? synopsis : "[\(synopsis)]")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The text to write to standard error for a usage error, ending with
    /// exactly one newline:
    ///
    /// ```
    /// Error: Missing expected argument '<log>'
    /// Usage: replay-tool verify <log>
    ///   See 'replay-tool verify --help' for more information.
    /// ```
    ///
    /// - Parameters:
    ///   - error: The usage error; its command path selects the usage line.
    ///   - root: The description of the tool.
    ///   - toolName: The name shown for the tool, used instead of
    ///     `root.name`.
    public static func errorText(_ error: UsageError, root: CommandSpecification, toolName: String) -> String {
        let resolvedPath = root.longestValidPrefix(of: error.commandPath).path
        let command = ([toolName] + resolvedPath).joined(separator: " ")
        return """
            Error: \(error.message)
            Usage: \(usageLine(for: resolvedPath, root: root, toolName: toolName))
            \(entryIndentation)See '\(command) --help' for more information.

            """
    }

    // MARK: - Entries

    /// How an option is named in the OPTIONS section, for example
    /// `-n, --expect-seq <n>`.
    private static func label(for option: OptionSpecification) -> String {
        let names = [option.shortSpelling, option.longSpelling].compactMap { $0 }.joined(separator: ", ")
        return option.synopsis(spelling: names)
    }

    /// An option's help followed by its default, if any.
    private static func helpText(for option: OptionSpecification) -> String {
        guard let defaultDescription = option.defaultDescription else { return option.help }
        let suffix = "(default: \(defaultDescription))"
        return option.help.isEmpty ? suffix : "\(option.help) \(suffix)"
    }

    /// One entry of the ARGUMENTS, OPTIONS, or SUBCOMMANDS section.
    private static func entry(label: String, help: String) -> [String] {
        let indentedLabel = entryIndentation + label
        let helpLines = trimmingBlankLines(wrap(help, indentation: helpColumn))
        guard let firstHelpLine = helpLines.first else { return [indentedLabel] }
        if indentedLabel.count < helpColumn {
            return [indentedLabel + String(firstHelpLine.dropFirst(indentedLabel.count))] + helpLines.dropFirst()
        }
        return [indentedLabel] + helpLines
    }

    // MARK: - Wrapping

    /// Wraps each line of `text` at word boundaries so that lines are at
    /// most ``lineWidth`` columns wide, prefixing every non-empty line with
    /// `indentation` spaces. Runs of spaces between words collapse to one;
    /// a line's leading spaces are kept and repeated on its continuation
    /// lines. Empty lines are kept.
    static func wrap(_ text: String, indentation: Int) -> [String] {
        var result: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(separator: " ")
            guard let firstWord = words.first else {
                result.append("")
                continue
            }
            let prefix = String(repeating: " ", count: indentation + line.prefix { $0 == " " }.count)
            var current = prefix + firstWord
            for word in words.dropFirst() {
                if current.count + 1 + word.count <= lineWidth {
                    current += " " + word
                } else {
                    result.append(current)
                    current = prefix + word
                }
            }
            result.append(current)
        }
        return result
    }

    /// The lines without leading and trailing empty lines.
    private static func trimmingBlankLines(_ lines: [String]) -> [String] {
        guard let first = lines.firstIndex(where: { !$0.isEmpty }),
              let last = lines.lastIndex(where: { !$0.isEmpty })
        else { return [] }
        return Array(lines[first...last])
    }
}
