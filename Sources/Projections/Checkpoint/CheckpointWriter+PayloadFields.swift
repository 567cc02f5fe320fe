import Events

/// The writer as a backend of the payload descriptions (`EventPayloadContent.visitFields`):
/// each field in order, without its key.
extension CheckpointWriter: PayloadFieldVisitor {
    // `Failure` is the writing backend's (`Never`).

    package mutating func night(_ key: StaticString, _ value: inout Night) { night(value) }
    package mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) { timeOfDay(value) }
    package mutating func localDate(_ key: StaticString, _ value: inout LocalDate) { localDate(value) }
    package mutating func instant(_ key: StaticString, _ value: inout Instant) { instant(value) }
    package mutating func integer(_ key: StaticString, _ value: inout Int) { int(value) }
    package mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) { value.describeState(&self) }
    package mutating func number(_ key: StaticString, _ value: inout Double) { double(value) }
    package mutating func bool(_ key: StaticString, _ value: inout Bool) { bool(value) }
    package mutating func identifier(_ key: StaticString, _ value: inout String) { string(value) }
    package mutating func name(_ key: StaticString, _ value: inout String) { string(value) }
    package mutating func text(_ key: StaticString, _ value: inout String) { string(value) }
    package mutating func optionalText(_ key: StaticString, _ value: inout String?) { value.describeState(&self) }
    package mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) { value.describeState(&self) }
    package mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) { string(value.rawValue) }
    package mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) { value.visitFields(&self) }

    package mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) {
        switch value {
        case .minutes(let minutes):
            uint8(0)
            double(minutes)
        case .percent(let percent):
            uint8(1)
            double(percent)
        }
    }
}
