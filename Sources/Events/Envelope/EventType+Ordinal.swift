extension EventType {
    /// The type's place in the declaration (and in `allCases`), 0 for `goalSet`: a dense
    /// index for bit sets and counters.
    ///
    /// A Swift enumeration without payloads numbers its cases from 0 in declaration
    /// order, and stores that number in its one byte: the ordinal is that byte, so no
    /// table restates the order (`FastDecoderPartsTests` checks it against `allCases`).
    @inline(__always)
    public var ordinal: Int {
        withUnsafeBytes(of: self) { Int($0[0]) }
    }
}
