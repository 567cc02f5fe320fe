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
/// in place from its columns until the first change, which copies them into an array first
/// (`materialize()`). The same elements either way: only where they live differs.
///
/// Opening a store reads the sleep samples and vital readings this way: a fresh process does
/// not fault in the megabytes an array of them would take, and a fold that never changes them
/// (most opens) never copies them (docs/checkpoints.md, "Reading without copying").
struct ColumnBackedArray<Columns: ElementColumns>: Sendable where Columns.Element: Sendable {
    private var owned: [Columns.Element]
    private var columns: Columns?

    /// An array of `elements`.
    init(_ elements: [Columns.Element] = []) {
        owned = elements
    }

    /// The elements of `columns`, read in place.
    init(columns: Columns) {
        owned = []
        self.columns = columns
    }

    var count: Int { columns?.count ?? owned.count }

    var isEmpty: Bool { count == 0 }

    var indices: Range<Int> { 0..<count }

    /// Whether the elements are still read in place (for tests).
    var isReadInPlace: Bool { columns != nil }

    subscript(index: Int) -> Columns.Element {
        get {
            if let columns { return columns.element(at: index) }
            return owned[index]
        }
        set {
            materialize()
            owned[index] = newValue
        }
    }

    mutating func append(_ element: Columns.Element) {
        materialize()
        owned.append(element)
    }

    func map<Value>(_ transform: (Columns.Element) throws -> Value) rethrows -> [Value] {
        guard let columns else { return try owned.map(transform) }
        var values: [Value] = []
        values.reserveCapacity(columns.count)
        for index in 0..<columns.count { values.append(try transform(columns.element(at: index))) }
        return values
    }

    /// Copies the elements read in place into the array.
    mutating func materialize() {
        guard let columns else { return }
        owned = (0..<columns.count).map(columns.element(at:))
        self.columns = nil
    }
}
