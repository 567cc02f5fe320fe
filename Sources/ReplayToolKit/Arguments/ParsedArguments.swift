/// The result of parsing the command line of a command that can be run: the
/// command that was selected and the arguments and options given to it.
///
/// Typed accessors turn raw text into values and report problems as
/// ``UsageError``s naming the offending command.
public struct ParsedArguments: Sendable, Hashable {
    /// The names of the subcommands leading to the selected command, for
    /// example `["append"]`; empty when the root command itself was run.
    public var commandPath: [String]

    /// The positional arguments given, keyed by argument name, for example
    /// `["log": "events.jsonl"]`. Optional arguments that were left out are
    /// absent.
    public var positionals: [String: String]

    /// The positionals the last, variadic argument took, in order (empty when the command
    /// has none or none were given).
    public var trailing: [String]

    /// The value of each value option given, keyed by long name without
    /// dashes, for example `["expect-seq": "12"]`. For a repeatable option
    /// this is the last value given; see ``allValues``.
    public var values: [String: String]

    /// Every value of each value option given, in the order given, keyed by
    /// long name without dashes.
    public var allValues: [String: [String]]

    /// The long names, without dashes, of the flags given.
    public var flags: Set<String>

    /// Creates a parse result.
    ///
    /// - Parameters:
    ///   - commandPath: The subcommand names leading to the selected command.
    ///   - positionals: The positional arguments, keyed by argument name.
    ///   - trailing: The positionals of the last, variadic argument.
    ///   - values: The value options, keyed by long name.
    ///   - allValues: Every value of each value option; when `nil`, one
    ///     value per entry of `values`.
    ///   - flags: The long names of the flags given.
    public init(
        commandPath: [String],
        positionals: [String: String] = [:],
        trailing: [String] = [],
        values: [String: String] = [:],
        allValues: [String: [String]]? = nil,
        flags: Set<String> = []
    ) {
        self.commandPath = commandPath
        self.positionals = positionals
        self.trailing = trailing
        self.values = values
        self.allValues = allValues ?? values.mapValues { [$0] }
        self.flags = flags
    }

    /// The positional argument with the given name.
    ///
    /// - Throws: ``UsageError`` `Missing expected argument '<name>'` when the
    ///   argument was not given (only possible for optional arguments).
    public func positional(_ name: String) throws(UsageError) -> String {
        guard let value = positionals[name] else {
            throw UsageError(message: "Missing expected argument '<\(name)>'", commandPath: commandPath)
        }
        return value
    }

    /// The value of the option with the given long name, or `nil` if it was
    /// not given.
    public func value(_ option: String) -> String? {
        values[option]
    }

    /// Every value of the option with the given long name, in the order
    /// given; empty if it was not given.
    public func values(_ option: String) -> [String] {
        allValues[option] ?? []
    }

    /// Whether the flag with the given long name was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of the option with the given long name as a whole number,
    /// or `nil` if the option was not given.
    ///
    /// - Parameters:
    ///   - option: The option's long name without dashes.
    ///   - range: The values that are accepted.
    /// - Throws: ``UsageError`` naming the option, the text given, and the
    ///   range expected, when the text is not a whole number in `range`.
    public func integer(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw invalidValue(text, for: option, expected: Self.expectation("an integer", range))
        }
        return number
    }

    /// The value of the option with the given long name as a finite decimal
    /// number, or `nil` if the option was not given.
    ///
    /// - Parameters:
    ///   - option: The option's long name without dashes.
    ///   - range: The values that are accepted.
    /// - Throws: ``UsageError`` naming the option, the text given, and the
    ///   range expected, when the text is not a finite number in `range`.
    public func number(_ option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = values[option] else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw invalidValue(text, for: option, expected: Self.expectation("a number", range))
        }
        return number
    }

    private func invalidValue(_ text: String, for option: String, expected: String) -> UsageError {
        UsageError(
            message: "The value '\(text)' is invalid for '--\(option)': expected \(expected)",
            commandPath: commandPath
        )
    }

    private static func expectation(_ noun: String, _ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound == Int.min, range.upperBound == Int.max) {
        case (true, true): noun
        case (false, true): "\(noun) of at least \(range.lowerBound)"
        case (true, false): "\(noun) of at most \(range.upperBound)"
        case (false, false): "\(noun) from \(range.lowerBound) through \(range.upperBound)"
        }
    }

    private static func expectation(_ noun: String, _ range: ClosedRange<Double>) -> String {
        let limit = Double.greatestFiniteMagnitude
        let lowerText = range.lowerBound > -limit ? format(range.lowerBound) : nil
        let upperText = range.upperBound < limit ? format(range.upperBound) : nil
        switch (lowerText, upperText) {
        case (nil, nil): return noun
        case (let low?, nil): return "\(noun) of at least \(low)"
        case (nil, let high?): return "\(noun) of at most \(high)"
        case (let low?, let high?): return "\(noun) from \(low) through \(high)"
        }
    }

    /// Formats whole numbers without a fractional part, for example `5`
    /// rather than `5.0`.
    private static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number))
        }
        return String(number)
    }
}
