import Events

/// One night's vitals, summarised (issue 5): mean HRV, lowest resting heart rate, mean
/// SpO2, mean respiratory rate, mean wrist temperature; `nil` where none was measured.
public struct VitalSummary: Sendable, Hashable {
    /// Mean heart-rate variability (SDNN), in the readings' unit (ms).
    public var meanHRV: Double?
    /// Lowest resting heart rate (count/min).
    public var lowestRestingHeartRate: Double?
    /// Mean blood-oxygen saturation, in the readings' unit.
    public var meanSpO2: Double?
    /// Mean respiratory rate (count/min).
    public var meanRespiratoryRate: Double?
    /// Mean wrist temperature, in the readings' unit.
    public var meanWristTemperature: Double?

    /// Creates the value from its parts.
    public init(meanHRV: Double? = nil, lowestRestingHeartRate: Double? = nil, meanSpO2: Double? = nil, meanRespiratoryRate: Double? = nil, meanWristTemperature: Double? = nil) {
        self.meanHRV = meanHRV
        self.lowestRestingHeartRate = lowestRestingHeartRate
        self.meanSpO2 = meanSpO2
        self.meanRespiratoryRate = meanRespiratoryRate
        self.meanWristTemperature = meanWristTemperature
    }

    /// The summary of `readings` by kind.
    init(readings: [VitalKind: [Double]]) {
        func mean(_ kind: VitalKind) -> Double? {
            guard let values = readings[kind], !values.isEmpty else { return nil }
            return values.reduce(0, +) / Double(values.count)
        }
        self.init(
            meanHRV: mean(.hrv),
            lowestRestingHeartRate: readings[.restingHeartRate]?.min(),
            meanSpO2: mean(.spo2),
            meanRespiratoryRate: mean(.respiratoryRate),
            meanWristTemperature: mean(.wristTemperature)
        )
    }
}
