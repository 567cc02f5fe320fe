// The command line of replay-bench: a tiny hand-written parser (the executable depends
// on nothing but the package's libraries).

/// What the command line asked for.
enum BenchCommand: Equatable {
    /// The whole benchmark.
    case benchmark(BenchOptions)
    /// `--help`.
    case help
    /// One measured pass in a child process (`--replay-only FILE` and its siblings;
    /// `--checkpoint-launch-only FILE DIR` with the checkpoints' folder), so that the child's
    /// peak memory is that pass's alone.
    case child(MeasuredPass, path: String, checkpoints: String?)
    /// Writing a log's checkpoints in a child process (`--write-checkpoints-only FILE DIR`),
    /// timed.
    case writeCheckpoints(path: String, folder: String)
    /// The store from a log's checkpoints in a child process (`--store-latency-only FILE DIR
    /// SCRATCH`): the first send, a late event by another writer, a late send.
    case storeLatency(path: String, folder: String, scratch: String)
    /// Writing a synthetic log in a child process (`--generate-only N FILE`), so that the
    /// benchmark's own process stays lean (see `SyntheticLogWriter`).
    case generate(count: Int, path: String)
    /// Writing the whole simulated run of N nights in a child process
    /// (`--generate-nights-only N FILE`, for `--trace`).
    case generateNights(nights: Int, path: String)
    /// Writing the outside generator's log of N nights in a child process
    /// (`--generate-outside-only N FILE`; see `OutsideLogWriter`).
    case generateOutside(nights: Int, path: String)
    /// One `replay-tool` command measured in a child process (`--tool-only PASS FILE`).
    case tool(ToolPass, path: String)
    /// `show --json`'s parts timed in a child process (`--show-parts-only FILE`, for `--shapes`).
    case showParts(path: String)
    /// `replay-tool show FILE --json --no-checkpoint` once, printed (`--show-once-only FILE`,
    /// for `--shapes`).
    case showOnce(path: String)
}

/// The options of a benchmark run.
struct BenchOptions: Equatable {
    /// The sizes of the simulated logs measured, in events.
    var sizes = [10_000, 100_000, 1_000_000]
    /// Where to write the logs; `nil` for a fresh temporary directory.
    var directory: String?
    /// Keep the generated files.
    var keep = false
    /// `--trace`: measure `replay-tool show --json` and each `trace --figure` on one log
    /// of `traceNights` nights instead of the replay passes.
    var trace = false
    var traceNights = TraceBenchmark.defaultNights
    /// `--shapes`: `show --json` without checkpoints against jq on the simulator's log and
    /// an outside generator's, instead of the replay passes.
    var shapes = false

    static let minimumEventCount = 100
    static let maximumEventCount = 2_000_000
}

/// A usage mistake: reported on stderr with exit status 64 (EX_USAGE).
struct UsageError: Error, Equatable {
    var message: String
}

enum BenchArguments {
    static let usage = "replay-bench [--sizes N,N,…] [--directory DIR] [--keep] | replay-bench --trace [--nights N] [--directory DIR] [--keep] | replay-bench --shapes [--directory DIR] [--keep]"

    static let help = """
        OVERVIEW: Measures how fast the MoreSleep event log replays, opens and appends, on
        realistic simulated logs of several sizes.

        For each size (default 10,000, 100,000 and 1,000,000 events; the issue's 10-year log
        is --sizes 150000) it writes a log with the simulator (`replay-tool simulate`'s
        defaults: a person following, or not, a plan for years; about 60 % sleep samples and
        vitals in HealthKit deliveries, with plans, trips, daylight saving, checklists and
        exits) and its checkpoints (what `replay-tool checkpoint` does: timed, with the
        folder's files and bytes), then measures on it, each pass in a child process of its
        own (best of 3 runs, wall time):
          full replay    every projection folded (EventLogReader → ProjectionRunner<LogState>)
          open→tonight   FileEventLog + MoreSleepStore without checkpoints + tonight, debt,
                         streaks: what a front end waits for at launch
          ckpt→tonight   the same from the log's checkpoints (the newest + the lines after it),
                         then its steps timed alone: list, validate (prefix digests), read
                         (map) the payload, decode it, read the lines after it, ask
                         tonight, the debt and the streaks
          decode only    read, decode and check every line; fold nothing
          line scan      find the lines (LineReader)
          plain read     read(2) the file, the floor
        with each child's peak resident memory (VmHWM), and for both launches its resident
        memory (VmRSS) before opening and after, with the store alive. Then, in a child, on
        a fresh copy of the log (written to disk first, so that no timed fsync writes the
        copy) and of its checkpoints (hard links) per run, best and median of 5: the store's
        first send after opening from the checkpoints; an event dated 3 nights before the
        log's latest, appended by another writer, folded by refresh(); and a send from a
        clock 3 nights back (each must rewind to a checkpoint); then the same simulated run
        split between a phone and a watch as a log set, the phone's copy holding the
        watch's stream up to its last night, with the set's checkpoints: per run, the
        phone's MoreSleepStore opened, then the watch's last night synced into it (the
        watch's StreamSync.lines and the store's receive, which appends, fsyncs and folds
        the lines by rewinding to a checkpoint). Then `jq -c .seq` on the
        same file (best of 3) and the ratios; then appends (each fsynced) to a copy of the
        log (written to disk first): the first after opening, singles, and a night's events
        as one batch. Last, in memory: one new night folded into two simulated years (730
        nights), against folding it all again. The targets of issue 9, of issue 16
        (checkpoints) and of issue 17 (sync) are checked and printed.

        The report goes to stdout, progress to stderr. Run it in release:
          swift run -c release replay-bench

        USAGE: \(usage)

        OPTIONS:
          --sizes N,N,…    The log sizes in events (default 10000,100000,1000000; each from
                           \(minimum) to \(maximum); `_` separators are allowed).
          --events N       One size only (the same as --sizes N).
          --directory DIR  Write the logs into DIR (an existing folder) instead of a fresh
                           temporary one; files there are never overwritten.
          --keep           Keep the generated logs (they are deleted otherwise).
          --trace          Instead: on one simulated log of 2,000 nights (about 80,000
                           events), time `replay-tool show --json` and each `trace
                           --figure` (debt, streak, sleep, sri) and `inspect`, each in a child process of its
                           own (best of 3, wall time, peak memory VmHWM), side by side with
                           the ratios to show, and say whether each trace is within 3× of
                           show's time and 2× of its memory.
          --nights N       With --trace: the log's nights (default 2000; 1 to 50,000).
          --shapes         Instead: `replay-tool show LOG --json --no-checkpoint` against
                           `jq -c .seq` on two shapes of log: the simulator's 150,000
                           events, and an outside generator's 5,000 nights (about 204,000
                           events, 67 MB, written by plain code of its own: about 40 sleep
                           samples a night whose source name holds a raw no-break space, a
                           goalSet every 30 nights, two checklist items a night and an exit
                           every fourth night; its own envelope key order, no whitespace,
                           no batches). For each: decode alone, the fold (what show folds,
                           minus the decode), the view (its text written from the folded
                           state as show --json writes it, in chunks: bytes and MB/s), the
                           whole show --json and jq -c .seq (each
                           a fresh process, output to /dev/null, run alternately) and the
                           ratio, medians of 5 runs; then whether show is 3× jq and the view
                           200 MB/s.
          -h, --help       Show this help.

        INTERNAL (how the benchmark runs each pass in a child process):
          --replay-only FILE | --launch-only FILE | --decode-only FILE | --scan-only FILE | --read-only FILE
                           Measure one pass on FILE (3 runs); print one RESULT line.
          --checkpoint-launch-only FILE DIR
                           The same for the launch from FILE's checkpoints in DIR.
          --write-checkpoints-only FILE DIR
                           Write FILE's checkpoints into DIR (timed); print one
                           CHECKPOINTS line.
          --store-latency-only FILE DIR SCRATCH
                           On copies of FILE and its checkpoints in DIR, made in the new
                           folder SCRATCH (removed afterwards): the first send, a late event
                           by another writer, a late send (5 runs each); print one
                           STORELATENCY line.
          --generate-only N FILE
                           Write the simulated log of about N events to FILE; print one
                           GENERATED line.
          --generate-nights-only N FILE
                           Write the simulated log of N nights to FILE; print one GENERATED
                           line.
          --generate-outside-only N FILE
                           Write the outside generator's log of N nights to FILE; print one
                           GENERATED line.
          --show-parts-only FILE
                           Time show --json's parts on FILE (5 runs each); print one
                           SHOWPARTS line.
          --show-once-only FILE
                           Run `replay-tool show FILE --json --no-checkpoint` once.
          --tool-only show|debt|streak|sleep FILE
                           Measure `replay-tool show --json` or `trace --figure F` on FILE
                           (3 runs); print one TOOLRESULT line.

        EXIT STATUS: 0 on success, 1 when a step fails, 64 on a usage mistake.

        """
    private static let minimum = grouped(BenchOptions.minimumEventCount)
    private static let maximum = grouped(BenchOptions.maximumEventCount)

    /// Reads the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
        var options = BenchOptions()
        var seen: Set<String> = []
        var remaining = arguments[...]

        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                throw UsageError(message: "\(option) needs a value")
            }
            return next
        }

        while let argument = remaining.popFirst() {
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if name.hasPrefix("-"), name != "-h", !seen.insert(name).inserted {
                throw UsageError(message: "\(name) is given more than once")
            }
            switch name {
            case "-h", "--help":
                return .help
            case "--events":
                guard !seen.contains("--sizes") else { throw UsageError(message: "--events and --sizes are not used together") }
                options.sizes = [try eventCount(try value(for: name, inline: inline))]
            case "--sizes":
                guard !seen.contains("--events") else { throw UsageError(message: "--events and --sizes are not used together") }
                let text = try value(for: name, inline: inline)
                var sizes: [Int] = []
                for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                    sizes.append(try eventCount(String(part)))
                }
                options.sizes = Array(Set(sizes)).sorted()
            case "--directory":
                let directory = try value(for: name, inline: inline)
                guard !directory.isEmpty else { throw UsageError(message: "--directory needs a folder") }
                options.directory = directory
            case "--keep":
                guard inline == nil else { throw UsageError(message: "--keep takes no value") }
                options.keep = true
            case "--trace":
                guard inline == nil else { throw UsageError(message: "--trace takes no value") }
                options.trace = true
            case "--shapes":
                guard inline == nil else { throw UsageError(message: "--shapes takes no value") }
                options.shapes = true
            case "--show-parts-only", "--show-once-only":
                let path = try value(for: name, inline: inline)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "\(name) FILE is used alone") }
                return name == "--show-parts-only" ? .showParts(path: path) : .showOnce(path: path)
            case "--nights":
                let nights = try wholeNumber(try value(for: name, inline: inline), option: name)
                guard (1...50_000).contains(nights) else { throw UsageError(message: "--nights must be between 1 and 50,000, not \(grouped(nights))") }
                options.traceNights = nights
            case "--generate-nights-only":
                let nights = try wholeNumber(try value(for: name, inline: inline), option: name)
                guard (1...50_000).contains(nights) else { throw UsageError(message: "--generate-nights-only needs 1 to 50,000 nights") }
                let path = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--generate-nights-only N FILE is used alone") }
                return .generateNights(nights: nights, path: path)
            case "--generate-outside-only":
                let nights = try wholeNumber(try value(for: name, inline: inline), option: name)
                guard (1...50_000).contains(nights) else { throw UsageError(message: "--generate-outside-only needs 1 to 50,000 nights") }
                let path = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--generate-outside-only N FILE is used alone") }
                return .generateOutside(nights: nights, path: path)
            case "--tool-only":
                let passName = try value(for: name, inline: inline)
                guard let pass = ToolPass(rawValue: passName) else { throw UsageError(message: "--tool-only expects show, debt, streak or sleep, not '\(passName)'") }
                let path = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--tool-only PASS FILE is used alone") }
                return .tool(pass, path: path)
            case "--generate-only":
                let count = try wholeNumber(try value(for: name, inline: inline), option: name)
                guard count >= 1 else { throw UsageError(message: "--generate-only needs at least 1 event") }
                let path = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--generate-only N FILE is used alone") }
                return .generate(count: count, path: path)
            case "--replay-only", "--launch-only", "--checkpoint-launch-only", "--decode-only", "--scan-only", "--read-only":
                guard let pass = MeasuredPass(rawValue: String(name.dropFirst(2).dropLast("-only".count))) else {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                let path = try value(for: name, inline: inline)
                let folder = pass.usesCheckpoints ? try value(for: name, inline: nil) : nil
                guard remaining.isEmpty, arguments.first == argument else {
                    throw UsageError(message: "\(name) FILE\(pass.usesCheckpoints ? " DIR" : "") is used alone")
                }
                return .child(pass, path: path, checkpoints: folder)
            case "--write-checkpoints-only":
                let path = try value(for: name, inline: inline)
                let folder = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--write-checkpoints-only FILE DIR is used alone") }
                return .writeCheckpoints(path: path, folder: folder)
            case "--store-latency-only":
                let path = try value(for: name, inline: inline)
                let folder = try value(for: name, inline: nil)
                let scratch = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--store-latency-only FILE DIR SCRATCH is used alone") }
                return .storeLatency(path: path, folder: folder, scratch: scratch)
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                throw UsageError(message: "unexpected argument '\(argument)'")
            }
        }
        if seen.contains("--nights"), !options.trace { throw UsageError(message: "--nights goes with --trace") }
        if options.shapes, options.trace || seen.contains("--sizes") || seen.contains("--events") {
            throw UsageError(message: "--shapes measures its own two logs; leave out --trace, --sizes and --events")
        }
        if options.shapes, options.trace || seen.contains("--sizes") || seen.contains("--events") || seen.contains("--nights") {
            throw UsageError(message: "--shapes measures its own two logs; leave out --trace, --nights, --sizes and --events")
        }
        if options.trace, seen.contains("--sizes") || seen.contains("--events") { throw UsageError(message: "--trace measures one log of --nights nights; leave out --sizes and --events") }
        return .benchmark(options)
    }

    private static func eventCount(_ text: String) throws(UsageError) -> Int {
        let count = try wholeNumber(text, option: "a log size")
        guard (BenchOptions.minimumEventCount...BenchOptions.maximumEventCount).contains(count) else {
            throw UsageError(message: "a log size must be between \(minimum) and \(maximum) events, not \(grouped(count))")
        }
        return count
    }

    private static func wholeNumber(_ text: String, option: String) throws(UsageError) -> Int {
        let digits = text.filter { $0 != "_" && $0 != "," }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else {
            throw UsageError(message: "\(option) expects a whole number, not '\(text)'")
        }
        return count
    }
}
