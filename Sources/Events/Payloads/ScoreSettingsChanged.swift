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

    public static let fieldNames = ["weights", "deepTarget", "remTarget", "preset"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        weights = try ScoreWeights(decoding: data.nested("weights"))
        deepTarget = try ScoreTarget(decoding: data.nested("deepTarget"))
        remTarget = try ScoreTarget(decoding: data.nested("remTarget"))
        preset = try data.optionalString("preset")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.nested("weights") { weights.encode(to: &$0) }
        data.nested("deepTarget") { deepTarget.encode(to: &$0) }
        data.nested("remTarget") { remTarget.encode(to: &$0) }
        data.optionalString("preset", preset)
    }
}
