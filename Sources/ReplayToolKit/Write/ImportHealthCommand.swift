import EventLogFile
import HealthImport

/// `replay-tool import-health EXPORT --log LOG [--tz ZONE] [--batch-size N]`.
enum ImportHealthCommand {
    static let specification = CommandSpecification(
        name: "import-health",
        abstract: "Import sleep, vitals, caffeine and workouts from an Apple Health export (export.xml).",
        discussion: """
            Streams EXPORT, the export.xml inside the zip from the Health app's "Export All \
            Health Data", and appends each sleep-analysis record as a sleepSampleIngested \
            event and each HRV, resting heart rate, SpO2, respiratory rate and sleeping \
            wrist temperature record as a vitalSampleIngested event, each dietary caffeine \
            record (in mg) as a caffeineIngested event and each Workout element as a \
            workoutIngested event (source "import"), in atomic batches. Other records are \
            ignored. Event ids are derived from each record's content (source, type, value, \
            start and end; a workout's activity, never its creation date, so a workout an \
            app wrote several times counts once), so importing the same \
            export again, or a later export that overlaps, adds nothing twice, and a run \
            stopped midway can simply be run again.

            Local times come from each record's HKTimeZone metadata, else from --tz, never \
            from the offsets printed in the export (they are the offset of the moment of \
            export). Without --tz, records that have no HKTimeZone (most vitals, other \
            apps' sleep) are rejected; import again with --tz to add them. A record whose \
            HKTimeZone this system does not know (a newer device named a new zone) is \
            imported with that zone and its times in UTC; show and the other views skip \
            it, with a warning, until the system knows the zone.

            Prints what it added, skipped, rejected (with line numbers and reasons, never \
            health content) and ignored; on a large export, a progress line on standard \
            error every 16 MB. Exits 0 when the export was read to its end; 65 when EXPORT \
            is not a Health export or is cut short (what was read is still imported); 66 \
            when EXPORT is missing or unreadable. The log is created (mode 0600) when \
            missing.
            """,
        arguments: [ArgumentSpecification(name: "export", help: "The export.xml of an Apple Health export (unzipped).")],
        options: [
            .value("log", valueName: "log", help: "The event log to append to (JSON lines, docs/log-format.md).", isRequired: true),
            .value("tz", valueName: "zone", help: "The IANA time zone of records without HKTimeZone metadata, e.g. Europe/Berlin."),
            .value("batch-size", valueName: "n", help: "Events per atomic, durable append (1–10000).", defaultDescription: "500"),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let exportPath = try arguments.positional("export")
        guard let logPath = arguments.value("log") else {
            throw UsageError(message: "Missing expected argument '--log <log>'", commandPath: arguments.commandPath)
        }
        let zone = arguments.value("tz")
        if let zone, !HealthRecordMapper.isKnownZone(zone) {
            throw UsageError(
                message: "The value '\(zone)' is invalid for '--tz': expected an IANA time zone name such as Europe/Berlin",
                commandPath: arguments.commandPath)
        }
        let batchSize = try arguments.integer("batch-size", in: 1...10_000) ?? 500
        let options = HealthImportOptions(fallbackTimeZone: zone, batchSize: batchSize)
        let report: HealthImportReport
        do {
            report = try HealthImporter.run(
                exportPath: exportPath, options: options,
                openLog: { () throws(EventLogFileError) -> any EventLogStorage in try FileEventLog(path: logPath) },
                progress: { console.error(progressLine($0)) })
        } catch {
            if error.report.recordsSeen > 0 { console.output(render(error.report)) }
            switch error {
            case .export(let failure, let partial):
                console.error("\(failure.description)\(stoppedNote(partial))\n")
                switch failure.code {
                case .notFound, .isDirectory, .permissionDenied, .ioError: return .noInput
                case .notHealthExport, .elementTooLong: return .dataError
                }
            case .log(let failure, let partial):
                console.error("\(failure.description)\(stoppedNote(partial))\n")
                return ExitCode(failure)
            }
        }
        console.output(render(report))
        if let line = report.truncatedAtLine {
            console.error("\(exportPath):\(line): the export ends before </HealthData>: it looks cut short; the records before this line were imported\n")
            return .dataError
        }
        return .success
    }

    private static func stoppedNote(_ report: HealthImportReport) -> String {
        guard report.recordsSeen > 0 else { return "" }
        return " (the import stopped here; what it appended stays, and running it again adds only what is missing)"
    }

    /// A progress line: bytes read, records, events added.
    static func progressLine(_ progress: HealthImportProgress) -> String {
        let read = megabytes(progress.bytesRead)
        let total = megabytes(progress.fileSize)
        let percent = progress.fileSize > 0 ? progress.bytesRead * 100 / progress.fileSize : 100
        return "import-health: \(read) of \(total) MB read (\(percent) %), \(progress.recordsSeen) records, \(progress.added) events added\n"
    }

    private static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The report on standard output.
    static func render(_ report: HealthImportReport) -> String {
        var rows: [(Int, String)] = [
            (report.sleepSamplesAdded, "sleep samples added"),
            (report.vitalsAdded, "vitals added"),
            (report.caffeineAdded, "caffeine samples added"),
            (report.workoutsAdded, "workouts added"),
            (report.alreadyPresent, "already in the log (skipped)"),
        ]
        if report.alreadyPresentDiffering > 0 {
            rows.append((report.alreadyPresentDiffering, "already in the log with another at or tz (kept; imported before with another --tz?)"))
        }
        rows += [
            (report.repeatedInExport, "repeated in this export (imported once)"),
            (report.rejected, "rejected"),
            (report.otherRecordsIgnored, "records of other types (ignored)"),
        ]
        let counts = rows.map(\.0) + report.rejectionReasons.map(\.count)
        let width = counts.map { String($0).count }.max() ?? 1
        func padded(_ number: Int) -> String {
            let text = String(number)
            return String(repeating: " ", count: width - text.count) + text
        }
        var text = "records read: \(report.recordsSeen)\n"
        for (count, label) in rows {
            text += "  \(padded(count)) \(label)\n"
        }
        if !report.rejectionReasons.isEmpty {
            text += "rejected, by reason:\n"
            for reason in report.rejectionReasons {
                text += "  \(padded(reason.count)) \(reason.reason)\n"
            }
            let shown = report.rejections.count
            text += shown < report.rejected ? "the first \(shown) rejected records:\n" : "rejected records:\n"
            for rejection in report.rejections {
                text += "  line \(rejection.line): \(rejection.reason)\n"
            }
        }
        if report.rejectionReasons.contains(where: { $0.reason.contains("no --tz was given") }) {
            text += "hint: give --tz ZONE (the zone those records were made in) and import again; only the records missing from the log are added\n"
        }
        return text
    }
}
