import Events
import Foundation
import Projections
import StrictJSON

/// Turns one Health export record into the event the log keeps, or says why not.
///
/// - `HKCategoryTypeIdentifierSleepAnalysis` → `sleepSampleIngested`: `InBed` → `inBed`;
///   `AsleepUnspecified` and the legacy `Asleep` → `asleep`; `Awake` → `awake`;
///   `AsleepCore` → `core`; `AsleepDeep` → `deep`; `AsleepREM` → `rem`
///   (each `HKCategoryValueSleepAnalysis…`). Any other value is rejected.
/// - The five vitals → `vitalSampleIngested` with the record's `value` (a JSON-grammar
///   number, finite) and `unit`: `HeartRateVariabilitySDNN` → `hrv`,
///   `RestingHeartRate` → `restingHeartRate`, `OxygenSaturation` → `spo2`,
///   `RespiratoryRate` → `respiratoryRate`, `AppleSleepingWristTemperature` →
///   `wristTemperature` (each `HKQuantityTypeIdentifier…`).
/// - The zone is the record's `HKTimeZone` metadata entry, else the zone the person named
///   (`fallbackTimeZone`, `--tz`); a record with neither is rejected, and so is one whose
///   `HKTimeZone` does not have the form of a zone name (`ZoneName.isPlausible(_:)`: ASCII
///   letters, digits, `/`, `_`, `-`, `+`, 1 to 64 bytes). The sleep payload's `tz` is the
///   `HKTimeZone` only (the sample's own zone "when HealthKit gave one"); the envelope's
///   `tz` is the zone used.
/// - A plausible `HKTimeZone` this system's time-zone data does not know (the watch's
///   newer tzdata named a new zone) is kept as the record's zone, as a device would write
///   it (docs/rules.md §8.2): the event is imported, and projections skip it with a warning naming
///   the zone until the platform knows it. `--tz` does not replace it: the log keeps what
///   HealthKit said, and the event ids do not depend on the zone, so importing again later
///   would not correct it.
/// - Instants (`at`, `start`, `end`) keep the moment of the printed date and are shown
///   with the offset of that zone at that moment, never the printed offset (which is the
///   export's, not the record's); in UTC (`+00:00`) when this system does not know the zone.
/// - `at` is `creationDate`, else `endDate`; `source` is `import`; the event id and the
///   `sampleId` are ``ContentIdentifier``'s.
/// - Rejected (docs/rules.md §8.4, by the sleep projection's own rule, `SampleInterval`): a
///   sample that ends before it starts or lasts more than 24 h, a sleep sample that lasts
///   0 s, a sample ending more than 1 day after `at`. A vital
///   reading may last 0 s (the Health app writes SpO2 and other point readings with
///   `startDate` = `endDate`).
/// - `HKQuantityTypeIdentifierDietaryCaffeine` → `caffeineIngested` with the record's
///   `value` in `mg` (another unit is rejected), `start` its `startDate` and `tz` its
///   `HKTimeZone`; rejected by the fold's own rule (`HealthSamples.rejection(of:at:)`): not
///   more than 0 and at most 1000 mg, or starting more than 1 day after `at`.
/// - A `<Workout>` element → `workoutIngested`: `activity` is its `workoutActivityType`
///   without the `HKWorkoutActivityType` prefix, in lower camel case (`…Running` →
///   `running`, `…HighIntensityIntervalTraining` → `highIntensityIntervalTraining`); `start`
///   and `end` are its `startDate` and `endDate` as given (pauses included: `duration`, the
///   active time, is not used); `kilocalories` is its `totalEnergyBurned` (older exports),
///   else the `sum` of its `<WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned">`
///   (newer ones), in `kcal` or `Cal` (the same unit), or `kJ` converted (÷ 4.184); absent
///   in another unit or without either. Rejected by the fold's own rule
///   (`HealthSamples.rejection(of:at:)`: more than 0 and at most 24 h, ending no later than
///   1 day after `at`).
/// - A caffeine sample's id is made of its type, its mg, its start and end and its source;
///   a workout's of `HKWorkoutTypeIdentifier`, its activity, its start and end and its source
///   (``ContentIdentifier``): never its `creationDate`, so one app writing the same workout
///   several times with new creation dates imports it once, nor its energy.
public struct HealthRecordMapper {
    /// The sleep analysis record type.
    public static let sleepType = "HKCategoryTypeIdentifierSleepAnalysis"

    /// The vital record types and their kinds.
    public static let vitalTypes: [String: VitalKind] = [
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": .hrv,
        "HKQuantityTypeIdentifierRestingHeartRate": .restingHeartRate,
        "HKQuantityTypeIdentifierOxygenSaturation": .spo2,
        "HKQuantityTypeIdentifierRespiratoryRate": .respiratoryRate,
        "HKQuantityTypeIdentifierAppleSleepingWristTemperature": .wristTemperature,
    ]

    /// The sleep values and their stages.
    public static let sleepValues: [String: SleepStage] = [
        "HKCategoryValueSleepAnalysisInBed": .inBed,
        "HKCategoryValueSleepAnalysisAsleepUnspecified": .asleep,
        "HKCategoryValueSleepAnalysisAsleep": .asleep,
        "HKCategoryValueSleepAnalysisAwake": .awake,
        "HKCategoryValueSleepAnalysisAsleepCore": .core,
        "HKCategoryValueSleepAnalysisAsleepDeep": .deep,
        "HKCategoryValueSleepAnalysisAsleepREM": .rem,
    ]

    /// The dietary caffeine record type.
    public static let caffeineType = "HKQuantityTypeIdentifierDietaryCaffeine"

    /// The type named in a workout's content id (``ContentIdentifier``).
    public static let workoutType = "HKWorkoutTypeIdentifier"

    /// The prefix of a workout's `workoutActivityType`.
    public static let activityPrefix = "HKWorkoutActivityType"

    /// The statistics type of a workout's active energy.
    public static let activeEnergyType = "HKQuantityTypeIdentifierActiveEnergyBurned"

    /// Every record type that is imported (workouts are elements of their own).
    public static var importedTypes: Set<String> {
        Set(vitalTypes.keys).union([sleepType, caffeineType])
    }

    /// The metadata key of a record's zone.
    public static let timeZoneKey = "HKTimeZone"

    /// The zone for records without `HKTimeZone` (`--tz`), if the person named one.
    public let fallbackTimeZone: String?
    private var zones: [String: TimeZone] = [:]
    private var unknownZones: Set<String> = []

    /// Creates a mapper; `fallbackTimeZone` must be a zone the system knows (checked by
    /// the caller, e.g. as a usage error).
    public init(fallbackTimeZone: String? = nil) {
        self.fallbackTimeZone = fallbackTimeZone
    }

    /// What one record becomes.
    public enum Mapping: Sendable, Hashable {
        /// A `sleepSampleIngested` event.
        case sleep(Event)
        /// A `vitalSampleIngested` event.
        case vital(Event)
        /// A `caffeineIngested` event.
        case caffeine(Event)
        /// A `workoutIngested` event.
        case workout(Event)
        /// Not imported, and why (never quoting the record's content).
        case rejected(String)
        /// A record of a type that is not imported.
        case ignored
    }

    /// Maps `record`.
    public mutating func map(_ record: HealthExportRecord) -> Mapping {
        if record.element == .workout { return mapWorkout(record) }
        if record.type == Self.caffeineType { return mapCaffeine(record) }
        let type = record.type
        let vitalKind = Self.vitalTypes[type]
        guard type == Self.sleepType || vitalKind != nil else { return .ignored }
        guard let sourceName = record.attribute("sourceName") else {
            return .rejected("the record has no sourceName attribute")
        }

        let start: Instant
        let end: Instant
        let creation: Instant?
        do throws(HealthRecordDateError) {
            start = try Self.date(record, "startDate")
            end = try Self.date(record, "endDate")
            creation = record.attribute("creationDate") == nil ? nil : try Self.date(record, "creationDate")
        } catch {
            return .rejected(error.problem)
        }
        let at = creation ?? end
        // The sleep projection's own interval rule, with the record's `at`.
        switch SampleInterval.check(start: start, end: end, at: at, allowsInstant: vitalKind != nil) {
        case nil: break
        case .endsBeforeStart: return .rejected("the sample ends before it starts")
        case .lastsTooLong: return .rejected("the sample lasts more than 24 h")
        case .lastsNoTime: return .rejected("the sleep sample lasts 0 s")
        case .endsTooLate: return .rejected("the sample ends more than 1 day after its creationDate")
        }

        // What the record says, before where it was: an unknown value is rejected as such,
        // whether or not a zone was named.
        let canonicalValue: String
        var vital: (kind: VitalKind, value: Double, unit: String)?
        var stage: SleepStage?
        guard let valueText = record.attribute("value") else { return .rejected("the record has no value attribute") }
        if let vitalKind {
            guard let number = JSONNumber(literal: valueText), let value = number.doubleValue,
                let canonical = JSONNumber(value)
            else {
                return .rejected("the value is not a finite decimal number")
            }
            guard let unit = record.attribute("unit"), !unit.isEmpty else {
                return .rejected("the record has no unit attribute")
            }
            vital = (vitalKind, value, unit)
            canonicalValue = canonical.literal
        } else {
            guard let known = Self.sleepValues[valueText] else {
                return .rejected("unknown sleep value (known: InBed, AsleepUnspecified, Asleep, Awake, AsleepCore, AsleepDeep, AsleepREM)")
            }
            stage = known
            canonicalValue = known.rawValue
        }

        let recordZone = record.metadataValue(Self.timeZoneKey)
        guard let zoneName = recordZone ?? fallbackTimeZone else {
            return .rejected("the record has no HKTimeZone metadata entry and no --tz was given")
        }
        guard ZoneName.isPlausible(zoneName) else {
            return .rejected("its HKTimeZone is not a time zone name (\(ZoneName.expectedForm))")
        }
        let zone = timeZone(zoneName)
        let shownStart = Self.show(start, in: zone)
        let shownEnd = Self.show(end, in: zone)
        let shownAt = Self.show(at, in: zone)
        let id = ContentIdentifier.identifier(type: type, value: canonicalValue, start: start, end: end, sourceName: sourceName)

        if let vital {
            let payload = VitalSampleIngested(sampleId: id, kind: vital.kind, value: vital.value, unit: vital.unit, start: shownStart, end: shownEnd)
            return .vital(Event(id: id, at: shownAt, timeZone: zoneName, source: .import, payload: .vitalSampleIngested(payload)))
        }
        guard let stage else { return .ignored }
        let payload = SleepSampleIngested(
            sampleId: id, stage: stage, start: shownStart, end: shownEnd, timeZone: recordZone, sourceName: sourceName)
        return .sleep(Event(id: id, at: shownAt, timeZone: zoneName, source: .import, payload: .sleepSampleIngested(payload)))
    }

    /// A record's start, end and `at` (its `creationDate`, else its end), or why not.
    private static func instants(_ record: HealthExportRecord) -> Result<(start: Instant, end: Instant, at: Instant), MappingRejection> {
        do throws(HealthRecordDateError) {
            let start = try date(record, "startDate")
            let end = try date(record, "endDate")
            let creation = record.attribute("creationDate") == nil ? nil : try date(record, "creationDate")
            return .success((start, end, creation ?? end))
        } catch {
            return .failure(MappingRejection(reason: error.problem))
        }
    }

    /// Why a record is not imported.
    private struct MappingRejection: Error {
        var reason: String
    }

    /// A record's zone: its `HKTimeZone` (the payload's `tz`), else `--tz`; the name used and
    /// this system's zone of that name, or why not.
    private mutating func zone(of record: HealthExportRecord) -> Result<(own: String?, name: String, zone: TimeZone?), MappingRejection> {
        let own = record.metadataValue(Self.timeZoneKey)
        guard let name = own ?? fallbackTimeZone else {
            return .failure(MappingRejection(reason: "the record has no HKTimeZone metadata entry and no --tz was given"))
        }
        guard ZoneName.isPlausible(name) else {
            return .failure(MappingRejection(reason: "its HKTimeZone is not a time zone name (\(ZoneName.expectedForm))"))
        }
        return .success((own, name, timeZone(name)))
    }

    /// The importer's words for the fold's rejection of a caffeine sample or a workout.
    private static func reason(_ rejection: HealthSampleRejection) -> String {
        switch rejection {
        case .caffeineOutOfRange: return "the caffeine is not more than 0 and at most 1000 mg"
        case .startsTooLate: return "the sample starts more than 1 day after its creationDate"
        case .interval(.endsBeforeStart): return "the sample ends before it starts"
        case .interval(.lastsNoTime): return "the workout lasts 0 s"
        case .interval(.lastsTooLong): return "the sample lasts more than 24 h"
        case .interval(.endsTooLate): return "the sample ends more than 1 day after its creationDate"
        case .blankActivity: return "the workout has no activity"
        case .negativeEnergy: return "the workout's energy is negative"
        }
    }

    /// A `HKQuantityTypeIdentifierDietaryCaffeine` record.
    private mutating func mapCaffeine(_ record: HealthExportRecord) -> Mapping {
        guard let sourceName = record.attribute("sourceName") else { return .rejected("the record has no sourceName attribute") }
        let start: Instant, end: Instant, at: Instant
        switch Self.instants(record) {
        case .success(let instants): (start, end, at) = instants
        case .failure(let rejection): return .rejected(rejection.reason)
        }
        guard let valueText = record.attribute("value") else { return .rejected("the record has no value attribute") }
        guard let number = JSONNumber(literal: valueText), let mg = number.doubleValue, let canonical = JSONNumber(mg) else {
            return .rejected("the value is not a finite decimal number")
        }
        guard record.attribute("unit") == "mg" else { return .rejected("the caffeine is not given in mg") }
        let zone: (own: String?, name: String, zone: TimeZone?)
        switch self.zone(of: record) {
        case .success(let found): zone = found
        case .failure(let rejection): return .rejected(rejection.reason)
        }
        let id = ContentIdentifier.identifier(type: Self.caffeineType, value: canonical.literal, start: start, end: end, sourceName: sourceName)
        let payload = CaffeineIngested(sampleId: id, mg: mg, start: Self.show(start, in: zone.zone), timeZone: zone.own, sourceName: sourceName)
        if let rejection = HealthSamples.rejection(of: payload, at: at) { return .rejected(Self.reason(rejection)) }
        return .caffeine(Event(id: id, at: Self.show(at, in: zone.zone), timeZone: zone.name, source: .import, payload: .caffeineIngested(payload)))
    }

    /// A `<Workout>` element.
    private mutating func mapWorkout(_ record: HealthExportRecord) -> Mapping {
        guard let type = record.attribute("workoutActivityType") else { return .rejected("the workout has no workoutActivityType attribute") }
        guard let activity = Self.activity(type) else {
            return .rejected("the workoutActivityType is not an HKWorkoutActivityType name")
        }
        guard let sourceName = record.attribute("sourceName") else { return .rejected("the workout has no sourceName attribute") }
        let start: Instant, end: Instant, at: Instant
        switch Self.instants(record) {
        case .success(let instants): (start, end, at) = instants
        case .failure(let rejection): return .rejected(rejection.reason)
        }
        let zone: (own: String?, name: String, zone: TimeZone?)
        switch self.zone(of: record) {
        case .success(let found): zone = found
        case .failure(let rejection): return .rejected(rejection.reason)
        }
        let id = ContentIdentifier.identifier(type: Self.workoutType, value: activity, start: start, end: end, sourceName: sourceName)
        let payload = WorkoutIngested(
            sampleId: id, activity: activity, start: Self.show(start, in: zone.zone), end: Self.show(end, in: zone.zone),
            timeZone: zone.own, sourceName: sourceName, kilocalories: Self.kilocalories(of: record))
        if let rejection = HealthSamples.rejection(of: payload, at: at) { return .rejected(Self.reason(rejection)) }
        return .workout(Event(id: id, at: Self.show(at, in: zone.zone), timeZone: zone.name, source: .import, payload: .workoutIngested(payload)))
    }

    /// The activity of a `workoutActivityType`: without its prefix, in lower camel case;
    /// `nil` without the prefix or with nothing after it.
    static func activity(_ type: String) -> String? {
        guard type.hasPrefix(activityPrefix) else { return nil }
        let name = type.dropFirst(activityPrefix.count)
        guard let first = name.first, first.isLetter, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return first.lowercased() + name.dropFirst()
    }

    /// A workout's energy in kilocalories: its `totalEnergyBurned`, else its active energy
    /// statistics' `sum`, in `kcal` or `Cal`, or `kJ` converted; `nil` otherwise.
    static func kilocalories(of record: HealthExportRecord) -> Double? {
        if let total = record.attribute("totalEnergyBurned") {
            return kilocalories(total, unit: record.attribute("totalEnergyBurnedUnit"))
        }
        for statistics in record.statistics {
            let attribute = { (name: String) in statistics.first { $0.name == name }?.value }
            guard attribute("type") == activeEnergyType, let sum = attribute("sum") else { continue }
            return kilocalories(sum, unit: attribute("unit"))
        }
        return nil
    }

    private static func kilocalories(_ text: String, unit: String?) -> Double? {
        guard let value = JSONNumber(literal: text)?.doubleValue else { return nil }
        switch unit {
        case "kcal", "Cal": return value
        case "kJ": return value / 4.184
        default: return nil
        }
    }

    private static func date(_ record: HealthExportRecord, _ name: String) throws(HealthRecordDateError) -> Instant {
        guard let text = record.attribute(name) else { throw HealthRecordDateError("the record has no \(name) attribute") }
        do {
            return try HealthRecordDate.parse(text)
        } catch {
            throw HealthRecordDateError("\(name): \(error.problem)")
        }
    }

    /// Whether `name` has the form of a zone name and this system's time-zone data knows it
    /// (`ZoneName.isKnown(_:)`), as `--tz` must.
    public static func isKnownZone(_ name: String) -> Bool {
        ZoneName.isKnown(name)
    }

    /// The same moment, shown with `zone`'s offset at that moment, or in UTC without a zone.
    static func show(_ instant: Instant, in zone: TimeZone?) -> Instant {
        instant.withOffset(zone.map { Int32($0.secondsFromGMT(for: instant.date)) } ?? 0)
    }

    /// This system's zone named `name` (`ZoneName.timeZone(_:)`, the form checked first),
    /// looked up once per name.
    private mutating func timeZone(_ name: String) -> TimeZone? {
        // Only plausible (ASCII) names are keys, so `String` equality is byte equality here.
        guard ZoneName.isPlausible(name) else { return nil }
        if let known = zones[name] { return known }
        if unknownZones.contains(name) { return nil }
        guard let zone = ZoneName.timeZone(name) else {
            unknownZones.insert(name)
            return nil
        }
        zones[name] = zone
        return zone
    }
}
