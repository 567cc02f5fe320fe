extension RandomAccessCollection {
    /// The index of the first element for which `belongsToSecondPart` is true, in a
    /// collection ordered so that it is false for a prefix and true for the rest (a binary
    /// search: O(log n) calls); `endIndex` when it is true for none. The one binary search of
    /// the package: the folds keep sorted days, instants and zone changes, and look up the
    /// first at or after a bound.
    @inlinable
    public func partitioningIndex(where belongsToSecondPart: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsToSecondPart(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
