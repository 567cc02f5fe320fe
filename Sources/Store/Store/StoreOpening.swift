import Commands
import EventLogFile
import Events
import Projections

/// What opening a store found: the log, its fold and where the fold ends.
struct StoreOpening {
    var log: any EventLogStorage
    var file: FileEventLog?
    var checkpoints: CheckpointKeeper?
    var runner: ProjectionRunner<LogState>
    var lastSeq: Int
    var tornTail: TornTail?
    var end: LogResumePoint?
    var latestLineAt: Instant?
    var eventCount = 0

    /// Folds `log`: a `FileEventLog` from its newest valid checkpoint (see
    /// `CheckpointedFold`), any other storage whole.
    init(log: any EventLogStorage, checkpoints options: CheckpointOptions, progress: (@Sendable (Double) -> Void)?) throws(StoreError) {
        self.log = log
        guard let file = log as? FileEventLog else {
            do {
                (runner, lastSeq, tornTail, latestLineAt, eventCount) = try StoreOpening.foldWhole(log)
            } catch {
                throw .log(error)
            }
            return
        }
        self.file = file
        let keeper = options.folderPath(forLogAt: file.path).map { CheckpointKeeper(folderPath: $0, logPath: file.path) }
        checkpoints = keeper
        let fold: CheckpointedFold
        do {
            fold = try CheckpointedFold.fold(logAt: file.path, checkpoints: keeper?.folderPath, check: .tail, progress: progress)
        } catch {
            throw .log(error)
        }
        keeper?.opened(with: fold)
        runner = fold.runner
        lastSeq = fold.end.lastSeq
        tornTail = fold.tornTail
        end = fold.end
        latestLineAt = fold.latestLineAt
        eventCount = fold.eventCount
        // The fold read every line up to `end` (or a checkpoint vouched for them, its prefix
        // checked after opening): the first append need not read them again.
        if fold.identifiersAreDistinct { file.adoptVerifiedPrefix(fold.end) }
    }

    /// Folds a whole log that is not a file, in (`at`, `seq`) order. Returns the runner (without
    /// a torn tail's warning), the log's last seq, its torn tail, the largest `at` of its events
    /// and their number.
    static func foldWhole(_ log: any EventLogStorage) throws(EventLogFileError) -> (ProjectionRunner<LogState>, Int, TornTail?, Instant?, Int) {
        var lastSeq = 0
        var latest: Instant?
        var count = 0
        let (runner, tornTail): (ProjectionRunner<LogState>, TornTail?) = try LogFold.fold(
            log: log, tornTail: nil,
            restart: {
                lastSeq = 0
                latest = nil
                count = 0
            },
            beforeEach: { (event, _: inout ProjectionRunner<LogState>) in
                lastSeq = max(lastSeq, event.seq)
                count += 1
                if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
            }
        )
        return (runner, lastSeq, tornTail, latest, count)
    }
}
