/// Names (sources, zones) held once each, numbered in the order first seen. Two names are
/// the same entry only when their UTF-8 bytes are equal, so every sample gets its own
/// name back byte for byte.
struct NameTable: Sendable {
    /// A name compared and hashed by its bytes.
    private struct ExactName: Hashable, Sendable {
        var text: String

        static func == (left: ExactName, right: ExactName) -> Bool {
            NameTable.sameBytes(left.text, right.text)
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The names, by number.
    private(set) var names: [String] = []
    private var numbers: [ExactName: UInt32] = [:]
    /// For each number, the first number whose name is equal to its name as a string.
    private var firstEqual: [UInt32] = []
    private var numbersByString: [String: UInt32] = [:]

    /// The number of `name`, given a new one if it is new.
    mutating func number(of name: String) -> UInt32 {
        if let number = numbers[ExactName(text: name)] { return number }
        let number = UInt32(names.count)
        names.append(name)
        numbers[ExactName(text: name)] = number
        if let equal = numbersByString[name] {
            firstEqual.append(equal)
        } else {
            numbersByString[name] = number
            firstEqual.append(number)
        }
        return number
    }

    /// The first number whose name equals `number`'s as a string (itself, unless a name of
    /// other bytes but equal as a string came first): names told apart as strings are.
    func stringEqualNumber(_ number: UInt32) -> UInt32 {
        firstEqual[Int(number)]
    }

    /// Whether two strings have the same UTF-8 bytes (`String` equality is canonical
    /// equivalence, which other bytes can satisfy).
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        var left = left
        var right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                // Eight bytes at a time (a name is compared at every sample the fold takes).
                let leftWords = UnsafeRawBufferPointer(leftBytes)
                let rightWords = UnsafeRawBufferPointer(rightBytes)
                var offset = 0
                while offset + 8 <= leftWords.count {
                    guard leftWords.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == rightWords.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                    offset += 8
                }
                while offset < leftWords.count {
                    guard leftWords[offset] == rightWords[offset] else { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    /// The name numbered `number`.
    subscript(number: UInt32) -> String { names[Int(number)] }

    /// Whether two numbered names are equal as strings (`String` equality, which a name
    /// of other bytes can satisfy).
    func same(_ left: UInt32, _ right: UInt32) -> Bool {
        stringEqualNumber(left) == stringEqualNumber(right)
    }
}

// MARK: Checkpoint

extension NameTable: StateCodable {
    static var placeholder: NameTable { NameTable() }

    /// The names, by number; the rest is rebuilt by numbering them again in order.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var read = names
        try coder.field("the names", &read)
        guard Coder.isReading else { return }
        var table = NameTable()
        for name in read { _ = table.number(of: name) }
        try coder.check(table.names.count == read.count, "a name is repeated")
        self = table
    }
}
