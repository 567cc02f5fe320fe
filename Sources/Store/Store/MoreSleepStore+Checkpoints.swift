import Commands
import EventLogFile
import Events
import Projections

// Saving the store's state as checkpoints.
extension MoreSleepStore {
    /// Saves the current state as a checkpoint of the lines up to `end`: encoded and written
    /// on the checkpoints' own queue (encoding a long history's state on the actor made the
    /// first send of each night wait for it; docs/benchmarks.md). Nothing is saved while the
    /// state is out of date, or
    /// for a log that is not a file.
    func saveCheckpoint() {
        guard outOfDate == nil, let checkpoints, let end else { return }
        // A copy of the state (its arrays are shared until the actor changes one), encoded
        // on the keeper's queue.
        let runner = runner
        let latestLineAt = latestLineAt
        let eventCount = eventCount
        checkpoints.save { CheckpointDraft(runner: runner, end: end, latestLineAt: latestLineAt, eventCount: eventCount) }
    }

    /// Waits until the checkpoints asked for so far are written (tests, the benchmark).
    package func waitForCheckpointWrites() async {
        await checkpoints?.waitForWrites()
    }
}
