import Events

/// A part of the fold's state that a checkpoint holds, described once: its stored fields,
/// in payload order, each handed to a ``StateCoder``. The writer (`CheckpointWriter`) and
/// the reader (`CheckpointReader`) are the two backends of that one description, so that
/// what is written is what is read.
///
/// Decoding what the writer wrote gives a value whose every answer is the same as the
/// original's and which writes the same bytes again: collections are written in a fixed
/// order (dictionaries and sets by key), and what a description leaves out (a cache, an
/// index) it rebuilds when reading (under `Coder.isReading`), or rebuilds when first
/// needed. **Bump `CheckpointLayout.version` whenever a description changes its bytes.**
package protocol StateCodable {
    /// A value whose every described field a read overwrites: the starting point of
    /// decoding.
    static var placeholder: Self { get }

    /// Hands the stored fields to `coder`, in payload order: a writer reads them, a reader
    /// overwrites them. Reading, it checks what it read (`coder.check`) and rebuilds what
    /// it leaves out.
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

/// A payload of module `Events` held in a state: described by its own fields
/// (`EventPayloadContent.visitFields`), whose placeholder it shares.
extension StateCodable where Self: EventPayloadContent {
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&self)
    }
}

extension ManualSleepLogged: StateCodable {}
extension GoalSet: StateCodable {}
extension ScoreSettingsChanged: StateCodable {}
extension AppleSleepScoreLogged: StateCodable {}

/// A closed set of cases written as a byte, its place in ``stateCases`` (whose order the
/// layout tests pin: reordering or adding a case changes the bytes).
package protocol StateCodableCase: StateCodable, Equatable {
    /// Every case, in the order of their bytes.
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
