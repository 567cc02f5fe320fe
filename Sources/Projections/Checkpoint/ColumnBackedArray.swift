/// Columns of a checkpoint's payload kept in place (``RetainedBytes``), read one element at a
/// time.
protocol ElementColumns: Sendable {
    associatedtype Element
    /// The number of elements.
    var count: Int { get }
    /// The element at `index` (`0..<count`), read from the columns (checked when they were
    /// read: this never fails).
    func element(at index: Int) -> Element
}

/// Elements held by index: in an array, or, for a state read from a mapped checkpoint, read
/// in place from its columns, with the changes since kept beside them (elements appended
/// after the columns' end, and the few replaced before it). The same elements either way:
/// only where they live differs.
///
/// Opening a store reads the sleep samples and vital readings this way: a fresh process does
/// not fault in the megabytes an array of them would take, and folding more events (a
/// rewind's three nights) copies none of them (docs/checkpoints.md, "Reading without
/// copying").
struct ColumnBackedArray<Columns: ElementColumns>: Sendable where Columns.Element: Sendable {
    /// The elements after the columns' (all of them without columns).
    private var owned: [Columns.Element]
    private var columns: Columns?
    /// Elements of the columns replaced since, by index.
    private var replaced: [Int: Columns.Element] = [:]

    /// An array of `elements`.
    init(_ elements: [Columns.Element] = []) {
        owned = elements
    }

    /// The elements of `columns`, read in place.
    init(columns: Columns) {
        owned = []
        self.columns = columns
    }

    /// The elements of `columns`, copied into an array (for columns valid only while a
    /// checkpoint is read).
    init(copying columns: Columns) {
        owned = (0..<columns.count).map(columns.element(at:))
    }

    /// The number of elements read in place.
    private var columnCount: Int { columns?.count ?? 0 }

    var count: Int { columnCount + owned.count }

    var isEmpty: Bool { count == 0 }

    var indices: Range<Int> { 0..<count }

    /// Whether some elements are still read in place (for tests).
    var isReadInPlace: Bool { columns != nil }

    /// The number of elements replaced in the columns (for tests).
    var replacedCount: Int { replaced.count }

    subscript(index: Int) -> Columns.Element {
        get {
            reading(index, inPlace: { $0.element(at: $1) }, owned: { $0 })
        }
        set {
            let columnCount = columnCount
            if index >= columnCount {
                owned[index - columnCount] = newValue
            } else {
                replaced[index] = newValue
            }
        }
    }

    /// A part of the element at `index`: `inPlace` reads it from the columns (without
    /// building the whole element), `owned` from an element held.
    @inline(__always)
    func reading<Value>(_ index: Int, inPlace: (Columns, Int) -> Value, owned read: (Columns.Element) -> Value) -> Value {
        if let columns, index < columns.count {
            if !replaced.isEmpty, let element = replaced[index] { return read(element) }
            return inPlace(columns, index)
        }
        return read(owned[index - columnCount])
    }

    /// Calls `body` with the columns (`nil` without), the elements replaced in them, and the
    /// elements after them: for a pass over many elements that takes each part once.
    func withColumns<Result>(_ body: (Columns?, [Int: Columns.Element], [Columns.Element]) -> Result) -> Result {
        body(columns, replaced, owned)
    }

    mutating func append(_ element: Columns.Element) {
        owned.append(element)
    }

    func map<Value>(_ transform: (Columns.Element) throws -> Value) rethrows -> [Value] {
        guard columns != nil else { return try owned.map(transform) }
        var values: [Value] = []
        values.reserveCapacity(count)
        for index in indices { values.append(try transform(self[index])) }
        return values
    }
}
