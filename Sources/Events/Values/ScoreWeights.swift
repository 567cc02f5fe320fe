/// The weights of the tunable score's five parts; they sum to 100 (checked by the
/// command and by projections, not by decoding).
public struct ScoreWeights: PayloadObject {
    /// Weight of the duration part.
    public var duration: Double
    /// Weight of the deep-sleep part.
    public var deep: Double
    /// Weight of the REM-sleep part.
    public var rem: Double
    /// Weight of the bedtime part.
    public var bedtime: Double
    /// Weight of the interruptions part.
    public var interruptions: Double

    /// Creates the value from its parts.
    public init(duration: Double, deep: Double, rem: Double, bedtime: Double, interruptions: Double) {
        self.duration = duration
        self.deep = deep
        self.rem = rem
        self.bedtime = bedtime
        self.interruptions = interruptions
    }

    /// The defaults of docs/rules.md §7.1: duration 35, deep 25, bedtime 20, REM 10, interruptions 10.
    public static let defaults = ScoreWeights(duration: 35, deep: 25, rem: 10, bedtime: 20, interruptions: 10)

    /// The description of the object: its fields, once (see `PayloadObject`).
    package static var placeholder: ScoreWeights { .defaults }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.number("duration", &duration)
        try visitor.number("deep", &deep)
        try visitor.number("rem", &rem)
        try visitor.number("bedtime", &bedtime)
        try visitor.number("interruptions", &interruptions)
    }
}
