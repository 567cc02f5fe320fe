/// replay-bench: how fast the MoreSleep event log replays, opens and appends, on simulated
/// logs of several sizes (`swift run -c release replay-bench [--sizes N,N,…]`).
///
/// For each size (10,000, 100,000 and 1,000,000 events by default) it writes a realistic
/// log with the simulator, then measures, each pass in a child process of its own (best of
/// 3): the full replay of every projection, the time from opening the log to tonight's
/// state, decoding alone, the line scan and a plain read, with each child's peak memory;
/// `jq -c .seq` on the same file and the ratios; appends to a copy of the log (the first
/// after opening, singles, a night as one batch). Then one new night folded into two
/// simulated years against a full rebuild. It prints whether the three targets are
/// met. The report goes to stdout, progress to stderr; usage mistakes exit 64. See `--help`.

import Foundation

let exitStatus = ReplayBench.main(Array(CommandLine.arguments.dropFirst()))
exit(exitStatus)
