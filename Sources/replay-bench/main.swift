/// replay-bench: how fast the MoreSleep event log replays and appends, on a synthetic log.
///
/// `swift run -c release replay-bench [--events N] [--path FILE] [--keep]`
///
/// What is measured (see `--help`):
/// 1. Generation of a deterministic, realistic log of N events (default 1,000,000) with
///    `EventLineEncoder` straight into a buffer (file size, time).
/// 2. Full replay: `EventLogReader.forEachEventInTimeOrder` into
///    `ProjectionRunner<LogState>` — events/s and MB/s, best of 3 runs (wall time,
///    `ContinuousClock`).
/// 3. Decode only (`EventLogReader.forEachEvent`) and a raw line scan (`LineReader`), so
///    the replay's time splits into I/O + line finding, decoding + checks, and folding.
/// 4. Peak memory (`getrusage` `ru_maxrss`): every pass runs in a child process of its
///    own (this executable with `--replay-only FILE` etc.), on the log and on an N/10
///    log, so one sees whether memory grows with the log's length.
/// 5. Append latency through `FileEventLog` (write + fsync): 200 single-event appends
///    (median, p99) and 20 batches of 100 (median per batch and per event).
/// 6. `jq -c .seq FILE > /dev/null` on the same file when jq is on PATH, as a yardstick.
/// 7. The machine: `uname -srm`, core count, CPU model, load average.
/// 8. Sleep ingest: a `LogState` folded from two years of synthetic sleep history (730
///    nights × 25 samples), then (a) one more night's samples applied to it against (b) a
///    full rebuild of every event, with the ratio and `sleep.rebuildCount`'s growth in (a)
///    (`SleepIngestBenchmark`, in memory).
///
/// The table goes to stdout, progress to stderr; usage mistakes exit 64.

import Foundation

let exitStatus = ReplayBench.main(Array(CommandLine.arguments.dropFirst()))
exit(exitStatus)
