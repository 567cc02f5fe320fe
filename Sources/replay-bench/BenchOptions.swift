// The command line of replay-bench: a tiny hand-written parser (the executable depends
// on nothing but the package's libraries).

/// What the command line asked for.
enum BenchCommand: Equatable {
    /// The whole benchmark.
    case benchmark(BenchOptions)
    /// `--help`.
    case help
    /// One measured pass in a child process (`--replay-only FILE` and its siblings), so
    /// that the child's `ru_maxrss` is the peak memory of that pass alone.
    case child(MeasuredPass, path: String)
    /// Writing a synthetic log in a child process (`--generate-only N FILE`), so that the
    /// benchmark's own process stays lean (see `SyntheticLogWriter`).
    case generate(count: Int, path: String)
}

/// The options of a benchmark run.
struct BenchOptions: Equatable {
    /// The number of events in the synthetic log.
    var eventCount = 1_000_000
    /// Where to write the log; `nil` for a fresh temporary directory.
    var path: String?
    /// Keep the generated files.
    var keep = false

    static let minimumEventCount = 100
    static let maximumEventCount = 100_000_000
}

/// A usage mistake: reported on stderr with exit status 64 (EX_USAGE).
struct UsageError: Error, Equatable {
    var message: String
}

enum BenchArguments {
    static let usage = "replay-bench [--events N] [--path FILE] [--keep]"

    static let help = """
        OVERVIEW: Measures how fast the MoreSleep event log replays and appends, on a
        synthetic log.

        Generates a deterministic, realistic log of N events (~70% sleepSampleIngested in
        HealthKit batches, ~10% vitalSampleIngested, the rest night actions, a goalSet
        every ~5,000 events) and an N/10 log, then measures on both, each pass in a child
        process of its own (best of 3 runs, wall time):
          full replay   EventLogReader.forEachEventInTimeOrder into ProjectionRunner<LogState>
          decode only   EventLogReader.forEachEvent (read, decode, check; fold nothing)
          line scan     LineReader, counting lines (the I/O floor)
        with each child's peak resident memory (ru_maxrss), to show whether memory grows
        with the log. Then it times appends through FileEventLog (each one fsynced) on a
        fresh small log, and `jq -c .seq` on the same file when jq is on PATH. Last, in
        memory: one new night of sleep samples folded into a LogState holding two years
        of sleep history (730 nights × 25 samples), against folding it all again.

        The table goes to stdout, progress to stderr. Run it in release:
          swift run -c release replay-bench

        USAGE: \(usage)

        OPTIONS:
          --events N    Events in the synthetic log (default 1,000,000; from \(minimum) to
                        \(maximum); `_` and `,` separators are allowed).
          --path FILE   Write the log to FILE (which must not exist) instead of a temporary
                        directory; the N/10 log and the append log go next to it, as
                        FILE.tenth.jsonl and FILE.appends.jsonl.
          --keep        Keep the generated files (they are deleted otherwise).
          -h, --help    Show this help.

        INTERNAL (how the benchmark runs each pass in a child process):
          --replay-only FILE | --decode-only FILE | --scan-only FILE
                        Measure one pass on FILE (3 runs); print one RESULT line.
          --generate-only N FILE
                        Write the synthetic log of N events to FILE; print one
                        GENERATED line.

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
                let text = try value(for: name, inline: inline)
                options.eventCount = try eventCount(text)
            case "--path":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw UsageError(message: "--path needs a file name") }
                options.path = path
            case "--keep":
                guard inline == nil else { throw UsageError(message: "--keep takes no value") }
                options.keep = true
            case "--generate-only":
                let count = try wholeNumber(try value(for: name, inline: inline), option: name)
                guard count >= 1 else { throw UsageError(message: "--generate-only needs at least 1 event") }
                let path = try value(for: name, inline: nil)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "--generate-only N FILE is used alone") }
                return .generate(count: count, path: path)
            case "--replay-only", "--decode-only", "--scan-only":
                let path = try value(for: name, inline: inline)
                guard remaining.isEmpty, arguments.first == argument else { throw UsageError(message: "\(name) FILE is used alone") }
                let pass: MeasuredPass = name == "--replay-only" ? .replay : (name == "--decode-only" ? .decode : .scan)
                return .child(pass, path: path)
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                throw UsageError(message: "unexpected argument '\(argument)'")
            }
        }
        return .benchmark(options)
    }

    private static func eventCount(_ text: String) throws(UsageError) -> Int {
        let count = try wholeNumber(text, option: "--events")
        guard (BenchOptions.minimumEventCount...BenchOptions.maximumEventCount).contains(count) else {
            throw UsageError(message: "--events must be between \(minimum) and \(maximum), not \(grouped(count))")
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
