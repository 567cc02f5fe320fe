import Events

/// The reader as a backend of the payload descriptions; an error names the field's key.
extension CheckpointReader: PayloadFieldVisitor {
    // `Failure` is the reading backend's (`CheckpointDecodingError`).

    package mutating func night(_ key: StaticString, _ value: inout Night) throws(CheckpointDecodingError) {
        value = try night(key)
    }
    package mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) throws(CheckpointDecodingError) {
        value = try timeOfDay(key)
    }
    package mutating func localDate(_ key: StaticString, _ value: inout LocalDate) throws(CheckpointDecodingError) {
        value = try localDate(key)
    }
    package mutating func instant(_ key: StaticString, _ value: inout Instant) throws(CheckpointDecodingError) {
        value = try instant(key)
    }
    package mutating func integer(_ key: StaticString, _ value: inout Int) throws(CheckpointDecodingError) {
        value = try int(key)
    }
    package mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) throws(CheckpointDecodingError) {
        try field(key) { reader throws(CheckpointDecodingError) in try value.describeState(&reader) }
    }
    package mutating func number(_ key: StaticString, _ value: inout Double) throws(CheckpointDecodingError) {
        value = try double(key)
    }
    package mutating func bool(_ key: StaticString, _ value: inout Bool) throws(CheckpointDecodingError) {
        value = try bool(key)
    }
    package mutating func identifier(_ key: StaticString, _ value: inout String) throws(CheckpointDecodingError) {
        value = try string(key)
    }
    package mutating func name(_ key: StaticString, _ value: inout String) throws(CheckpointDecodingError) {
        value = try string(key)
    }
    package mutating func text(_ key: StaticString, _ value: inout String) throws(CheckpointDecodingError) {
        value = try string(key)
    }
    package mutating func optionalText(_ key: StaticString, _ value: inout String?) throws(CheckpointDecodingError) {
        try field(key) { reader throws(CheckpointDecodingError) in try value.describeState(&reader) }
    }
    package mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) throws(CheckpointDecodingError) {
        try field(key) { reader throws(CheckpointDecodingError) in try value.describeState(&reader) }
    }
    package mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) throws(CheckpointDecodingError) {
        let start = offset
        let raw = try string(key)
        guard let read = Value(rawValue: raw) else { throw failure(key, at: start, "\(raw.debugDescription) is not one of its values") }
        value = read
    }
    package mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) throws(CheckpointDecodingError) {
        try value.visitFields(&self)
    }
    package mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) throws(CheckpointDecodingError) {
        let start = offset
        switch try uint8(key) {
        case 0: value = .minutes(try double(key))
        case 1: value = .percent(try double(key))
        case let other: throw failure(key, at: start, "a score target is marked 0 or 1, not \(other)")
        }
    }
}
