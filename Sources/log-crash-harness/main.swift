import Foundation

// `log-crash-harness run --kills N --seed S [--dir D] [--full] [--no-tears] [--verbose]`: kills a
// writer process with SIGKILL N times and checks the log after each kill.
// `log-crash-harness writer LOG --seed S [--deliveries N]`: the child (internal).
// `log-crash-harness explore [--limit N] [--workload NAME]`: every state a crash could leave
// during each workload (recorded file operations, two persistence models), checked.
// `log-crash-harness fill LOG [--ballast BYTES]`: appends until the disk is full (a small tmpfs)
// or the file-size limit (`ulimit -f`) is reached; checks every acknowledged event is there.
// `log-crash-harness concurrent [--writers K] [--deliveries M] [--seed S]`: K library writers and
// one `replay-tool append` writer at once on one log; `cowriter` is their child (internal).

let usage = """
    usage: log-crash-harness run [--kills N] [--seed S] [--dir D] [--full] [--no-tears] [--verbose]
           log-crash-harness explore [--limit N] [--workload NAME]
           log-crash-harness fill LOG [--ballast BYTES]
           log-crash-harness concurrent [--writers K] [--deliveries M] [--seed S]
           log-crash-harness writer LOG --seed S [--deliveries N]
    """

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func exitWithUsage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("log-crash-harness: \(message)\n\(usage)\n".utf8))
    exit(64)
}

let help = """
    log-crash-harness: proves the event log survives crashes and failing disks.

    \(usage)

      run         kill a writer process with SIGKILL again and again; after each kill the log
                  must hold every acknowledged event byte for byte and only ever a torn tail
      explore     every state a crash could leave at every point of each workload (recorded
                  file operations; the prefix and sector models), each checked; then EIO,
                  ENOSPC, EDQUOT and EFBIG injected on write and fsync. Prints states explored,
                  failures and faults injected; exit 1 on any failure
      fill        append until the disk is full (run it on a small tmpfs) or the file-size
                  limit is reached (under ulimit -f); check every acknowledged event; with
                  --ballast, free that many bytes and append again
      concurrent  several library writers and replay-tool append at once on one log

    docs/crash-consistency.md explains the models and the checks.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
    print(help)
    exit(0)
}
switch arguments.first {
case "writer":
    guard arguments.count >= 2, let seedText = option("--seed", in: arguments), let seed = UInt64(seedText) else {
        exitWithUsage("writer needs LOG and --seed S")
    }
    let limit = option("--deliveries", in: arguments).flatMap(Int.init)
    exit(Writer.run(path: arguments[1], seed: seed, deliveryLimit: limit))
case "cowriter":
    guard arguments.count >= 2, let seed = option("--seed", in: arguments).flatMap(UInt64.init),
          let deliveries = option("--deliveries", in: arguments).flatMap(Int.init) else {
        exitWithUsage("cowriter needs LOG, --seed S and --deliveries N")
    }
    exit(ConcurrentWriters.cowrite(path: arguments[1], seed: seed, deliveries: deliveries, tool: option("--tool", in: arguments)))
case "concurrent":
    guard let writers = Int(option("--writers", in: arguments) ?? "3"), writers >= 1,
          let deliveries = Int(option("--deliveries", in: arguments) ?? "300"), deliveries >= 1,
          let seed = UInt64(option("--seed", in: arguments) ?? "7") else {
        exitWithUsage("--writers and --deliveries take counts, --seed a number")
    }
    let folder = NSTemporaryDirectory() + "log-concurrent-\(getpid())"
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        exitWithUsage("cannot create \(folder): \(error)")
    }
    let passed = ConcurrentWriters.run(path: folder + "/concurrent.jsonl", writers: writers, deliveries: deliveries, seed: seed)
    if passed { try? FileManager.default.removeItem(atPath: folder) } else { print("the log is kept in \(folder)") }
    exit(passed ? 0 : 1)
case "run":
    let full = arguments.contains("--full")
    guard let kills = Int(option("--kills", in: arguments) ?? (full ? "1000" : "200")), kills >= 0 else {
        exitWithUsage("--kills takes a count")
    }
    guard let seed = UInt64(option("--seed", in: arguments) ?? "1") else { exitWithUsage("--seed takes a number") }
    let folder: String
    if let given = option("--dir", in: arguments) {
        folder = given
    } else {
        folder = NSTemporaryDirectory() + "log-crash-harness-\(getpid())"
    }
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        exitWithUsage("cannot create \(folder): \(error)")
    }
    let path = folder + "/crash-\(seed).jsonl"
    if FileManager.default.fileExists(atPath: path) {
        exitWithUsage("\(path) exists; the harness starts from an empty log")
    }
    print("log-crash-harness: \(kills) kills, seed \(seed), log \(path)")
    let harness = Harness(path: path, seed: seed, kills: kills, verbose: arguments.contains("--verbose"), injectTears: !arguments.contains("--no-tears"))
    let passed = harness.run()
    if passed && option("--dir", in: arguments) == nil {
        try? FileManager.default.removeItem(atPath: folder)
    } else if !passed {
        print("the log is kept at \(path)")
    }
    exit(passed ? 0 : 1)
case "fill":
    guard arguments.count >= 2, !arguments[1].hasPrefix("--") else { exitWithUsage("fill needs LOG") }
    let ballast = option("--ballast", in: arguments).map { Int($0) }
    if let ballast, ballast == nil { exitWithUsage("--ballast takes a number of bytes") }
    exit(Fill.run(path: arguments[1], ballast: ballast ?? nil))
case "explore":
    guard let limit = Int(option("--limit", in: arguments) ?? "729"), limit >= 1 else {
        exitWithUsage("--limit takes a count")
    }
    exit(Explore.run(limit: limit, only: option("--workload", in: arguments)))
default:
    exitWithUsage("name a mode: run, explore, fill, concurrent, or writer")
}
