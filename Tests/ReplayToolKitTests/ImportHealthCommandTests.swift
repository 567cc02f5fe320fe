import EventLogFile
import Foundation
import ReplayToolKit
import Testing
import TestSupport

/// `replay-tool import-health` in process: help, the report, exit codes. The export
/// fixtures and report goldens live in Tests/Fixtures/HealthExport.
struct ImportHealthCommandTests {
    static let export = Golden.fixture("HealthExport/export.xml").path
    static let laterExport = Golden.fixture("HealthExport/export-later.xml").path

    @Test func helpIsInTheUsualLayout() {
        let run = ToolRun.run(["import-health", "--help"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        for section in ["OVERVIEW: ", "USAGE: replay-tool import-health <export> --log <log>", "ARGUMENTS:", "OPTIONS:"] {
            #expect(run.output.contains(section))
        }
        Golden.assertMatches(run.output, golden: "replay-tool/help-import-health.txt")
        #expect(ToolRun.run(["help", "import-health"]).output == run.output)
    }

    @Test func importsAndReports() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let first = ToolRun.run(["import-health", Self.export, "--log", log, "--tz", "America/New_York"])
        #expect(first.code == .success)
        #expect(first.error.isEmpty)
        Golden.assertMatches(first.output, golden: "HealthExport/goldens/import-report.txt")

        let again = ToolRun.run(["import-health", Self.export, "--log", log, "--tz", "America/New_York", "--batch-size", "7"])
        #expect(again.code == .success)
        Golden.assertMatches(again.output, golden: "HealthExport/goldens/import-report-again.txt")

        let later = ToolRun.run(["import-health", Self.laterExport, "--log", log, "--tz=America/New_York"])
        #expect(later.code == .success)
        Golden.assertMatches(later.output, golden: "HealthExport/goldens/import-report-later.txt")

        let verify = ToolRun.run(["verify", log])
        #expect(verify.code == .success)
        #expect(verify.output.hasSuffix("sound: 44 events, last seq 44\n"))
    }

    @Test func reportsCaffeineAndWorkouts() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let export = Golden.fixture("HealthExport/export-workouts.xml").path
        let run = ToolRun.run(["import-health", export, "--log", log, "--tz", "Europe/Berlin"])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "HealthExport/goldens/import-report-workouts.txt")
        let show = ToolRun.run(["show", log])
        #expect(show.code == .success)
        #expect(!show.output.contains("skipped"), "every imported event folds")
    }

    @Test func withoutTzTheReportSaysWhatToDo() throws {
        let folder = try TemporaryFolder()
        let run = ToolRun.run(["import-health", Self.export, "--log", folder.path("log.jsonl")])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "HealthExport/goldens/import-report-no-tz.txt")
    }

    @Test(arguments: [
        ["import-health"],
        ["import-health", "export.xml"],
        ["import-health", "export.xml", "--log"],
        ["import-health", "export.xml", "--log", "l.jsonl", "--tz", "Mars/Olympus_Mons"],
        ["import-health", "export.xml", "--log", "l.jsonl", "--tz", ""],
        ["import-health", "export.xml", "--log", "l.jsonl", "--tz", "Asia/\u{212A}arachi"],
        ["import-health", "export.xml", "--log", "l.jsonl", "--tz", "Europe/Ber lin"],
        ["import-health", "export.xml", "--log", "l.jsonl", "--batch-size", "0"],
        ["import-health", "export.xml", "--log", "l.jsonl", "--batch-size", "many"],
        ["import-health", "export.xml", "other.xml", "--log", "l.jsonl"],
    ])
    func wrongUsageExits64(arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("Error: "))
        #expect(run.error.contains("Usage: replay-tool import-health"))
    }

    @Test func aMissingOrUnreadableExportExits66AndCreatesNoLog() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        for export in [folder.path("missing.xml"), folder.url.path] {
            let run = ToolRun.run(["import-health", export, "--log", log])
            #expect(run.code == .noInput)
            #expect(run.output.isEmpty)
            #expect(run.error.hasPrefix("\(export): "))
        }
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test func somethingElseThanAnExportExits65AndCreatesNoLog() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let plist = try folder.write("export.xml", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path
        for export in [plist, sampleWeek] {
            let run = ToolRun.run(["import-health", export, "--log", log])
            #expect(run.code == .dataError)
            #expect(run.output.isEmpty)
            #expect(run.error.contains("not an Apple Health export"))
        }
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test func aCutShortExportImportsWhatItHoldsAndExits65() throws {
        let folder = try TemporaryFolder()
        let lines = try String(contentsOfFile: Self.export, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let cut = try folder.write("cut.xml", lines.prefix(170).joined(separator: "\n") + "\n <Record type=\"HKCategoryType")
        let log = folder.path("log.jsonl")
        let run = ToolRun.run(["import-health", cut, "--log", log, "--tz", "America/New_York"])
        #expect(run.code == .dataError)
        #expect(run.output.hasPrefix("records read: 21\n"))
        #expect(run.error == "\(cut):171: the export ends before </HealthData>: it looks cut short; the records before this line were imported\n")
        #expect(ToolRun.run(["verify", log]).code == .success)
    }

    @Test func aTornLogIsRefusedWithItsExitCode() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("log.jsonl", "{\"seq\":1,")
        let run = ToolRun.run(["import-health", Self.export, "--log", log, "--tz", "America/New_York"])
        #expect(run.code == .dataError)
        #expect(run.error.contains("repair"))
    }
}
