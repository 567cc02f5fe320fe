// The collections, described once: an array is its count then its elements; a dictionary
// its entries in key order, a set its elements in order (a reader refuses any other order,
// a repeated key included); an optional a mark, 0 or 1, then the value.

extension Array: StateCodable where Element: StateCodable {
    package static var placeholder: [Element] { [] }

    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try describeState(&coder, growing: false)
    }

    /// The array, read with spare capacity when `growing` (`StateCoding.growthCapacity(_:)`).
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder, growing: Bool) throws(Coder.Failure) {
        var count = self.count
        try coder.elementCount(&count, minimumElementSize: 1)
        guard Coder.isReading else {
            // Each element from a copy: a mutable access to the array would copy it whole.
            for element in self {
                var element = element
                try element.describeState(&coder)
            }
            return
        }
        var elements: [Element] = []
        elements.reserveCapacity(growing ? StateCoding.growthCapacity(count) : count)
        for _ in 0..<count { elements.append(try Element.described(by: &coder)) }
        self = elements
    }
}

extension Optional: StateCodable where Wrapped: StateCodable {
    package static var placeholder: Wrapped? { nil }

    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var mark: UInt8 = self == nil ? 0 : 1
        try coder.code(&mark)
        if Coder.isReading {
            try coder.check(mark <= 1, "an optional is marked 0 or 1, not \(mark)")
            self = mark == 1 ? Wrapped.placeholder : nil
        }
        guard var value = self else { return }
        try value.describeState(&coder)
        if Coder.isReading { self = value }
    }
}

private struct DictionaryEntry<Key: StateCodable & Comparable, Value: StateCodable>: StateCodable {
    var key: Key
    var value: Value

    static var placeholder: DictionaryEntry { DictionaryEntry(key: .placeholder, value: .placeholder) }

    @inline(__always)
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try key.describeState(&coder)
        try value.describeState(&coder)
    }
}

extension Dictionary: StateCodable where Key: StateCodable & Comparable, Value: StateCodable {
    package static var placeholder: [Key: Value] { [:] }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var count = self.count
        try coder.elementCount(&count, minimumElementSize: 2)
        guard Coder.isReading else {
            for (key, value) in sorted(by: { $0.key < $1.key }) {
                var entry = DictionaryEntry(key: key, value: value)
                try entry.describeState(&coder)
            }
            return
        }
        var entries: [Key: Value] = [:]
        entries.reserveCapacity(count)
        var previous: Key?
        for _ in 0..<count {
            var entry = DictionaryEntry<Key, Value>.placeholder
            try entry.describeState(&coder)
            try coder.check(previous.map { $0 < entry.key } ?? true, "the keys are not in ascending order, or repeat")
            previous = entry.key
            entries[entry.key] = entry.value
        }
        self = entries
    }
}

extension Set: StateCodable where Element: StateCodable & Comparable {
    package static var placeholder: Set<Element> { [] }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var elements = Coder.isReading ? [] : sorted()
        try elements.describeState(&coder)
        guard Coder.isReading else { return }
        try coder.check(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 }, "the elements are not in ascending order, or repeat")
        self = Set(elements)
    }
}
