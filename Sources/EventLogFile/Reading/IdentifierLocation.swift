/// Where an id was first used in a log.
package struct IdentifierLocation: Sendable, Hashable {
    /// Its seq.
    package var seq: Int
    /// Its 1-based line number.
    package var line: Int
    /// The offset of its line.
    package var byteOffset: Int64

    /// Creates the value from its parts.
    package init(seq: Int, line: Int, byteOffset: Int64) {
        self.seq = seq
        self.line = line
        self.byteOffset = byteOffset
    }
}
