/// The weights of the tunable score's five parts; they sum to 100 (checked by the
/// command and by projections, not by decoding).
public struct ScoreWeights: Sendable, Hashable {
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

    /// The defaults of domain.md §7: duration 35, deep 25, bedtime 20, REM 10, interruptions 10.
    public static let defaults = ScoreWeights(duration: 35, deep: 25, rem: 10, bedtime: 20, interruptions: 10)

    init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        duration = try data.number("duration")
        deep = try data.number("deep")
        rem = try data.number("rem")
        bedtime = try data.number("bedtime")
        interruptions = try data.number("interruptions")
    }

    func encode(to data: inout PayloadEncoder) {
        data.number("duration", duration)
        data.number("deep", deep)
        data.number("rem", rem)
        data.number("bedtime", bedtime)
        data.number("interruptions", interruptions)
    }
}
