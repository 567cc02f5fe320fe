import Commands
import Store
import EventLogFile
import Foundation

/// The checks of one crash state, made on its files written into a scratch folder:
/// - verifying each log never throws, and reports at most a torn tail;
/// - every acknowledged byte is there;
/// - folding each checkpointed log from its checkpoints never throws and gives the state of
///   a fold from its first line, and a checkpoint it starts from is a complete one;
/// - repair never throws and leaves a sound log that still holds everything acknowledged.
package enum CrashStateCheck {
    /// The problems found in `state` (none when it passes). Paths under `root` are moved
    /// under `scratch` (emptied first) to be checked.
    package static func problems(of state: CrashState, root: String, scratch: String, expecting expectation: CrashExpectation) -> [String] {
        let manager = FileManager.default
        try? manager.removeItem(atPath: scratch)
        do {
            try manager.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            for folder in state.folders.sorted() {
                try manager.createDirectory(atPath: moved(folder, root, scratch), withIntermediateDirectories: true)
            }
            for (path, bytes) in state.files {
                let target = moved(path, root, scratch)
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard manager.createFile(atPath: target, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                    return ["could not write \(target) to check the state"]
                }
            }
        } catch {
            return ["could not write the state to check it: \(error)"]
        }
        var problems: [String] = []
        // Acknowledged bytes, before anything reads or repairs.
        for (path, prefix) in expectation.acknowledged.sorted(by: { $0.key < $1.key }) {
            let held = state.files[path] ?? []
            if held.count < prefix.count || Array(held[..<prefix.count]) != prefix {
                problems.append("\(name(path)): lost acknowledged bytes (holds \(held.count) bytes, \(prefix.count) were acknowledged)")
            }
        }
        for log in expectation.logPaths where state.files[log] != nil {
            let path = moved(log, root, scratch)
            do {
                let report = try FileEventLog.verify(path: path)
                for issue in report.issues where issue.kind != .tornTail {
                    problems.append("\(name(log)): verify reports more than a torn tail: line \(issue.line): \(issue.message)")
                }
            } catch {
                problems.append("\(name(log)): verify threw: \(error.message)")
            }
        }
        for (log, folder) in expectation.checkpointedLogs where state.files[log] != nil {
            let path = moved(log, root, scratch)
            do {
                let fromCheckpoints = try CheckpointedFold.fold(.file(path: path), checkpoints: moved(folder, root, scratch))
                let fromTheStart = try CheckpointedFold.fold(.file(path: path), checkpoints: nil)
                if fromCheckpoints.runner.state != fromTheStart.runner.state
                    || fromCheckpoints.runner.warnings != fromTheStart.runner.warnings
                    || fromCheckpoints.eventCount != fromTheStart.eventCount {
                    problems.append("\(name(log)): the fold from its checkpoints differs from the fold from its first line")
                }
                if let start = fromCheckpoints.startedFrom {
                    let original = moved(start.path, scratch, root)
                    if let bytes = state.files[original], !expectation.completeCheckpoints.contains(bytes) {
                        problems.append("\(name(log)): the fold started from \(name(start.path)), which is not a complete checkpoint")
                    }
                }
            } catch {
                problems.append("\(name(log)): the fold threw: \(error.message)")
            }
        }
        for log in expectation.logPaths where state.files[log] != nil {
            let path = moved(log, root, scratch)
            do {
                _ = try FileEventLog.repair(path: path, lockTimeout: .zero)
                let report = try FileEventLog.verify(path: path)
                if !report.isSound {
                    problems.append("\(name(log)): after repair, verify still reports \(report.issues.map(\.message).joined(separator: "; "))")
                }
                if let prefix = expectation.acknowledged[log] {
                    let held = manager.contents(atPath: path).map { [UInt8]($0) } ?? []
                    if held.count < prefix.count || Array(held[..<prefix.count]) != prefix {
                        problems.append("\(name(log)): repair removed acknowledged bytes")
                    }
                }
            } catch {
                problems.append("\(name(log)): repair threw: \(error.message)")
            }
        }
        return problems
    }

    private static func moved(_ path: String, _ from: String, _ to: String) -> String {
        path.hasPrefix(from) ? to + path.dropFirst(from.count) : path
    }

    private static func name(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
