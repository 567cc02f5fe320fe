import Events

/// The vital readings a watch delivers for a night, on the nights it does: a few HRV
/// readings (SDNN, 1 min each), respiratory rate over 5-minute stretches, SpO2 taken at
/// instants (start = end, as HealthKit gives it), the sleeping wrist temperature over the
/// whole sleep, and the day's resting heart rate in the morning. Values lie well inside
/// `VitalRange` and are rounded as a watch reports them.
enum VitalReadings {
    /// One reading before it gets its id and instants' offsets.
    struct Reading: Sendable, Hashable {
        var kind: VitalKind
        var value: Double
        var unit: String
        var start: Int64
        var end: Int64
    }

    /// The readings of a night asleep from `onset` to `finalWake`; `rested` raises HRV and
    /// lowers the resting heart rate a little.
    static func night(onset: Int64, finalWake: Int64, rested: Bool, random: inout SimulationRandom) -> [Reading] {
        let span = finalWake - onset
        var readings: [Reading] = []
        for index in 1...3 {
            let at = onset + span * Int64(index) / 4 + random.seconds(-600...600)
            let value = Double(random.int(in: rested ? 35...90 : 20...65))
            readings.append(Reading(kind: .hrv, value: value, unit: "ms", start: at, end: at + 60_000))
        }
        for index in 1...4 {
            let at = onset + span * Int64(index) / 5 + random.seconds(-300...300)
            let value = Double(random.int(in: 120...175)) / 10
            readings.append(Reading(kind: .respiratoryRate, value: value, unit: "count/min", start: at, end: at + 300_000))
        }
        for index in 1...3 {
            let at = onset + span * Int64(index) / 4 + random.seconds(-900...900)
            let value = Double(random.int(in: 92...99)) / 100
            readings.append(Reading(kind: .spo2, value: value, unit: "%", start: at, end: at))
        }
        let temperature = Double(random.int(in: 340...362)) / 10
        readings.append(Reading(kind: .wristTemperature, value: temperature, unit: "degC", start: onset, end: finalWake))
        let morning = finalWake + random.minutes(5...30)
        let resting = Double(random.int(in: rested ? 46...60 : 52...68))
        readings.append(Reading(kind: .restingHeartRate, value: resting, unit: "count/min", start: morning, end: morning + 60_000))
        return readings.sorted { ($0.start, $0.end, $0.kind.rawValue) < ($1.start, $1.end, $1.kind.rawValue) }
    }
}
