import Foundation

// The machine the figures come from, and the external tools the benchmark compares with.

struct MachineInfo {
    var uname: String
    var coreCount: Int
    var cpuModel: String?
    var loadAverage: String?

    static func current() -> MachineInfo {
        MachineInfo(
            uname: ExternalTool.output(of: "uname", ["-srm"]) ?? "unknown (uname failed)",
            coreCount: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: cpuModel(),
            loadAverage: loadAverage()
        )
    }

    /// The first `model name` of /proc/cpuinfo (Linux), if any.
    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The 1, 5 and 15 minute load averages (Linux), to judge how busy the machine was.
    static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The type of the file system holding `path` (from /proc/mounts, longest mount
    /// point that contains it), e.g. `ext4`, `overlay`, `tmpfs`.
    static func fileSystemType(of path: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (mountPoint: String, type: String)?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let mountPoint = String(fields[1]).replacingOccurrences(of: "\\040", with: " ")
            let inside = mountPoint == "/" || resolved == mountPoint || resolved.hasPrefix(mountPoint + "/")
            if inside, mountPoint.count >= (best?.mountPoint.count ?? 0) {
                best = (mountPoint, String(fields[2]))
            }
        }
        return best.map { "\($0.type) on \($0.mountPoint)" }
    }
}

enum ExternalTool {
    /// The full path of `name` on `PATH`, if it is there and executable.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The trimmed stdout of `name arguments`, or `nil` when it cannot run or fails.
    static func output(of name: String, _ arguments: [String]) -> String? {
        #if os(Linux) || os(macOS)
        guard let executable = find(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #else
        return nil
        #endif
    }
}

/// `jq -c .seq FILE > /dev/null`, timed: 3 runs unless told otherwise, the best reported.
struct JQTiming {
    var executable: String
    var version: String
    var runs: [Duration]

    var best: Duration { runs.min() ?? .zero }

    enum Outcome {
        case measured(JQTiming)
        case notFound
        case failed(String)

        var timing: JQTiming? {
            if case .measured(let timing) = self { return timing }
            return nil
        }
    }

    static let runCount = 3

    /// `runCount` runs of jq on `path`.
    static func measure(path: String, runs runCount: Int = runCount) -> Outcome {
        measure(path: path, runs: runCount, between: {})
    }

    /// `runCount` runs of jq on `path`, `between` called before each run but the first (to
    /// time something else alternately, so that a drift in the machine's speed falls on both).
    static func measure(path: String, runs runCount: Int, between: () throws -> Void) rethrows -> Outcome {
        #if os(Linux) || os(macOS)
        guard let executable = ExternalTool.find("jq") else { return .notFound }
        let version = ExternalTool.output(of: "jq", ["--version"]) ?? "unknown version"
        var runs: [Duration] = []
        for run in 1...runCount {
            if run > 1 { try between() }
            Progress.say("jq run \(run)/\(runCount): \(executable) -c .seq \(URL(fileURLWithPath: path).lastPathComponent) > /dev/null…")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", ".seq", path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.standardError
            let clock = ContinuousClock()
            let started = clock.now
            do { try process.run() } catch { return .failed("jq could not start: \(error)") }
            process.waitUntilExit()
            runs.append(clock.now - started)
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                return .failed("jq exited with status \(process.terminationStatus)")
            }
        }
        return .measured(JQTiming(executable: executable, version: version, runs: runs))
        #else
        return .failed("processes cannot be started on this platform")
        #endif
    }
}
