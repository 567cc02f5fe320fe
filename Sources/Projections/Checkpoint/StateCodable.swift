import Events

/// A part of the fold's state that a checkpoint holds, described once: its stored fields in
/// payload order, handed to a ``StateCoder`` (the writer or the reader), so what is written
/// is what is read. What a description leaves out (a cache) it rebuilds when reading
/// (`Coder.isReading`). **Bump `CheckpointLayout.version` when a description's bytes change.**
package protocol StateCodable {
    /// The starting point of decoding: a read overwrites every described field.
    static var placeholder: Self { get }

    /// Hands the stored fields to `coder` in payload order; reading, it checks what it read
    /// (`coder.check`) and rebuilds what it leaves out.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure)
}

extension StateCodable {
    /// The value read from `coder`'s next bytes (a reader's), or written (a writer's copy).
    package static func described<Coder: StateCoder>(by coder: inout Coder) throws(Coder.Failure) -> Self {
        var value = placeholder
        try value.describeState(&coder)
        return value
    }
}

/// A payload of module `Events`, described by its own fields (`EventPayloadContent.visitFields`).
extension StateCodable where Self: EventPayloadContent {
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&self)
    }
}

extension ManualSleepLogged: StateCodable {}
extension GoalSet: StateCodable {}
extension ScoreSettingsChanged: StateCodable {}
extension AppleSleepScoreLogged: StateCodable {}

/// Cases written as a byte, their place in ``stateCases``: reordering or adding one changes the bytes.
package protocol StateCodableCase: StateCodable, Equatable {
    static var stateCases: [Self] { get }
}

extension StateCodableCase {
    package static var placeholder: Self { stateCases[0] }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var place = Coder.isReading ? 0 : UInt8(truncatingIfNeeded: Self.stateCases.firstIndex(of: self) ?? 0)
        try coder.code(&place)
        guard Coder.isReading else { return }
        let cases = Self.stateCases
        try coder.check(Int(place) < cases.count, "\(place) numbers none of its \(cases.count) cases")
        self = cases[Int(place) < cases.count ? Int(place) : 0]
    }
}

extension SleepStage: StateCodableCase {
    package static let stateCases = SleepStage.allCases
}

extension VitalKind: StateCodableCase {
    package static let stateCases = VitalKind.allCases
}

extension AppTier: StateCodableCase {
    package static let stateCases = AppTier.allCases
}

// MARK: - The leaves

extension UInt8: StateCodable {
    package static var placeholder: UInt8 { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension UInt64: StateCodable {
    package static var placeholder: UInt64 { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Int64: StateCodable {
    package static var placeholder: Int64 { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Int: StateCodable {
    package static var placeholder: Int { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Int32: StateCodable {
    package static var placeholder: Int32 { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension UInt32: StateCodable {
    package static var placeholder: UInt32 { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Bool: StateCodable {
    package static var placeholder: Bool { false }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Double: StateCodable {
    package static var placeholder: Double { 0 }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension String: StateCodable {
    package static var placeholder: String { "" }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Instant: StateCodable {
    package static var placeholder: Instant { Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0) }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension LocalDate: StateCodable {
    package static var placeholder: LocalDate { LocalDate(daysSince1970: 0) }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Night: StateCodable {
    package static var placeholder: Night { .demo }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension TimeOfDay: StateCodable {
    package static var placeholder: TimeOfDay { TimeOfDay.noon }
    @inline(__always)
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}
