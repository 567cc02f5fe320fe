/// A declarative description of one positional argument of a command.
///
/// Positional arguments are filled in declaration order, so optional
/// arguments should be declared after required ones.
public struct ArgumentSpecification: Sendable, Hashable {
    /// The argument's name, shown in angle brackets in help, for example
    /// `log` is shown as `<log>`.
    public var name: String

    /// One or more sentences describing the argument, shown in the ARGUMENTS
    /// section of help.
    public var help: String

    /// Whether the argument may be left out. Optional arguments are shown as
    /// `[<name>]` in the usage line.
    public var isOptional: Bool
    /// Whether the argument takes every positional left (zero or more); only the last
    /// argument may. Shown as `[<name> ...]`.
    public var isVariadic: Bool

    /// Creates an argument description.
    ///
    /// - Parameters:
    ///   - name: The argument's name, for example `log`.
    ///   - help: Sentences describing the argument.
    ///   - isOptional: Whether the argument may be left out.
    ///   - isVariadic: Whether it takes every positional left (the last argument only).
    public init(name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional || isVariadic
        self.isVariadic = isVariadic
    }

    /// The argument as shown in usage and help, for example `<log>`.
    public var displayName: String { isVariadic ? "<\(name)> ..." : "<\(name)>" }
}
