import EventLogFile
import Events
import Projections

// Saving the store's state as checkpoints.
extension MoreSleepStore {
    /// Saves the current state as a checkpoint of the lines up to `end`: encoded here (a few
    /// milliseconds), written on the checkpoints' own queue. Nothing is saved while the state
    /// is out of date, or for a log that is not a file.
    func saveCheckpoint() {
        guard outOfDate == nil, let checkpoints, let end,
              let draft = CheckpointDraft(runner: runner, end: end, latestLineAt: latestLineAt, eventCount: eventCount) else { return }
        checkpoints.save(draft)
    }

    /// Waits until the checkpoints asked for so far are written (tests, the benchmark).
    package func waitForCheckpointWrites() async {
        await checkpoints?.waitForWrites()
    }
}
