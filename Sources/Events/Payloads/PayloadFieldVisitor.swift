import StrictJSON
/// One backend of the payload descriptions (`EventPayloadContent.visitFields(_:)`): it is
/// called once per field, in write order, with the field's JSON key and the field itself,
/// and reads it into the field or writes it out.
///
/// The method says the field's kind: what its JSON value is, which checks a read makes,
/// whether it may be absent. The backends are `PayloadEncoder` (the writer),
/// `PayloadDecoder` (the reference reader, whose errors name `data.KEY`),
/// `FastEventLineDecoder`'s fast path and ``PayloadFieldNames``.
package protocol PayloadFieldVisitor {
    /// What a read throws (`Never` for the writer).
    associatedtype Failure: Error

    /// A night, `"YYYY-MM-DD"` or `"demo"`.
    mutating func night(_ key: StaticString, _ value: inout Night) throws(Failure)
    /// A time of day, `"HH:mm"`.
    mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) throws(Failure)
    /// A calendar date, `"YYYY-MM-DD"`.
    mutating func localDate(_ key: StaticString, _ value: inout LocalDate) throws(Failure)
    /// An RFC 3339 instant with an explicit offset.
    mutating func instant(_ key: StaticString, _ value: inout Instant) throws(Failure)
    /// An integer written without fraction or exponent.
    mutating func integer(_ key: StaticString, _ value: inout Int) throws(Failure)
    /// An integer that may be absent or `null`.
    mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) throws(Failure)
    /// A finite number.
    mutating func number(_ key: StaticString, _ value: inout Double) throws(Failure)
    /// A finite number that may be absent or `null`.
    mutating func optionalNumber(_ key: StaticString, _ value: inout Double?) throws(Failure)
    /// `true` or `false`.
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(Failure)
    /// A non-empty string that is new on each event (a sample id).
    mutating func identifier(_ key: StaticString, _ value: inout CompactIdentifier) throws(Failure)
    /// A non-empty string that repeats from event to event (an item, template or app).
    mutating func name(_ key: StaticString, _ value: inout String) throws(Failure)
    /// Any string that repeats from event to event (a source name, a unit).
    mutating func text(_ key: StaticString, _ value: inout String) throws(Failure)
    /// A repeating string that may be absent or `null`.
    mutating func optionalText(_ key: StaticString, _ value: inout String?) throws(Failure)
    /// A time-zone name (by form, `ZoneName.isPlausible(_:)`) that may be absent or `null`.
    mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) throws(Failure)
    /// A string from a closed set of values.
    mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) throws(Failure)
    /// A nested object with fields of its own.
    mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) throws(Failure)
    /// A score target, `{"minutes": n}` or `{"percent": n}`.
    mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) throws(Failure)
    /// Any JSON object, kept as written (someone else's input, e.g. a share, which its fold
    /// checks): its members in order, a repeated key kept.
    mutating func anyObject(_ key: StaticString, _ value: inout JSONObject) throws(Failure)
}

/// A nested object of a payload (e.g. `scoreSettingsChanged`'s `weights`), described as a
/// payload is: its fields, once.
package protocol PayloadObject: Sendable, Hashable {
    /// A value whose every field a read overwrites.
    static var placeholder: Self { get }
    /// Visits the fields in write order.
    mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure)
}

/// A closed set of string values of a payload field (a stage, a vital kind, an action,
/// a tier). The fast path matches the value's bytes against ``packedNames``, made once
/// from the cases.
package protocol PayloadEnumeration: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The cases by their packed raw values.
    static var packedNames: PackedNameTable<Self> { get }
}

extension SleepStage: PayloadEnumeration {
    package static let packedNames = PackedNameTable(SleepStage.allCases.map { ($0.rawValue, $0) })
}

extension VitalKind: PayloadEnumeration {
    package static let packedNames = PackedNameTable(VitalKind.allCases.map { ($0.rawValue, $0) })
}

extension NotificationAction: PayloadEnumeration {
    package static let packedNames = PackedNameTable(NotificationAction.allCases.map { ($0.rawValue, $0) })
}

extension AppTier: PayloadEnumeration {
    package static let packedNames = PackedNameTable(AppTier.allCases.map { ($0.rawValue, $0) })
}

extension Instant {
    /// The instant fields of a payload's placeholder hold (any read overwrites it).
    static var placeholder: Instant { Instant(millisecondsSince1970: 0, normalizedOffsetSeconds: 0) }
}

// MARK: - The keys

/// Collects the keys of a description, in write order.
package struct PayloadFieldNames: PayloadFieldVisitor {
    /// The keys visited.
    package var names: [String] = []

    private mutating func add(_ key: StaticString) { names.append(key.description) }

    package mutating func night(_ key: StaticString, _ value: inout Night) { add(key) }
    package mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) { add(key) }
    package mutating func localDate(_ key: StaticString, _ value: inout LocalDate) { add(key) }
    package mutating func instant(_ key: StaticString, _ value: inout Instant) { add(key) }
    package mutating func integer(_ key: StaticString, _ value: inout Int) { add(key) }
    package mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) { add(key) }
    package mutating func number(_ key: StaticString, _ value: inout Double) { add(key) }
    package mutating func optionalNumber(_ key: StaticString, _ value: inout Double?) { add(key) }
    package mutating func bool(_ key: StaticString, _ value: inout Bool) { add(key) }
    package mutating func identifier(_ key: StaticString, _ value: inout CompactIdentifier) { add(key) }
    package mutating func name(_ key: StaticString, _ value: inout String) { add(key) }
    package mutating func text(_ key: StaticString, _ value: inout String) { add(key) }
    package mutating func optionalText(_ key: StaticString, _ value: inout String?) { add(key) }
    package mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) { add(key) }
    package mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) { add(key) }
    package mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) { add(key) }
    package mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) { add(key) }
    package mutating func anyObject(_ key: StaticString, _ value: inout JSONObject) { add(key) }
}

// MARK: - The reference reader

extension PayloadDecoder: PayloadFieldVisitor {
    package typealias Failure = EventDecodingError

    package mutating func night(_ key: StaticString, _ value: inout Night) throws(EventDecodingError) {
        value = try night(key.description)
    }
    package mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) throws(EventDecodingError) {
        value = try timeOfDay(key.description)
    }
    package mutating func localDate(_ key: StaticString, _ value: inout LocalDate) throws(EventDecodingError) {
        value = try localDate(key.description)
    }
    package mutating func instant(_ key: StaticString, _ value: inout Instant) throws(EventDecodingError) {
        value = try instant(key.description)
    }
    package mutating func integer(_ key: StaticString, _ value: inout Int) throws(EventDecodingError) {
        value = try integer(key.description)
    }
    package mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) throws(EventDecodingError) {
        value = try optionalInteger(key.description)
    }
    package mutating func number(_ key: StaticString, _ value: inout Double) throws(EventDecodingError) {
        value = try number(key.description)
    }
    package mutating func optionalNumber(_ key: StaticString, _ value: inout Double?) throws(EventDecodingError) {
        value = try optionalNumber(key.description)
    }
    package mutating func bool(_ key: StaticString, _ value: inout Bool) throws(EventDecodingError) {
        value = try bool(key.description)
    }
    package mutating func identifier(_ key: StaticString, _ value: inout CompactIdentifier) throws(EventDecodingError) {
        value = CompactIdentifier(try nonEmptyString(key.description))
    }
    package mutating func name(_ key: StaticString, _ value: inout String) throws(EventDecodingError) {
        value = try nonEmptyString(key.description)
    }
    package mutating func text(_ key: StaticString, _ value: inout String) throws(EventDecodingError) {
        value = try string(key.description)
    }
    package mutating func optionalText(_ key: StaticString, _ value: inout String?) throws(EventDecodingError) {
        value = try optionalString(key.description)
    }
    package mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) throws(EventDecodingError) {
        value = try optionalZoneName(key.description)
    }
    package mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) throws(EventDecodingError) {
        value = try enumeration(key.description, as: Value.self)
    }
    package mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) throws(EventDecodingError) {
        var inner = try nested(key.description)
        var read = Value.placeholder
        try read.visitFields(&inner)
        value = read
    }
    package mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) throws(EventDecodingError) {
        value = try ScoreTarget(decoding: nested(key.description))
    }
    package mutating func anyObject(_ key: StaticString, _ value: inout JSONObject) throws(EventDecodingError) {
        value = try anyObject(key.description)
    }
}
