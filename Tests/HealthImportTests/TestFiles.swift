import Foundation
import TestSupport

/// The hand-written exports in Tests/Fixtures/HealthExport (see its README).
enum Fixtures {
    static let export = Golden.fixture("HealthExport/export.xml").path
    static let laterExport = Golden.fixture("HealthExport/export-later.xml").path
    static let workoutsExport = Golden.fixture("HealthExport/export-workouts.xml").path

    /// A minimal export around `body` (records and other elements, one a line).
    static func export(_ body: String, doctype: Bool = true) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if doctype {
            text += """
                <!DOCTYPE HealthData [
                <!-- HealthKit Export Version: 14 -->
                <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
                <!ATTLIST Record
                  type          CDATA #REQUIRED
                  sourceName    CDATA #REQUIRED
                >
                ]>

                """
        }
        text += "<HealthData locale=\"en_US\">\n <ExportDate value=\"2024-03-10 12:00:00 -0400\"/>\n"
        text += body
        text += "</HealthData>\n"
        return text
    }

    /// A watch sleep record line in the Health app's shape.
    static func sleepRecord(
        value: String = "HKCategoryValueSleepAnalysisAsleepCore",
        source: String = "Noah’s Apple Watch",
        creation: String? = "2024-03-10 07:36:40 -0400",
        start: String = "2024-03-10 00:31:00 -0400",
        end: String = "2024-03-10 01:15:30 -0400",
        zone: String? = "America/New_York"
    ) -> String {
        var line = " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\" sourceVersion=\"10.3.1\""
        if let creation { line += " creationDate=\"\(creation)\"" }
        line += " startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\""
        guard let zone else { return line + "/>\n" }
        return line + ">\n  <MetadataEntry key=\"HKTimeZone\" value=\"\(zone)\"/>\n </Record>\n"
    }
}
