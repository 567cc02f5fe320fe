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

    /// Creates an argument description.
    ///
    /// - Parameters:
    ///   - name: The argument's name, for example `log`.
    ///   - help: Sentences describing the argument.
    ///   - isOptional: Whether the argument may be left out.
    public init(name: String, help: String, isOptional: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
    }

    /// The argument as shown in usage and help, for example `<log>`.
    public var displayName: String { "<\(name)>" }
}
