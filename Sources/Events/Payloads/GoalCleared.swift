/// `goalCleared`: stop the plan; history stays. Its payload is `{}`.
public struct GoalCleared: EventPayloadContent {
    public init() {}

    public static let fieldNames: [String] = []

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {}

    public func encode(to data: inout PayloadEncoder) {}
}
