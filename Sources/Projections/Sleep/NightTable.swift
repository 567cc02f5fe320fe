import Events

/// A value for each night (days since 1970), created empty on first use; the last night
/// changed is remembered, as the next change is most likely for it again (a night's
/// samples come together).
struct NightTable<Value: Sendable>: Sendable {
    private var positions: [Int32: Int] = [:]
    private var nights: [Int32] = []
    private var values: [Value] = []
    private var last: (night: Int32, position: Int)?
    private let empty: Value

    init(empty: Value) {
        self.empty = empty
    }

    /// The value of `night`, if it has one.
    subscript(night: Int32) -> Value? {
        positions[night].map { values[$0] }
    }

    /// Every night with its value.
    var all: Zip2Sequence<[Int32], [Value]> { zip(nights, values) }

    /// Changes the value of `night`, created empty if it has none.
    mutating func modify(_ night: Int32, _ change: (inout Value) -> Void) {
        let position: Int
        if let last, last.night == night {
            position = last.position
        } else if let known = positions[night] {
            position = known
        } else {
            position = values.count
            positions[night] = position
            nights.append(night)
            values.append(empty)
        }
        last = (night, position)
        change(&values[position])
    }

    /// Changes the value of `night` if it has one.
    mutating func modifyIfPresent(_ night: Int32, _ change: (inout Value) -> Void) {
        guard positions[night] != nil else { return }
        modify(night, change)
    }
}

// MARK: Checkpoint

extension NightTable {
    /// Writes each night (days since 1970) and its value, in the order first changed.
    func write(to writer: inout CheckpointWriter, _ writeValue: (inout CheckpointWriter, Value) -> Void) {
        writer.count(nights.count)
        for (night, value) in zip(nights, values) {
            writer.int(Int(night))
            writeValue(&writer, value)
        }
    }

    /// Reads what `write` wrote (`readValue` reads the value of the night it is given).
    init(from reader: inout CheckpointReader, empty: Value, _ what: StaticString, _ readValue: (inout CheckpointReader, Int32) throws(CheckpointDecodingError) -> Value) throws(CheckpointDecodingError) {
        self.init(empty: empty)
        let count = try reader.count(what, minimumElementSize: 2)
        positions.reserveCapacity(count)
        nights.reserveCapacity(count)
        values.reserveCapacity(count)
        for _ in 0..<count {
            let start = reader.offset
            guard let night = Int32(exactly: try reader.int(what)), positions[night] == nil else {
                throw reader.failure(what, at: start, "a night is out of range or repeated")
            }
            positions[night] = values.count
            nights.append(night)
            values.append(try readValue(&reader, night))
        }
    }
}
