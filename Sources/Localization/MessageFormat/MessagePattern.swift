/// A message template in ICU MessageFormat syntax, parsed: text, typed arguments, and
/// `plural`, `selectordinal` and `select` choices whose branches are messages themselves.
///
/// The subset read (`MessagePattern+Parsing.swift`), each part as ICU reads it:
/// - `{name}`: the argument as it is (a number formatted as `number`, text as it is);
/// - `{name, number}` and `{name, number, integer}`: a decimal in the locale's digits and
///   separators, at most 3 fraction digits (integer: none), half-even rounding;
/// - `{name, date, ::EEEEMMMMd}` (and `::MMMMd`, `::EEEE`): a calendar date by skeleton;
/// - `{name, time, ::jmm}` or `{name, time, short}`: a time of day in the locale's hour cycle;
/// - `{name, duration}`: a length of time as this library spells it, hours and minutes in
///   words (`MessageRenderer` documents it; ICU's own `duration` type is a different one);
/// - `{name, plural, offset:N =N {…} zero {…} one {…} two {…} few {…} many {…} other {…}}`
///   and `{name, selectordinal, …}`: the branch for the number's CLDR category, `=N` before
///   any keyword; `#` in a branch is the number less the offset;
/// - `{name, select, key {…} other {…}}`: the branch for a string;
/// - apostrophes as ICU's default mode reads them: `''` is one apostrophe, `'` before
///   `{` or `}` (or `#` directly in a plural branch) quotes up to the next single `'`, and
///   any other `'` is itself (`'|'` too: ICU quotes `|` only in `choice`, which is not read).
public struct MessagePattern: Sendable, Hashable {
    /// One part of a message.
    public indirect enum Node: Sendable, Hashable {
        /// Text shown as it is (quoting already removed).
        case text(String)
        /// A simple argument: `{name}` or `{name, type[, style]}`.
        case argument(name: String, format: ArgumentFormat)
        /// `#` in a `plural` or `selectordinal` branch: the number less the offset.
        case pound
        /// A `plural` (cardinal) or `selectordinal` (ordinal) choice.
        case plural(name: String, ordinal: Bool, offset: Int, branches: [PluralBranch])
        /// A `select` choice.
        case select(name: String, branches: [SelectBranch])
    }

    /// How a simple argument is formatted.
    public enum ArgumentFormat: Sendable, Hashable {
        /// `{name}`: as it is.
        case plain
        /// `{name, number}`: a decimal, at most 3 fraction digits.
        case number
        /// `{name, number, integer}`: rounded to a whole number.
        case integer
        /// `{name, date, ::skeleton}`.
        case date(skeleton: String)
        /// `{name, time, ::skeleton}` or `{name, time, short}` (skeleton `jmm`).
        case time(skeleton: String)
        /// `{name, duration}`: this library's hours and minutes.
        case duration
    }

    /// One branch of a `plural` or `selectordinal`.
    public struct PluralBranch: Sendable, Hashable {
        /// What selects it.
        public enum Selector: Sendable, Hashable {
            /// `=N`: exactly this number (before the offset).
            case exactly(Int)
            /// A CLDR category.
            case category(PluralCategory)
        }
        public var selector: Selector
        public var message: [Node]
    }

    /// One branch of a `select`.
    public struct SelectBranch: Sendable, Hashable {
        /// The key (`other` is the fallback).
        public var key: String
        public var message: [Node]
    }

    /// The message's parts.
    public let nodes: [Node]
}
