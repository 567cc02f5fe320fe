/// A declarative description of one named option of a command, such as
/// `--expect-seq <n>` or `-y, --yes`.
///
/// The names `--help` and `-h` are reserved: they always request help and
/// are never matched against declared options.
public struct OptionSpecification: Sendable, Hashable {
    /// Whether an option stands alone or carries a value.
    public enum Kind: Sendable, Hashable {
        /// A switch that is either present or absent, such as `--json`.
        case flag
        /// An option followed by a value, such as `--expect-seq 12` or
        /// `--expect-seq=12`.
        case value
    }

    /// The long name without its leading dashes, for example `expect-seq`.
    /// It identifies the option in ``ParsedArguments``.
    public var longName: String

    /// The optional one-character short name, for example `y` for `-y`.
    public var shortName: Character?

    /// The name of the option's value, shown in angle brackets, for example
    /// `n` is shown as `--expect-seq <n>`. Ignored for flags.
    public var valueName: String

    /// One or more sentences describing the option, shown in the OPTIONS
    /// section of help.
    public var help: String

    /// Whether the option is a flag or carries a value.
    public var kind: Kind

    /// Whether the option may be given more than once. When it is not, a
    /// repetition is a usage error.
    public var isRepeatable: Bool

    /// Whether a value option must be given. Required options are shown
    /// without brackets in the usage line. Ignored for flags.
    public var isRequired: Bool

    /// A description of the value used when the option is absent, shown in
    /// help as `(default: 5)`.
    public var defaultDescription: String?

    /// Creates an option description.
    ///
    /// - Parameters:
    ///   - longName: The long name without dashes, for example `expect-seq`.
    ///   - shortName: The optional short name, for example `y`.
    ///   - valueName: The value's name, for example `n`; ignored for flags.
    ///   - help: Sentences describing the option.
    ///   - kind: Whether the option is a flag or carries a value.
    ///   - isRepeatable: Whether the option may be given more than once.
    ///   - isRequired: Whether a value option must be given.
    ///   - defaultDescription: A description of the value used when absent.
    public init(
        longName: String,
        shortName: Character? = nil,
        valueName: String = "value",
        help: String,
        kind: Kind = .value,
        isRepeatable: Bool = false,
        isRequired: Bool = false,
        defaultDescription: String? = nil
    ) {
        self.longName = longName
        self.shortName = shortName
        self.valueName = valueName
        self.help = help
        self.kind = kind
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.defaultDescription = defaultDescription
    }

    /// Creates a description of a flag, an option without a value.
    ///
    /// - Parameters:
    ///   - longName: The long name without dashes, for example `json`.
    ///   - shortName: The optional short name.
    ///   - help: Sentences describing the flag.
    ///   - isRepeatable: Whether the flag may be given more than once.
    public static func flag(
        _ longName: String,
        shortName: Character? = nil,
        help: String,
        isRepeatable: Bool = false
    ) -> OptionSpecification {
        OptionSpecification(
            longName: longName,
            shortName: shortName,
            help: help,
            kind: .flag,
            isRepeatable: isRepeatable
        )
    }

    /// Creates a description of an option that carries a value.
    ///
    /// - Parameters:
    ///   - longName: The long name without dashes, for example `expect-seq`.
    ///   - shortName: The optional short name.
    ///   - valueName: The value's name, for example `n`.
    ///   - help: Sentences describing the option.
    ///   - isRequired: Whether the option must be given.
    ///   - isRepeatable: Whether the option may be given more than once.
    ///   - defaultDescription: A description of the value used when absent.
    public static func value(
        _ longName: String,
        shortName: Character? = nil,
        valueName: String,
        help: String,
        isRequired: Bool = false,
        isRepeatable: Bool = false,
        defaultDescription: String? = nil
    ) -> OptionSpecification {
        OptionSpecification(
            longName: longName,
            shortName: shortName,
            valueName: valueName,
            help: help,
            kind: .value,
            isRepeatable: isRepeatable,
            isRequired: isRequired,
            defaultDescription: defaultDescription
        )
    }

    /// The long spelling, for example `--expect-seq`.
    public var longSpelling: String { "--\(longName)" }

    /// The short spelling, for example `-y`, if the option has a short name.
    public var shortSpelling: String? { shortName.map { "-\($0)" } }

    /// The long spelling followed by the value name for value options, for
    /// example `--expect-seq <n>` or `--yes`.
    public var synopsis: String { synopsis(spelling: longSpelling) }

    /// The given spelling followed by the value name for value options, for
    /// example `-n <n>`.
    func synopsis(spelling: String) -> String {
        switch kind {
        case .flag: spelling
        case .value: "\(spelling) <\(valueName)>"
        }
    }
}
