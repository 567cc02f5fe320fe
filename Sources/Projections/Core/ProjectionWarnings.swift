import Events

/// Warnings gathered while folding: events skipped and why. Each names the seq it is
/// about, so nothing is ever skipped silently.
public struct ProjectionWarnings: Sendable, Hashable {
    /// One warning.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        /// The seq of the event concerned, when there is one.
        public var seq: Int?
        /// What happened.
        public var message: String

        /// Creates the value from its parts.
        public init(seq: Int?, message: String) {
            self.seq = seq
            self.message = message
        }

        public var description: String {
            if let seq { return "seq \(seq): \(message)" }
            return message
        }
    }

    /// The warnings, in the order they arose.
    public private(set) var all: [Warning] = []

    public init() {}

    /// Records that the event at `seq` was skipped, and why.
    public mutating func skipped(seq: Int, because reason: String) {
        all.append(Warning(seq: seq, message: "skipped: \(reason)"))
    }

    /// Records a warning.
    public mutating func append(_ warning: Warning) {
        all.append(warning)
    }

    /// `true` when nothing was warned about.
    public var isEmpty: Bool { all.isEmpty }
}
