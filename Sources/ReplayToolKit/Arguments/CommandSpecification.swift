/// A declarative description of one command of a command-line tool: its
/// name, its help texts, its positional arguments, its options, and its
/// subcommands.
///
/// The root of the tree describes the tool itself. A command that has
/// subcommands is a group: it is never run itself, and naming it without a
/// subcommand requests its help. Arguments and options declared on a group
/// are neither parsed nor shown in help.
public struct CommandSpecification: Sendable, Hashable {
    /// The name typed to select the command, for example `verify`. For the
    /// root command this is the tool's name.
    public var name: String

    /// A one-line summary, shown after `OVERVIEW:` and in the parent's
    /// SUBCOMMANDS section.
    public var abstract: String

    /// Optional longer explanation shown after the overview. Paragraphs are
    /// separated by blank lines; each line is wrapped at 80 columns.
    public var discussion: String?

    /// The positional arguments, in the order they are given.
    public var arguments: [ArgumentSpecification]

    /// The named options, in the order they are shown in help.
    public var options: [OptionSpecification]

    /// The subcommands, in the order they are shown in help.
    public var subcommands: [CommandSpecification]

    /// Creates a command description.
    ///
    /// - Parameters:
    ///   - name: The name typed to select the command.
    ///   - abstract: A one-line summary.
    ///   - discussion: Optional longer explanation.
    ///   - arguments: The positional arguments, in order.
    ///   - options: The named options.
    ///   - subcommands: The subcommands.
    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        arguments: [ArgumentSpecification] = [],
        options: [OptionSpecification] = [],
        subcommands: [CommandSpecification] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// Whether the command is a group of subcommands rather than a command
    /// that can be run.
    public var isGroup: Bool { !subcommands.isEmpty }

    /// The direct subcommand with the given name, if there is one.
    public func subcommand(named name: String) -> CommandSpecification? {
        subcommands.first { $0.name == name }
    }

    /// The command reached by following the given subcommand names from this
    /// command, or `nil` if a name does not match. An empty path yields this
    /// command.
    public func command(at path: [String]) -> CommandSpecification? {
        var command = self
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }

    /// The longest prefix of `path` that names existing subcommands, paired
    /// with the command it leads to.
    func longestValidPrefix(of path: [String]) -> (path: [String], command: CommandSpecification) {
        var command = self
        var resolved: [String] = []
        for name in path {
            guard let next = command.subcommand(named: name) else { break }
            command = next
            resolved.append(name)
        }
        return (resolved, command)
    }
}
