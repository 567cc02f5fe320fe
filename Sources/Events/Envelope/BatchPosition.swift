/// A line's place in a batch of two or more events appended together: `[index, count]`
/// on the wire. A batch whose lines are not all present is a torn tail (at the end of
/// the file) or corruption (anywhere else).
public struct BatchPosition: Sendable, Hashable {
    /// 1-based place of the line in its batch.
    public var index: Int
    /// Number of lines in the batch (at least 2).
    public var count: Int

    /// Creates a position; `nil` unless `1 ≤ index ≤ count` and `count ≥ 2`.
    public init?(index: Int, count: Int) {
        guard count >= 2, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }
}
