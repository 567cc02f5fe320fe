import EventLogFile
import Events

/// How an import runs.
public struct HealthImportOptions: Sendable {
    /// The zone for records without `HKTimeZone` metadata (`--tz`); must be a zone the
    /// system knows. Without it such records are rejected.
    public var fallbackTimeZone: String?
    /// Events a batch (one atomic, durable append): 500 by default.
    public var batchSize: Int
    /// The scanner's read size.
    public var chunkSize: Int
    /// Bytes of the export between two progress reports: 16 MB by default.
    public var progressInterval: Int64
    /// How many rejected records the report lists with their line and reason: 5.
    public var rejectionSampleLimit: Int

    /// Creates the value from its parts.
    public init(
        fallbackTimeZone: String? = nil,
        batchSize: Int = 500,
        chunkSize: Int = HealthExportScanner.defaultChunkSize,
        progressInterval: Int64 = 16_000_000,
        rejectionSampleLimit: Int = 5
    ) {
        self.fallbackTimeZone = fallbackTimeZone
        self.batchSize = max(1, batchSize)
        self.chunkSize = chunkSize
        self.progressInterval = progressInterval
        self.rejectionSampleLimit = rejectionSampleLimit
    }
}

/// What an import did. Every top-level record counts once:
/// `recordsSeen == sleepSamplesAdded + vitalsAdded + caffeineAdded + workoutsAdded
/// + alreadyPresent + alreadyPresentDiffering + repeatedInExport + rejected + otherRecordsIgnored`.
/// (Workouts count as records: `<Workout>` elements are read beside `<Record>` ones.)
public struct HealthImportReport: Sendable, Hashable {
    /// A record that was not imported: its line and why (never its content).
    public struct Rejection: Sendable, Hashable {
        /// The 1-based line the record starts on.
        public var line: Int
        /// Why it was rejected.
        public var reason: String

        /// Creates the value from its parts.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// A reason and how many records it rejected.
    public struct ReasonCount: Sendable, Hashable {
        /// Why.
        public var reason: String
        /// How many records.
        public var count: Int

        /// Creates the value from its parts.
        public init(reason: String, count: Int) {
            self.reason = reason
            self.count = count
        }
    }

    /// Top-level `<Record>` and `<Workout>` elements read.
    public var recordsSeen = 0
    /// `sleepSampleIngested` events appended.
    public var sleepSamplesAdded = 0
    /// `vitalSampleIngested` events appended.
    public var vitalsAdded = 0
    /// `caffeineIngested` events appended.
    public var caffeineAdded = 0
    /// `workoutIngested` events appended.
    public var workoutsAdded = 0
    /// Records whose id the log already held with the same content (skipped).
    public var alreadyPresent = 0
    /// Records whose id the log already held with other content: the same record imported
    /// before with another `--tz`, or another copy of it with another `creationDate`. The
    /// log keeps the first.
    public var alreadyPresentDiffering = 0
    /// Records that repeat an earlier record of this export (same id): imported once.
    public var repeatedInExport = 0
    /// Records of an imported type that could not be imported.
    public var rejected = 0
    /// The first rejected records.
    public var rejections: [Rejection] = []
    /// How many records were rejected for each reason, in order of first appearance (at
    /// most 50 reasons are told apart; they never quote content, so there are few).
    public var rejectionReasons: [ReasonCount] = []
    /// Records of other types (heart rate, steps, …).
    public var otherRecordsIgnored = 0
    /// Bytes of the export read.
    public var bytesRead: Int64 = 0
    /// When the export ended before `</HealthData>`: the line it ended on.
    public var truncatedAtLine: Int?

    /// Creates an empty report.
    public init() {}

    /// Events appended.
    public var added: Int { sleepSamplesAdded + vitalsAdded + caffeineAdded + workoutsAdded }
}

/// How far an import has got.
public struct HealthImportProgress: Sendable, Hashable {
    /// Bytes of the export read.
    public var bytesRead: Int64
    /// The export's size.
    public var fileSize: Int64
    /// Top-level records read.
    public var recordsSeen: Int
    /// Events appended so far.
    public var added: Int
}

/// Why an import stopped early. What was appended before stays (each batch is atomic and
/// ids are derived from content, so running the import again is safe); `report` says how
/// far it got.
public enum HealthImportError: Error, Sendable, CustomStringConvertible {
    /// The export could not be read (missing, not an export, an element too long, I/O).
    case export(HealthExportError, report: HealthImportReport)
    /// The log refused or failed an append (torn tail, corrupt, lock timeout, I/O).
    case log(EventLogFileError, report: HealthImportReport)

    /// The report as far as the import got.
    public var report: HealthImportReport {
        switch self {
        case .export(_, let report), .log(_, let report): return report
        }
    }

    public var description: String {
        switch self {
        case .export(let error, _): return error.description
        case .log(let error, _): return error.description
        }
    }
}

/// Imports an Apple Health export into an event log: streams the export
/// (``HealthExportScanner``), maps each sleep, vital and caffeine record and each workout
/// (``HealthRecordMapper``),
/// and appends the events in atomic batches.
///
/// - Records that repeat within the export (same ``ContentIdentifier`` id) are imported
///   once: the ids of this run are remembered as 16-byte digests (`IdentifierSet`), so a
///   batch never holds an id twice. This is the one part of memory that grows with the
///   export: 16 bytes (plus the set's slack) per imported record, not per byte.
/// - An id the log already holds with the same content is answered by the log and counted
///   as already present. An id it holds with other content (the same record imported
///   before with another `--tz`, or another copy of it with another `creationDate`) makes
///   the log refuse the batch; the batch is then halved until that record is alone, the
///   rest is appended, and the record is counted in `alreadyPresentDiffering`.
public enum HealthImporter {
    /// Imports the export at `exportPath`: checks it is a Health export, then calls
    /// `openLog` (so a missing or foreign export never creates a log), then appends.
    /// - Parameter progress: called every `options.progressInterval` bytes of the export.
    /// - Throws: ``HealthImportError`` carrying the report as far as it got.
    public static func run(
        exportPath: String,
        options: HealthImportOptions = HealthImportOptions(),
        openLog: () throws(EventLogFileError) -> any EventLogStorage,
        progress: (HealthImportProgress) -> Void = { _ in }
    ) throws(HealthImportError) -> HealthImportReport {
        var run = Run(options: options)
        var scanner = try openScanner(exportPath, options: options)
        do {
            try scanner.readRoot()
        } catch {
            throw .export(error, report: run.report)
        }
        let log: any EventLogStorage
        do {
            log = try openLog()
        } catch {
            throw .log(error, report: run.report)
        }
        var nextProgress = options.progressInterval
        do {
            while true {
                let item: HealthExportItem?
                do {
                    item = try scanner.next()
                } catch {
                    run.finish(scanner)
                    throw HealthImportError.export(error, report: run.report)
                }
                guard let item else { break }
                run.take(item)
                if run.batch.count >= options.batchSize {
                    try run.flush(to: log)
                }
                if scanner.bytesRead >= nextProgress {
                    nextProgress = scanner.bytesRead + options.progressInterval
                    progress(HealthImportProgress(
                        bytesRead: scanner.bytesRead, fileSize: scanner.fileSize,
                        recordsSeen: scanner.recordCount + scanner.workoutCount, added: run.report.added))
                }
            }
            try run.flush(to: log)
        } catch let error as HealthImportError {
            throw error
        } catch let error as EventLogFileError {
            run.finish(scanner)
            throw .log(error, report: run.report)
        } catch {
            throw .log(EventLogFileError(code: .ioError, message: "\(error)"), report: run.report)
        }
        run.finish(scanner)
        return run.report
    }

    private static func openScanner(_ path: String, options: HealthImportOptions) throws(HealthImportError) -> HealthExportScanner {
        do {
            return try HealthExportScanner(path: path, recordTypes: HealthRecordMapper.importedTypes, workouts: true, chunkSize: options.chunkSize)
        } catch {
            throw .export(error, report: HealthImportReport())
        }
    }

    /// The state of one import.
    struct Run {
        var options: HealthImportOptions
        var mapper: HealthRecordMapper
        var report = HealthImportReport()
        var seen = IdentifierSet()
        var batch: [Event] = []
        var batchKinds: [Kind] = []
        var reasonIndex: [String: Int] = [:]

        init(options: HealthImportOptions) {
            self.options = options
            self.mapper = HealthRecordMapper(fallbackTimeZone: options.fallbackTimeZone)
        }

        mutating func take(_ item: HealthExportItem) {
            switch item {
            case .malformedRecord(let line, let reason):
                reject(line: line, reason: reason)
            case .record(let record):
                switch mapper.map(record) {
                case .sleep(let event): queue(event, kind: .sleep)
                case .vital(let event): queue(event, kind: .vital)
                case .caffeine(let event): queue(event, kind: .caffeine)
                case .workout(let event): queue(event, kind: .workout)
                case .rejected(let reason): reject(line: record.line, reason: reason)
                case .ignored: report.otherRecordsIgnored += 1
                }
            }
        }

        /// What an event queued is, for the report's counts.
        enum Kind {
            case sleep, vital, caffeine, workout
        }

        mutating func queue(_ event: Event, kind: Kind) {
            guard seen.insert(event.id) else {
                report.repeatedInExport += 1
                return
            }
            batch.append(event)
            batchKinds.append(kind)
        }

        mutating func reject(line: Int, reason: String) {
            report.rejected += 1
            if report.rejections.count < options.rejectionSampleLimit {
                report.rejections.append(HealthImportReport.Rejection(line: line, reason: reason))
            }
            if let index = reasonIndex[reason] {
                report.rejectionReasons[index].count += 1
            } else if reasonIndex.count < 50 {
                reasonIndex[reason] = report.rejectionReasons.count
                report.rejectionReasons.append(HealthImportReport.ReasonCount(reason: reason, count: 1))
            }
        }

        mutating func flush(to log: any EventLogStorage) throws(EventLogFileError) {
            guard !batch.isEmpty else { return }
            let events = batch
            let kinds = batchKinds
            batch.removeAll(keepingCapacity: true)
            batchKinds.removeAll(keepingCapacity: true)
            try append(events[...], kinds: kinds[...], to: log)
        }

        /// Appends `events`; when the log refuses them because one id is there with other
        /// content, halves the batch until that event is alone.
        private mutating func append(_ events: ArraySlice<Event>, kinds: ArraySlice<Kind>, to log: any EventLogStorage) throws(EventLogFileError) {
            let outcomes: [AppendOutcome]
            do {
                outcomes = try log.append(Array(events), expectedLastSeq: nil)
            } catch {
                guard error.code == .duplicateIdentifier else { throw error }
                if events.count == 1 {
                    report.alreadyPresentDiffering += 1
                    return
                }
                let middle = events.startIndex + events.count / 2
                try append(events[..<middle], kinds: kinds[..<middle], to: log)
                try append(events[middle...], kinds: kinds[middle...], to: log)
                return
            }
            for (outcome, kind) in zip(outcomes, kinds) {
                guard !outcome.alreadyPresent else {
                    report.alreadyPresent += 1
                    continue
                }
                switch kind {
                case .sleep: report.sleepSamplesAdded += 1
                case .vital: report.vitalsAdded += 1
                case .caffeine: report.caffeineAdded += 1
                case .workout: report.workoutsAdded += 1
                }
            }
        }

        mutating func finish(_ scanner: borrowing HealthExportScanner) {
            report.recordsSeen = scanner.recordCount + scanner.workoutCount
            report.otherRecordsIgnored += scanner.skippedRecordCount
            report.bytesRead = scanner.bytesRead
            report.truncatedAtLine = scanner.truncatedAtLine
        }
    }
}
