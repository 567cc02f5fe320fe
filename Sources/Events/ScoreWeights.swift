/// The weights of the tunable score's five parts; they sum to 100 (checked by the
/// command and by projections, not by decoding).
public struct ScoreWeights: Sendable, Hashable {
    public var duration: Double
    public var deep: Double
    public var rem: Double
    public var bedtime: Double
    public var interruptions: Double

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
