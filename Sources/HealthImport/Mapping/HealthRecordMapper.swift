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

    /// Every record type that is imported.
    public static var importedTypes: Set<String> {
        Set(vitalTypes.keys).union([sleepType])
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
        /// Not imported, and why (never quoting the record's content).
        case rejected(String)
        /// A record of a type that is not imported.
        case ignored
    }

    /// Maps `record`.
    public mutating func map(_ record: HealthExportRecord) -> Mapping {
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
