import Events
import HealthImport
import Testing

/// One record → one event: stages, vitals, the `tz` and `at` rules, and what is rejected.
struct HealthRecordMapperTests {
    static let sleepType = "HKCategoryTypeIdentifierSleepAnalysis"
    static let watch = "Noah’s Apple Watch"

    static func record(
        type: String = sleepType,
        source: String? = watch,
        value: String? = "HKCategoryValueSleepAnalysisAsleepREM",
        unit: String? = nil,
        creation: String? = "2024-03-10 07:36:40 -0400",
        start: String? = "2024-03-10 01:58:00 -0400",
        end: String? = "2024-03-10 02:21:30 -0400",
        zone: String? = "America/New_York"
    ) -> HealthExportRecord {
        var attributes: [HealthExportRecord.Entry] = [.init("type", type)]
        if let source { attributes.append(.init("sourceName", source)) }
        attributes.append(.init("sourceVersion", "10.3.1"))
        if let unit { attributes.append(.init("unit", unit)) }
        if let creation { attributes.append(.init("creationDate", creation)) }
        if let start { attributes.append(.init("startDate", start)) }
        if let end { attributes.append(.init("endDate", end)) }
        if let value { attributes.append(.init("value", value)) }
        return HealthExportRecord(line: 7, attributes: attributes, metadata: zone.map { [.init("HKTimeZone", $0)] } ?? [])
    }

    static func event(_ mapping: HealthRecordMapper.Mapping) -> Event? {
        switch mapping {
        case .sleep(let event), .vital(let event), .caffeine(let event), .workout(let event): return event
        case .rejected, .ignored: return nil
        }
    }

    static func sleep(_ mapping: HealthRecordMapper.Mapping) -> SleepSampleIngested? {
        if case .sleep(let event) = mapping, case .sleepSampleIngested(let sample) = event.payload { return sample }
        return nil
    }

    static func vital(_ mapping: HealthRecordMapper.Mapping) -> VitalSampleIngested? {
        if case .vital(let event) = mapping, case .vitalSampleIngested(let sample) = event.payload { return sample }
        return nil
    }

    // MARK: Sleep

    @Test func aWatchStageBecomesASleepSampleInItsOwnZone() throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: "Europe/Berlin")
        let mapping = mapper.map(Self.record())
        let event = try #require(Self.event(mapping))
        let sample = try #require(Self.sleep(mapping))
        // Printed 01:58 -0400 (the offset of the moment of export); the night was still EST.
        #expect(sample.start.rfc3339 == "2024-03-10T00:58:00-05:00")
        #expect(sample.end.rfc3339 == "2024-03-10T01:21:30-05:00")
        #expect(event.at.rfc3339 == "2024-03-10T07:36:40-04:00")
        #expect(event.timeZone == "America/New_York")
        #expect(sample.timeZone == "America/New_York")
        #expect(event.source == .import)
        #expect(sample.stage == .rem)
        #expect(sample.sourceName == Self.watch)
        #expect(event.id == "3b6c33e7-e164-8c5f-8e82-6d5bf573aa48")
        #expect(sample.sampleId == event.id)
        #expect(event.causedBy == nil)
    }

    @Test func theSameRecordPrintedWithAnotherOffsetIsTheSameEvent() throws {
        var mapper = HealthRecordMapper()
        let march = mapper.map(Self.record())
        let november = mapper.map(Self.record(
            creation: "2024-03-10 06:36:40 -0500", start: "2024-03-10 00:58:00 -0500", end: "2024-03-10 01:21:30 -0500"))
        let tokyo = mapper.map(Self.record(
            creation: "2024-03-10 20:36:40 +0900", start: "2024-03-10 14:58:00 +0900", end: "2024-03-10 15:21:30 +0900"))
        #expect(march == november)
        #expect(march == tokyo)
    }

    @Test func hkTimeZoneWinsOverTheNamedZone() throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: "America/New_York")
        let mapping = mapper.map(Self.record(
            creation: "2024-03-08 10:53:12 -0400", start: "2024-03-08 07:30:30 -0400", end: "2024-03-08 08:02:59 -0400",
            zone: "America/Los_Angeles"))
        let event = try #require(Self.event(mapping))
        let sample = try #require(Self.sleep(mapping))
        #expect(event.timeZone == "America/Los_Angeles")
        #expect(event.at.rfc3339 == "2024-03-08T06:53:12-08:00")
        #expect(sample.start.rfc3339 == "2024-03-08T03:30:30-08:00")
        #expect(sample.timeZone == "America/Los_Angeles")
    }

    @Test func withoutHKTimeZoneTheNamedZoneIsUsedAndThePayloadSaysNone() throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: "Europe/Berlin")
        let mapping = mapper.map(Self.record(source: "AutoSleep", zone: nil))
        let event = try #require(Self.event(mapping))
        let sample = try #require(Self.sleep(mapping))
        #expect(event.timeZone == "Europe/Berlin")
        #expect(event.at.rfc3339 == "2024-03-10T12:36:40+01:00")
        #expect(sample.start.rfc3339 == "2024-03-10T06:58:00+01:00")
        #expect(sample.timeZone == nil)
    }

    @Test func withoutAnyZoneTheRecordIsRejected() {
        var mapper = HealthRecordMapper()
        #expect(mapper.map(Self.record(zone: nil)) == .rejected("the record has no HKTimeZone metadata entry and no --tz was given"))
    }

    static let notAZoneName = "its HKTimeZone is not a time zone name (\(ZoneName.expectedForm))"

    /// docs/rules.md §8.2: a plausible zone this system does not know (the watch's newer tzdata
    /// named a new zone) is a sound zone; the event keeps it and projections skip it until
    /// the platform knows it. `--tz` does not replace it.
    @Test(arguments: [nil, "Europe/Berlin"])
    func aPlausibleZoneThisSystemDoesNotKnowIsKept(fallback: String?) throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: fallback)
        for _ in 1...2 {
            let mapping = mapper.map(Self.record(zone: "Mars/Olympus_Mons"))
            let event = try #require(Self.event(mapping))
            let sample = try #require(Self.sleep(mapping))
            #expect(event.timeZone == "Mars/Olympus_Mons")
            #expect(sample.timeZone == "Mars/Olympus_Mons")
            // The moments of the record, shown in UTC: this system knows no offset of the zone.
            #expect(event.at.rfc3339 == "2024-03-10T11:36:40+00:00")
            #expect(sample.start.rfc3339 == "2024-03-10T05:58:00+00:00")
            #expect(sample.end.rfc3339 == "2024-03-10T06:21:30+00:00")
        }
        let vital = mapper.map(Self.record(
            type: "HKQuantityTypeIdentifierRestingHeartRate", value: "52", unit: "count/min", zone: "Mars/Tharsis"))
        #expect(Self.event(vital)?.timeZone == "Mars/Tharsis")
    }

    @Test(arguments: ["Mars/Olympus Mons", "", "Europe/Zürich", String(repeating: "z", count: 65)])
    func aZoneThatIsNotAZoneNameIsRejected(zone: String) {
        var mapper = HealthRecordMapper(fallbackTimeZone: "Europe/Berlin")
        #expect(mapper.map(Self.record(zone: zone)) == .rejected(Self.notAZoneName))
    }

    /// Foundation's `TimeZone(identifier:)` accepted `Asia/\u{212A}arachi` (a Kelvin sign)
    /// only after Asia/Karachi had been loaded (docs/platform-notes.md).
    @Test func theKelvinSignNameIsRejectedBeforeAndAfterAsiaKarachi() throws {
        let kelvin = "Asia/\u{212A}arachi"
        var mapper = HealthRecordMapper()
        #expect(!HealthRecordMapper.isKnownZone(kelvin))
        #expect(mapper.map(Self.record(zone: kelvin)) == .rejected(Self.notAZoneName))
        let karachi = try #require(Self.event(mapper.map(Self.record(zone: "Asia/Karachi"))))
        #expect(karachi.at.rfc3339 == "2024-03-10T16:36:40+05:00")
        #expect(HealthRecordMapper.isKnownZone("Asia/Karachi"))
        #expect(mapper.map(Self.record(zone: kelvin)) == .rejected(Self.notAZoneName))
        #expect(!HealthRecordMapper.isKnownZone(kelvin))
        var fresh = HealthRecordMapper(fallbackTimeZone: "Asia/Karachi")
        #expect(fresh.map(Self.record(zone: kelvin)) == .rejected(Self.notAZoneName))
    }

    @Test func withoutCreationDateAtIsTheEnd() throws {
        var mapper = HealthRecordMapper()
        let event = try #require(Self.event(mapper.map(Self.record(creation: nil))))
        #expect(event.at.rfc3339 == "2024-03-10T01:21:30-05:00")
    }

    @Test(arguments: [
        ("HKCategoryValueSleepAnalysisInBed", SleepStage.inBed),
        ("HKCategoryValueSleepAnalysisAsleepUnspecified", .asleep),
        ("HKCategoryValueSleepAnalysisAsleep", .asleep),
        ("HKCategoryValueSleepAnalysisAwake", .awake),
        ("HKCategoryValueSleepAnalysisAsleepCore", .core),
        ("HKCategoryValueSleepAnalysisAsleepDeep", .deep),
        ("HKCategoryValueSleepAnalysisAsleepREM", .rem),
    ])
    func stages(value: String, stage: SleepStage) throws {
        var mapper = HealthRecordMapper()
        #expect(Self.sleep(mapper.map(Self.record(value: value)))?.stage == stage)
    }

    @Test func theLegacyAsleepValueAndItsNewNameGiveOneId() throws {
        var mapper = HealthRecordMapper()
        let legacy = try #require(Self.event(mapper.map(Self.record(value: "HKCategoryValueSleepAnalysisAsleep"))))
        let renamed = try #require(Self.event(mapper.map(Self.record(value: "HKCategoryValueSleepAnalysisAsleepUnspecified"))))
        #expect(legacy == renamed)
    }

    @Test func sourcesAreToldApartByTheirExactName() throws {
        var mapper = HealthRecordMapper()
        let typographic = try #require(Self.event(mapper.map(Self.record(source: "Noah’s Apple Watch"))))
        let ascii = try #require(Self.event(mapper.map(Self.record(source: "Noah's Apple Watch"))))
        #expect(typographic.id != ascii.id)
    }

    @Test(arguments: [
        (record: HealthRecordMapperTests.record(value: "HKCategoryValueSleepAnalysisAsleepLight"),
         reason: "unknown sleep value (known: InBed, AsleepUnspecified, Asleep, Awake, AsleepCore, AsleepDeep, AsleepREM)"),
        (record: HealthRecordMapperTests.record(value: "1"),
         reason: "unknown sleep value (known: InBed, AsleepUnspecified, Asleep, Awake, AsleepCore, AsleepDeep, AsleepREM)"),
        (record: HealthRecordMapperTests.record(value: nil), reason: "the record has no value attribute"),
        (record: HealthRecordMapperTests.record(source: nil), reason: "the record has no sourceName attribute"),
        (record: HealthRecordMapperTests.record(start: nil), reason: "the record has no startDate attribute"),
        (record: HealthRecordMapperTests.record(start: "2024-03-10 24:05:10 -0400"), reason: "startDate: the hour must be 00–23"),
        (record: HealthRecordMapperTests.record(end: "2024-03-10T02:21:30-04:00"), reason: "endDate: expected a space at character 11 (expected yyyy-MM-dd HH:mm:ss ±HHmm)"),
        (record: HealthRecordMapperTests.record(creation: "yesterday"), reason: "creationDate: expected yyyy-MM-dd HH:mm:ss ±HHmm (25 ASCII characters), found 9 bytes"),
        (record: HealthRecordMapperTests.record(end: "2024-03-10 01:57:59 -0400"), reason: "the sample ends before it starts"),
        (record: HealthRecordMapperTests.record(end: "2024-03-10 01:58:00 -0400"), reason: "the sleep sample lasts 0 s"),
        (record: HealthRecordMapperTests.record(creation: "2024-03-12 07:00:00 -0400", end: "2024-03-11 01:58:01 -0400"), reason: "the sample lasts more than 24 h"),
        (record: HealthRecordMapperTests.record(creation: "2024-03-08 07:00:00 -0400"), reason: "the sample ends more than 1 day after its creationDate"),
    ])
    func rejected(record: HealthExportRecord, reason: String) {
        var mapper = HealthRecordMapper(fallbackTimeZone: "Europe/Berlin")
        #expect(mapper.map(record) == .rejected(reason))
    }

    @Test func aSampleOfExactly24HoursEndingADayAfterAtIsKept() throws {
        var mapper = HealthRecordMapper()
        let mapping = mapper.map(Self.record(creation: "2024-03-10 01:58:00 -0400", start: "2024-03-10 01:58:00 -0400", end: "2024-03-11 01:58:00 -0400"))
        #expect(Self.sleep(mapping) != nil)
    }

    // MARK: Vitals

    @Test(arguments: [
        ("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", VitalKind.hrv, "41.2871", "ms", 41.2871),
        ("HKQuantityTypeIdentifierRestingHeartRate", .restingHeartRate, "54", "count/min", 54),
        ("HKQuantityTypeIdentifierOxygenSaturation", .spo2, "0.96", "%", 0.96),
        ("HKQuantityTypeIdentifierRespiratoryRate", .respiratoryRate, "13.5", "count/min", 13.5),
        ("HKQuantityTypeIdentifierAppleSleepingWristTemperature", .wristTemperature, "35.8912", "degC", 35.8912),
    ])
    func vitals(type: String, kind: VitalKind, value: String, unit: String, number: Double) throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: "America/New_York")
        let mapping = mapper.map(Self.record(type: type, value: value, unit: unit, zone: nil))
        let event = try #require(Self.event(mapping))
        let sample = try #require(Self.vital(mapping))
        #expect(sample.kind == kind)
        #expect(sample.value == number)
        #expect(sample.unit == unit)
        #expect(sample.start.rfc3339 == "2024-03-10T00:58:00-05:00")
        #expect(event.timeZone == "America/New_York")
        #expect(event.source == .import)
        #expect(sample.sampleId == event.id)
    }

    @Test func aPointReadingIsKept() throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: "America/New_York")
        let mapping = mapper.map(Self.record(
            type: "HKQuantityTypeIdentifierOxygenSaturation", value: "0.95", unit: "%",
            start: "2024-03-10 04:47:33 -0400", end: "2024-03-10 04:47:33 -0400", zone: nil))
        let sample = try #require(Self.vital(mapping))
        #expect(sample.start == sample.end)
    }

    @Test func aVitalValueIsIdentifiedByItsNumberNotItsSpelling() throws {
        var mapper = HealthRecordMapper(fallbackTimeZone: "America/New_York")
        let type = "HKQuantityTypeIdentifierRestingHeartRate"
        let plain = try #require(Self.event(mapper.map(Self.record(type: type, value: "54", unit: "count/min"))))
        let decimal = try #require(Self.event(mapper.map(Self.record(type: type, value: "54.0", unit: "count/min"))))
        let exponent = try #require(Self.event(mapper.map(Self.record(type: type, value: "5.4e1", unit: "count/min"))))
        let other = try #require(Self.event(mapper.map(Self.record(type: type, value: "55", unit: "count/min"))))
        #expect(plain.id == decimal.id)
        #expect(plain.id == exponent.id)
        #expect(plain.id != other.id)
    }

    @Test(arguments: ["NaN", "inf", "1e999", "0x10", " 5", "5 ", "+5", "", ".5", "5."])
    func aVitalValueMustBeAFiniteDecimalNumber(value: String) {
        var mapper = HealthRecordMapper(fallbackTimeZone: "America/New_York")
        let record = Self.record(type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", value: value, unit: "ms")
        #expect(mapper.map(record) == .rejected("the value is not a finite decimal number"))
    }

    @Test func aVitalNeedsAUnit() {
        var mapper = HealthRecordMapper(fallbackTimeZone: "America/New_York")
        let record = Self.record(type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", value: "40", unit: nil)
        #expect(mapper.map(record) == .rejected("the record has no unit attribute"))
    }

    @Test func otherTypesAreIgnored() {
        var mapper = HealthRecordMapper()
        #expect(mapper.map(Self.record(type: "HKQuantityTypeIdentifierHeartRate", value: "61", unit: "count/min")) == .ignored)
        #expect(HealthRecordMapper.importedTypes == HealthRecordMapperLists.imported)
    }
}
