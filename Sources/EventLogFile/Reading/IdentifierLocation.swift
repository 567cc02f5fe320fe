/// Where an id was first used in a log.
public struct IdentifierLocation: Sendable, Hashable {
    /// Its seq.
    public var seq: Int
    /// Its 1-based line number.
    public var line: Int
    /// The offset of its line.
    public var byteOffset: Int64

    /// Creates the value from its parts.
    public init(seq: Int, line: Int, byteOffset: Int64) {
        self.seq = seq
        self.line = line
        self.byteOffset = byteOffset
    }
}
