/// `scoreSettingsChanged`: the tunable score's weights and targets.
public struct ScoreSettingsChanged: EventPayloadContent {
    /// The five parts' weights, summing to 100.
    public var weights: ScoreWeights
    /// The deep-sleep target.
    public var deepTarget: ScoreTarget
    /// The REM-sleep target.
    public var remTarget: ScoreTarget
    /// The preset these settings came from, if any.
    public var preset: String?

    /// Creates the value from its parts.
    public init(weights: ScoreWeights, deepTarget: ScoreTarget, remTarget: ScoreTarget, preset: String? = nil) {
        self.weights = weights
        self.deepTarget = deepTarget
        self.remTarget = remTarget
        self.preset = preset
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: ScoreSettingsChanged { ScoreSettingsChanged(weights: .defaults, deepTarget: .minutes(0), remTarget: .minutes(0)) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.object("weights", &weights)
        try visitor.scoreTarget("deepTarget", &deepTarget)
        try visitor.scoreTarget("remTarget", &remTarget)
        try visitor.optionalText("preset", &preset)
    }
}
