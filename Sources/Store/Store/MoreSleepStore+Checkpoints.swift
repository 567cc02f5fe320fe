import Commands
import EventLogFile
import Events
import Projections

// Saving the store's state as checkpoints.
extension MoreSleepStore {
    /// Saves the current state as a checkpoint of each stream's folded lines: encoded and
    /// written on the checkpoints' own queue (encoding a long history's state on the actor
    /// made the first send of each night wait for it). Nothing is saved while the state is
    /// out of date, or for storage that is not a file.
    func saveCheckpoint() {
        guard outOfDate == nil, let checkpoints else { return }
        // A copy of the fold (its arrays are shared until the actor changes one), encoded on
        // the keeper's queue.
        let fold = fold
        checkpoints.save(generation: foldGeneration) { CheckpointDraft(fold) }
    }

    /// Waits until the checks and checkpoints asked for so far are done (tests, the benchmark).
    package func waitForCheckpointWrites() async {
        await checkpoints?.waitForWrites()
    }
}
