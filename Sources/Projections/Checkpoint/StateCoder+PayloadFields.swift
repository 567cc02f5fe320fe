import Events
import StrictJSON

/// A payload of module `Events` (a goal, a manual sleep …) in a checkpoint: its fields in the
/// order its description visits them (`EventPayloadContent.visitFields`), without keys, each
/// coded as the state's values are; a reader's error names the field's key.
extension PayloadFieldVisitor where Self: StateCoder {
    package mutating func night(_ key: StaticString, _ value: inout Night) throws(Failure) { try field(key, &value) }
    package mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) throws(Failure) { try field(key, &value) }
    package mutating func localDate(_ key: StaticString, _ value: inout LocalDate) throws(Failure) { try field(key, &value) }
    package mutating func instant(_ key: StaticString, _ value: inout Instant) throws(Failure) { try field(key, &value) }
    package mutating func integer(_ key: StaticString, _ value: inout Int) throws(Failure) { try field(key, &value) }
    package mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) throws(Failure) { try field(key, &value) }
    package mutating func number(_ key: StaticString, _ value: inout Double) throws(Failure) { try field(key, &value) }
    package mutating func optionalNumber(_ key: StaticString, _ value: inout Double?) throws(Failure) { try field(key, &value) }
    package mutating func bool(_ key: StaticString, _ value: inout Bool) throws(Failure) { try field(key, &value) }
    /// Its text (a checkpoint holds an id as the string it is).
    package mutating func identifier(_ key: StaticString, _ value: inout CompactIdentifier) throws(Failure) {
        var text = Self.isReading ? "" : value.text
        try field(key, &text)
        if Self.isReading { value = CompactIdentifier(text) }
    }
    package mutating func name(_ key: StaticString, _ value: inout String) throws(Failure) { try field(key, &value) }
    package mutating func text(_ key: StaticString, _ value: inout String) throws(Failure) { try field(key, &value) }
    package mutating func optionalText(_ key: StaticString, _ value: inout String?) throws(Failure) { try field(key, &value) }
    package mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) throws(Failure) { try field(key, &value) }

    /// Its raw value, which must name a case.
    package mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) throws(Failure) {
        var raw = value.rawValue
        try field(key) { coder throws(Failure) in
            try coder.code(&raw)
            try coder.check(Value(rawValue: raw) != nil, "\(raw.debugDescription) is not one of its values")
        }
        if Self.isReading, let read = Value(rawValue: raw) { value = read }
    }

    package mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) throws(Failure) {
        try value.visitFields(&self)
    }

    /// A mark, 0 for minutes or 1 for a percent, then the amount.
    package mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) throws(Failure) {
        var (mark, amount): (UInt8, Double)
        switch value {
        case .minutes(let minutes): (mark, amount) = (0, minutes)
        case .percent(let percent): (mark, amount) = (1, percent)
        }
        try field(key) { coder throws(Failure) in
            try coder.code(&mark)
            try coder.check(mark <= 1, "a score target is marked 0 or 1, not \(mark)")
            try coder.code(&amount)
        }
        if Self.isReading { value = mark == 0 ? .minutes(amount) : .percent(amount) }
    }
}

extension PayloadFieldVisitor where Self: StateCoder {
    /// Its compact JSON, as a string; read back by `JSONParser`.
    package mutating func anyObject(_ key: StaticString, _ value: inout JSONObject) throws(Failure) {
        var text = String(decoding: JSONWriter.encode(.object(value)), as: UTF8.self)
        try field(key, &text)
        guard Self.isReading else { return }
        let parsed = try? JSONParser.parse(text)
        try check(parsed?.objectValue != nil, "an object kept as written is not a JSON object")
        if let object = parsed?.objectValue { value = object }
    }
}

extension CheckpointWriter: PayloadFieldVisitor {}
extension CheckpointReader: PayloadFieldVisitor {}
