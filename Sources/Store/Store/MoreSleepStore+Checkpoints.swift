import Commands
import EventLogFile
import Events
import Projections

extension MoreSleepStore {
    /// Saves the current state as a checkpoint, encoded and written on the keeper's queue;
    /// nothing while out of date or for storage that is not a file.
    func saveCheckpoint() {
        guard outOfDate == nil, let checkpoints else { return }
        // A copy whose arrays stay shared until the actor changes one.
        let fold = fold
        checkpoints.save(generation: foldGeneration) { CheckpointDraft(fold) }
    }

    /// Waits for the checks and checkpoints asked for so far (tests, the benchmark).
    package func waitForCheckpointWrites() async {
        await checkpoints?.waitForWrites()
    }
}
