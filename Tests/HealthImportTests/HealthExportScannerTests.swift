import TestSupport
import HealthImport
import Testing

/// The streaming scanner, on the hand-written export and on small made-up ones.
struct HealthExportScannerTests {
    struct Scan: Equatable {
        var items: [HealthExportItem]
        var recordCount: Int
        var skippedRecordCount: Int
        var isComplete: Bool
        var truncatedAtLine: Int?
        var bytesRead: Int64
    }

    static func scan(_ path: String, types: Set<String>? = HealthRecordMapperLists.imported, chunkSize: Int = HealthExportScanner.defaultChunkSize) throws -> Scan {
        var scanner = try HealthExportScanner(path: path, recordTypes: types, chunkSize: chunkSize)
        var items: [HealthExportItem] = []
        while let item = try scanner.next() { items.append(item) }
        return Scan(
            items: items, recordCount: scanner.recordCount, skippedRecordCount: scanner.skippedRecordCount,
            isComplete: scanner.isComplete, truncatedAtLine: scanner.truncatedAtLine, bytesRead: scanner.bytesRead)
    }

    static func records(_ scan: Scan) -> [HealthExportRecord] {
        scan.items.compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    // MARK: The hand-written export

    @Test func readsTheSelectedRecordsOfTheExport() throws {
        let scan = try Self.scan(Fixtures.export)
        #expect(scan.recordCount == 45)
        #expect(scan.skippedRecordCount == 5)  // heart rate ×2, steps, blood pressure ×2
        #expect(scan.items.count == 40)
        #expect(scan.isComplete)
        #expect(scan.truncatedAtLine == nil)
        let records = Self.records(scan)
        #expect(records.count == 40)
        #expect(records.filter { $0.type == "HKCategoryTypeIdentifierSleepAnalysis" }.count == 30)
        #expect(records.map(\.line).prefix(4) == [126, 127, 128, 135])
    }

    @Test func decodesAttributesAndMetadataOfAPhoneRecord() throws {
        let records = Self.records(try Self.scan(Fixtures.export))
        let phone = try #require(records.first { $0.line == 149 })
        #expect(phone.attributes.map(\.name) == ["type", "sourceName", "sourceVersion", "device", "creationDate", "startDate", "endDate", "value"])
        #expect(phone.attribute("sourceName") == "Noah\u{2019}s\u{00A0}iPhone")
        #expect(phone.attribute("device") == "<<HKDevice: 0x283c1e6c0>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.3.1, creation date:2024-01-28 09:14:02 +0000>")
        #expect(phone.metadata.map(\.name) == ["HKTimeZone", "_HKPrivateSleepAlarmUserWakeTime", "_HKPrivateSleepAlarmUserSetBedtime"])
        #expect(phone.metadataValue("HKTimeZone") == "America/Los_Angeles")
    }

    @Test func watchSleepHasNoDeviceAndHRVListsAreNotMetadata() throws {
        let records = Self.records(try Self.scan(Fixtures.export))
        let watch = try #require(records.first { $0.line == 159 })
        #expect(watch.attribute("sourceName") == "Noah\u{2019}s Apple Watch")
        #expect(watch.attribute("device") == nil)
        #expect(watch.metadata == [HealthExportRecord.Entry("HKTimeZone", "America/Los_Angeles")])
        let hrv = try #require(records.first { $0.line == 128 })
        #expect(hrv.type == "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
        #expect(hrv.metadata.isEmpty)
        #expect(hrv.attribute("value") == "41.2871")
    }

    @Test func recordsInsideACorrelationAreNotYieldedAgain() throws {
        let scan = try Self.scan(Fixtures.export, types: nil)
        let records = Self.records(scan)
        #expect(records.count == 45)
        #expect(scan.skippedRecordCount == 0)
        let bloodPressure = records.filter { $0.type.hasPrefix("HKQuantityTypeIdentifierBloodPressure") }
        #expect(bloodPressure.map(\.line) == [145, 146])
    }

    @Test(arguments: [1, 2, 7, 64, 1000, 4096])
    func chunkSizeChangesNothing(chunkSize: Int) throws {
        for path in [Fixtures.export, Fixtures.laterExport] {
            let whole = try Self.scan(path, types: nil)
            #expect(try Self.scan(path, types: nil, chunkSize: chunkSize) == whole)
            let selected = try Self.scan(path)
            #expect(try Self.scan(path, chunkSize: chunkSize) == selected)
        }
    }

    // MARK: Shapes and damage

    @Test func selfClosingAndOpenRecordsAndGreaterThanInsideValues() throws {
        let folder = try TemporaryFolder()
        let body = """
             <Record type="T" sourceName="a > b" value='x "q" y'/>
             <Record type="T" sourceName="c/>d" value="2"  >
              <MetadataEntry key="k>" value="v/"/>
              <MetadataEntry key='HKTimeZone' value = "Europe/Berlin" />
             </Record>
             <Record
               type="T"
               sourceName="multi
            line"/>
            <!-- a comment with <Record type="T"/> inside -->
            <![CDATA[ <Record type="T"/> ]]>
            <?pi <Record type="T"/> ?>
            text with a stray < 3 and & in it
             <Record type="T" sourceName="after the text"/>

            """
        let path = try folder.write("export.xml", Fixtures.export(body))
        for chunkSize in [1, 3, 64, 4096] {
            let scan = try Self.scan(path, types: nil, chunkSize: chunkSize)
            let records = Self.records(scan)
            #expect(records.count == 4)
            #expect(records.first?.attribute("sourceName") == "a > b")
            #expect(records.first?.attribute("value") == "x \"q\" y")
            #expect(records.dropFirst().first?.attribute("sourceName") == "c/>d")
            #expect(records.dropFirst().first?.metadata == [.init("k>", "v/"), .init("HKTimeZone", "Europe/Berlin")])
            #expect(records.dropFirst(2).first?.attribute("sourceName") == "multi line")
            #expect(records.last?.attribute("sourceName") == "after the text")
            #expect(records.map(\.line) == [12, 13, 17, 25])
            #expect(scan.isComplete)
        }
    }

    @Test func doctypeWithBracketsAndQuotesInsideItsSubset() throws {
        let folder = try TemporaryFolder()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- Apple's note: ] and > and "quotes" inside a comment -->
            <!ENTITY note "a ] b > c">
            <!ATTLIST Record type CDATA 'x>y'>
            <?pi ]> ?>
            ]>
            <HealthData locale="en_US">
             <Record type="T" sourceName="s"/>
            </HealthData>

            """
        let path = try folder.write("export.xml", text)
        for chunkSize in [1, 5, 4096] {
            let records = Self.records(try Self.scan(path, types: nil, chunkSize: chunkSize))
            #expect(records.map(\.line) == [9])
        }
    }

    @Test func invalidUTF8AndBadEntitiesRejectTheRecordWithItsLine() throws {
        let folder = try TemporaryFolder()
        var bytes = Array(Fixtures.export("", doctype: false).utf8)
        let closing = Array("</HealthData>\n".utf8)
        bytes.removeLast(closing.count)
        bytes += Array(" <Record type=\"T\" sourceName=\"bad ".utf8) + [0xFF, 0xFE] + Array("\"/>\n".utf8)
        bytes += Array(" <Record type=\"T\" sourceName=\"AT&T\"/>\n".utf8)
        bytes += Array(" <Record type=\"T\" sourceName=\"s\" sourceName=\"t\"/>\n".utf8)
        bytes += Array(" <Record type=\"T\" sourceName=s/>\n".utf8)
        bytes += Array(" <Record type=\"T\" sourceName=\"s\">\n  <MetadataEntry key=\"HKTimeZone\" value=\"".utf8) + [0xC0, 0xAF] + Array("\"/>\n </Record>\n".utf8)
        bytes += Array(" <Record type=\"Other\" sourceName=\"".utf8) + [0xFF] + Array("\"/>\n".utf8)
        bytes += Array(" <Record sourceName=\"s\"/>\n".utf8)
        bytes += Array(" <Record type=\"T\" sourceName=\"fine\"/>\n".utf8)
        bytes += closing
        let path = try folder.write("export.xml", bytes: bytes)
        let scan = try Self.scan(path, types: ["T"])
        #expect(scan.items == [
            .malformedRecord(line: 4, reason: "the attribute sourceName holds bytes that are not valid UTF-8"),
            .malformedRecord(line: 5, reason: "the attribute sourceName holds an '&' that starts none of &amp; &lt; &gt; &quot; &apos; &#N; &#xH;"),
            .malformedRecord(line: 6, reason: "the attribute sourceName appears twice"),
            .malformedRecord(line: 7, reason: "the record's attributes cannot be read: an attribute value is not quoted"),
            .malformedRecord(line: 8, reason: "a metadata entry holds bytes that are not valid UTF-8"),
            .malformedRecord(line: 12, reason: "the record has no type attribute"),
            .record(HealthExportRecord(line: 13, attributes: [.init("type", "T"), .init("sourceName", "fine")])),
        ])
        #expect(scan.recordCount == 8)
        #expect(scan.skippedRecordCount == 1)  // the other type, whatever its bytes
    }

    @Test func aFileCutShortEndsTheScanAndSaysWhere() throws {
        let folder = try TemporaryFolder()
        let whole = Fixtures.export(Fixtures.sleepRecord() + Fixtures.sleepRecord(value: "HKCategoryValueSleepAnalysisAsleepREM"))
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
        // Cut inside the second record's metadata entry.
        let cut = lines.prefix(15).joined(separator: "\n") + "\n  <MetadataEntry key=\"HKTime"
        let path = try folder.write("cut.xml", cut)
        for chunkSize in [1, 4096] {
            let scan = try Self.scan(path, types: nil, chunkSize: chunkSize)
            #expect(Self.records(scan).count == 1)
            #expect(scan.items.last == .malformedRecord(line: 15, reason: "the file ends inside this record"))
            #expect(!scan.isComplete)
            #expect(scan.truncatedAtLine == 16)
        }
        let betweenRecords = try folder.write("between.xml", lines.prefix(14).joined(separator: "\n") + "\n")
        let scan = try Self.scan(betweenRecords, types: nil)
        #expect(Self.records(scan).count == 1)
        #expect(scan.items.count == 1)
        #expect(scan.truncatedAtLine == 15)
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html><body/></html>\n",
        "{\"seq\":1}\n",
        "",
        "<?xml version=\"1.0\"?>\n<!-- only a comment -->\n",
    ])
    func aFileThatIsNotAnExportIsRefused(text: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("other.xml", text)
        var scanner = try HealthExportScanner(path: path)
        let error = #expect(throws: HealthExportError.self) { try scanner.readRoot() }
        #expect(error?.code == .notHealthExport)
        #expect(error?.message.contains("not an Apple Health export") == true)
    }

    @Test func aLargeFileWithoutAnyElementIsRefusedEarly() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("big.txt", String(repeating: "no markup here\n", count: 200_000))
        var scanner = try HealthExportScanner(path: path, chunkSize: 65_536)
        #expect(throws: HealthExportError.self) { try scanner.readRoot() }
        #expect(scanner.bytesRead < 1_200_000)
    }

    @Test func anElementLongerThanTheLimitStopsTheScan() throws {
        let folder = try TemporaryFolder()
        let long = " <Record type=\"T\" sourceName=\"\(String(repeating: "x", count: 5000))\"/>\n"
        let path = try folder.write("export.xml", Fixtures.export(Fixtures.sleepRecord() + long))
        var scanner = try HealthExportScanner(path: path, chunkSize: 512, maximumElementLength: 4096)
        var seen = 0
        let error = #expect(throws: HealthExportError.self) {
            while try scanner.next() != nil { seen += 1 }
        }
        #expect(error?.code == .elementTooLong)
        #expect(error?.line == 15)
        #expect(seen == 1)
    }

    @Test func missingFilesAndFoldersAreNamed() throws {
        let folder = try TemporaryFolder()
        let missing = #expect(throws: HealthExportError.self) { _ = try HealthExportScanner(path: folder.path("missing.xml")) }
        #expect(missing?.code == .notFound)
        let directory = #expect(throws: HealthExportError.self) { _ = try HealthExportScanner(path: folder.url.path) }
        #expect(directory?.code == .isDirectory)
    }
}

/// The imported types, spelled out here rather than taken from the code under test.
enum HealthRecordMapperLists {
    static let imported: Set<String> = [
        "HKCategoryTypeIdentifierSleepAnalysis",
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN",
        "HKQuantityTypeIdentifierRestingHeartRate",
        "HKQuantityTypeIdentifierOxygenSaturation",
        "HKQuantityTypeIdentifierRespiratoryRate",
        "HKQuantityTypeIdentifierAppleSleepingWristTemperature",
        "HKQuantityTypeIdentifierDietaryCaffeine",
    ]
}
