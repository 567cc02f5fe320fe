import Events

/// Warnings gathered while folding: events skipped and why. Each names the seq it is
/// about, so nothing is ever skipped silently. A warning is a value (seq, rule, message),
/// rendered to text only at the edge (`description`).
public struct ProjectionWarnings: Sendable, Hashable {
    /// Which rule a warning is about: a typed code, so that a fold's parent or a front end
    /// can tell warnings apart without reading their text.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// Not a rule of the domain (a torn tail, an out-of-date store, an unknown event type).
        case notice
        /// A goal that breaks the goal rules (docs/rules.md §1.1).
        case goal
        /// A nightly action naming a night more than 2 days from its instant (`NightRange`).
        case nightRange
        /// An override or early start of a night without a plan, or that is over, or of the
        /// demo night (docs/rules.md §1.5, §4).
        case nightPlan
        /// A demo night's start or early start (docs/rules.md §4).
        case demoNight
        /// A mindful exit (`ExitHistory.rejection(of:on:window:at:)`).
        case exit
        /// A checklist change (`ChecklistCompletions.rejection(of:at:isPlanned:demoStarted:)`).
        case checklist
        /// A sleep, vital or caffeine sample or a workout (`SampleInterval`,
        /// `HealthSamples.rejection(of:at:)`, a deleted sample, an unknown zone).
        case sample
        /// A manual sleep entry.
        case manualSleep
        /// Score settings or an Apple score typed in.
        case scores
        /// An event id already used, or an event whose zone is unknown.
        case event
        /// A reminder retired or restored (`ReminderHabits.rejection(retiring:template:at:)`).
        case reminder
        /// A share received that is not a night or a week share (`Share.read(_:)`).
        case share
    }

    /// One warning.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        /// The seq of the event concerned, when there is one.
        public var seq: Int?
        /// The rule it is about.
        public var rule: Rule
        /// What happened.
        public var message: String
        /// The stream of the event concerned, in a log set (its seq counts there).
        public var stream: String?

        /// Creates the value from its parts.
        public init(seq: Int?, rule: Rule = .notice, message: String, stream: String? = nil) {
            self.seq = seq
            self.rule = rule
            self.message = message
            self.stream = stream
        }

        public var description: String {
            guard let seq else { return message }
            return "\(EventPlace.name(seq: seq, stream: stream)): \(message)"
        }
    }

    /// The warnings, in the order they arose.
    public private(set) var all: [Warning] = []

    public init() {}

    /// Records that the event at `seq` was skipped, by which rule, and why.
    public mutating func skipped(seq: Int, rule: Rule = .notice, because reason: String) {
        all.append(Warning(seq: seq, rule: rule, message: "skipped: \(reason)"))
    }

    /// Records that the event at `seq` was skipped, by which rule, and why, and answers the
    /// skip as the fold's outcome.
    mutating func skip(seq: Int, rule: Rule, because reason: String) -> FoldOutcome<Rule> {
        skipped(seq: seq, rule: rule, because: reason)
        return .skipped(rule)
    }

    /// Records a warning.
    public mutating func append(_ warning: Warning) {
        all.append(warning)
    }

    /// `true` when nothing was warned about.
    public var isEmpty: Bool { all.isEmpty }

    /// Names `stream` in the warnings from the `start`-th on that are about the event at
    /// `seq` (the runner calls it after folding an event of a log set, so that no fold
    /// needs to know about streams).
    mutating func attach(stream: String, toWarningsFrom start: Int, seq: Int) {
        for index in all.indices.dropFirst(start) where all[index].seq == seq && all[index].stream == nil {
            all[index].stream = stream
        }
    }
}

// MARK: Checkpoint

extension ProjectionWarnings: StateCodable {
    package static var placeholder: ProjectionWarnings { ProjectionWarnings() }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ProjectionWarnings", &all)
    }
}

extension ProjectionWarnings.Rule: StateCodableCase {
    package static let stateCases = allCases
}

extension ProjectionWarnings.Warning: StateCodable {
    package static var placeholder: ProjectionWarnings.Warning { ProjectionWarnings.Warning(seq: nil, message: "") }

    /// Its seq (optional), its rule (its place in `Rule.allCases`), its message, its stream
    /// (optional).
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ProjectionWarnings.seq", &seq)
        try coder.field("ProjectionWarnings.rule", &rule)
        try coder.field("ProjectionWarnings.message", &message)
        try coder.field("ProjectionWarnings.stream", &stream)
    }
}
