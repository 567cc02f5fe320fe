import Events

/// The unit each vital kind is recorded in, and the plausible range of its readings, as
/// `IngestVitalSamples` accepts them. One unit per kind, the one HealthKit reads it in
/// (`HKUnit.unitString`), so that the log never needs a conversion:
///
/// | kind | unit | accepted | why |
/// |---|---|---|---|
/// | `hrv` (SDNN) | `ms` | 1…300 | SDNN over a short window; above 300 ms is artefact |
/// | `restingHeartRate` | `count/min` | 20…250 | below 20 or above 250 is not a resting rate a watch reports |
/// | `spo2` | `%` | 0.5…1.0 | HealthKit's percent unit is a fraction (`HKUnit.percent()`: 0.0…1.0), so 97 % is 0.97; below 50 % is not a reading a wrist sensor gives |
/// | `respiratoryRate` | `count/min` | 3…60 | breaths a minute during sleep |
/// | `wristTemperature` | `degC` | 25…42 | Apple Watch records the **absolute** sleeping wrist temperature (Health shows it as a change from a baseline, HealthKit stores the absolute value); skin at the wrist is well inside this |
///
/// Bounds are inclusive. A reading in another unit is refused (`.unexpectedUnit`), one
/// outside its range too (`.vitalOutOfRange`); both messages say what is accepted.
public struct VitalRange: Sendable, Hashable {
    /// The kind.
    public var kind: VitalKind
    /// The unit its readings are given in, as HealthKit writes it.
    public var unit: String
    /// The plausible readings, inclusive.
    public var range: ClosedRange<Double>

    /// The unit and range of `kind`.
    public static func of(_ kind: VitalKind) -> VitalRange {
        switch kind {
        case .hrv: return VitalRange(kind: kind, unit: "ms", range: 1...300)
        case .restingHeartRate: return VitalRange(kind: kind, unit: "count/min", range: 20...250)
        case .spo2: return VitalRange(kind: kind, unit: "%", range: 0.5...1.0)
        case .respiratoryRate: return VitalRange(kind: kind, unit: "count/min", range: 3...60)
        case .wristTemperature: return VitalRange(kind: kind, unit: "degC", range: 25...42)
        }
    }

    /// Whether `value` is a plausible reading (a finite number within `range`).
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && range.contains(value)
    }

    /// The range for messages: `1 to 300 ms`, `0.5 to 1 %`.
    var rangeText: String {
        "\(Self.number(range.lowerBound)) to \(Self.number(range.upperBound)) \(unit)"
    }

    /// A number for messages, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
