// The README's "Embedding the store" example, built as a program of this package and run by
// its tests (ReadmeEmbeddingTests): the README shows this file from its imports on.
import Foundation
import MoreSleep

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moresleep-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// The person's log: a file on disk (created 0600), opened and replayed off the main actor;
// MoreSleepStore.open(log: InMemoryEventLog(), …) in tests and previews.
let store = try await MoreSleepStore.open(path: folder.appendingPathComponent("phone.jsonl").path, environment: .live(source: .phone))

// Render every change: the current snapshot at once, then one after each change.
let renderer = Task {
    for await snapshot in await store.changes() {
        print("snapshot: \(snapshot)")                             // "log at seq 1, 0 warnings"
    }
}

// "I go to bed at midnight, I want 22:30, over 7 nights", from tonight on.
let tonight = Instant.now.nightDate                                 // the noon-to-noon night holding now
do {
    try await store.send(SetGoal(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 7, firstNight: tonight))
    try await store.send(LogBedtime(night: .date(tonight), moment: .wentToBed))
} catch StoreError.rejected(let error) {                            // a rule was broken; nothing was appended
    print("refused: \(error.message)")
} catch StoreError.log(let error) {                                 // .lockTimeout / .sequenceConflict: retry
    print("try again: \(error)")
} catch StoreError.outOfDate(let staleness) {                       // the log cannot be re-read; nothing was sent
    print("out of date: \(staleness.warning)")
}

// Ask the state anything, as of now: the library decides, the front end renders.
let state = await store.state
print("coming night: \(state.bedtimePlan(at: .now).map(String.init(describing:)) ?? "none planned")")
print("tonight: \(state.tonight(at: .now).map(String.init(describing:)) ?? "outside tonight's window")")
print("debt: \(state.sleepDebt(at: .now))")
print("watch: \(state.watchSummary(at: .now).nextChecklistItems)")
print("warnings: \(await store.snapshot.warnings)")
renderer.cancel()
