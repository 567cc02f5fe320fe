/// The kind of a HealthKit vital reading.
public enum VitalKind: String, Sendable, Hashable, CaseIterable {
    case hrv, restingHeartRate, spo2, respiratoryRate, wristTemperature
}
