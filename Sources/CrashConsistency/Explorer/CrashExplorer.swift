import Foundation

/// Runs workloads through a recorder, builds every state a crash could leave at every point
/// under each persistence model, and checks each one (`CrashStateCheck`): the ALICE method
/// (Pillai et al., "All File Systems Are Not Created Equal", OSDI 2014) for this library's
/// files.
package enum CrashExplorer {
    /// What exploring one workload under one model found.
    package struct Outcome: Sendable {
        package var workload: String
        package var model: PersistenceModel
        /// The points a crash can fall at: before the first operation and after each one.
        package var crashPoints: Int
        /// The distinct states built and checked.
        package var statesExplored: Int
        /// The states that failed a check.
        package var failureCount: Int
        /// The first failures, each with its crash point and state.
        package var failures: [String]
    }

    /// Explores `workload` under each of `models`, in folders under `scratch` (removed after);
    /// `limit` caps the combinations tried at one crash point.
    package static func explore(
        _ workload: CrashWorkload, models: [PersistenceModel] = PersistenceModel.allCases, limit: Int = 729, scratch: String
    ) throws -> [Outcome] {
        let slug = workload.name.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        let root = scratch + "/" + slug
        let checkRoot = scratch + "/" + slug + ".check"
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer {
            try? manager.removeItem(atPath: root)
            try? manager.removeItem(atPath: checkRoot)
        }
        try workload.prepare(root)
        let (files, folders) = try snapshot(of: root)
        let recorder = RecordingFileOperations()
        try workload.run(root, recorder)
        let operations = recorder.operations
        let (logs, checkpointed) = workload.logs(root)

        var outcomes: [Outcome] = []
        for model in models {
            var outcome = Outcome(workload: workload.name, model: model, crashPoints: 0, statesExplored: 0, failureCount: 0, failures: [])
            var system = SimulatedFileSystem(files: files, folders: folders)
            var expectation = CrashExpectation(logPaths: logs, checkpointedLogs: checkpointed, acknowledged: [:], completeCheckpoints: [])
            var seen: Set<CrashStateKey> = []
            var point = 0
            func explorePoint() {
                outcome.crashPoints += 1
                for state in system.crashStates(model, limit: limit) {
                    guard seen.insert(CrashStateKey(state: state, acknowledged: expectation.acknowledged)).inserted else { continue }
                    outcome.statesExplored += 1
                    let problems = CrashStateCheck.problems(of: state, root: root, scratch: checkRoot, expecting: expectation)
                    guard !problems.isEmpty else { continue }
                    outcome.failureCount += 1
                    if outcome.failures.count < 5 {
                        outcome.failures.append("crash point \(point) (\(state.variant)): \(problems.joined(separator: "; "))")
                    }
                }
            }
            explorePoint()
            for operation in operations {
                switch operation {
                case .acknowledged(let path, let prefix, _):
                    expectation.acknowledged[path] = prefix
                    continue
                case .rename(let source, _):
                    if let bytes = system.currentBytes(of: source) { expectation.completeCheckpoints.insert(bytes) }
                default:
                    break
                }
                system.apply(operation)
                point += 1
                explorePoint()
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The files and folders under `root`, by absolute path.
    static func snapshot(of root: String) throws -> (files: [String: [UInt8]], folders: Set<String>) {
        var files: [String: [UInt8]] = [:]
        var folders: Set<String> = []
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: root) else { return ([:], []) }
        while let relative = enumerator.nextObject() as? String {
            let path = root + "/" + relative
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                folders.insert(path)
            } else {
                files[path] = manager.contents(atPath: path).map { [UInt8]($0) } ?? []
            }
        }
        return (files, folders)
    }

    /// A state and what was acknowledged when it was left: two equal keys need one check.
    private struct CrashStateKey: Hashable {
        var state: CrashState
        var acknowledged: [String: [UInt8]]

        static func == (left: CrashStateKey, right: CrashStateKey) -> Bool {
            left.state.files == right.state.files && left.state.folders == right.state.folders && left.acknowledged == right.acknowledged
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(state.files)
            hasher.combine(state.folders)
            hasher.combine(acknowledged)
        }
    }
}
