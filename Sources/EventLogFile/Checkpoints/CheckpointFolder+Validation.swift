import Events

/// The one validation of every checkpoint, a log file's or a log set's (docs/checkpoints.md).
extension CheckpointFolder {
    /// A log set's default folder: `checkpoints` inside it (its listing and sync ignore it).
    package static func defaultPath(forLogSetAt path: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + "checkpoints"
    }

    package enum Check: Sendable {
        /// Each stream's length and the at most 4 KiB before each position (an open).
        case tail
        /// That, and each stream's whole prefix (`replay-tool`, `verify`, a store after opening).
        case full
    }

    /// Splits `entries`, in order, into those usable with `log` (its streams now `streams`) and
    /// `foldVersion`, and problems for the others: the log's kind, the fold version, each stream
    /// still there, as long, with the same 4 KiB before the position (`.full`: the whole prefix).
    package func validate(
        _ entries: [CheckpointEntry], log: LogSource, streams: [StreamName?], foldVersion: UInt32, check: Check
    ) -> (valid: [CheckpointEntry], problems: [CheckpointProblem]) {
        var problems: [CheckpointProblem] = []
        var candidates: [CheckpointEntry] = []
        for entry in entries {
            let header = entry.header
            if header.isLogSet != log.isLogSet {
                problems.append(.otherKind(file: entry.path, logSet: header.isLogSet))
            } else if header.foldVersion != foldVersion {
                problems.append(.otherFoldVersion(file: entry.path, foldVersion: header.foldVersion, expected: foldVersion))
            } else if let problem = tailProblem(of: entry, in: log, streams: streams) {
                problems.append(problem)
            } else {
                candidates.append(entry)
            }
        }
        guard check == .full else { return (candidates, problems) }
        let checked = prefixProblems(of: candidates, in: log, streams: streams)
        return (candidates.filter { candidate in !checked.contains { $0.file == candidate.path } }, problems + checked)
    }

    /// Why a stream no longer holds `entry`'s position (its length, its tail), or `nil`.
    private func tailProblem(of entry: CheckpointEntry, in log: LogSource, streams: [StreamName?]) -> CheckpointProblem? {
        for stream in entry.position.streams {
            guard let path = Self.path(of: stream.name, in: log, streams: streams) else {
                if let name = stream.name, log.isLogSet {
                    return .streamChanged(file: entry.path, stream: name.text, reason: "is no longer in the log set")
                }
                return .otherKind(file: entry.path, logSet: stream.name != nil)
            }
            let end = stream.end.byteOffset
            let tail: PrefixDigest?
            do {
                tail = try PrefixDigest.tail(ofFileAt: path, end: end)
            } catch where error.code == .notFound {
                // A missing log is an empty one.
                tail = end == 0 ? PrefixDigest.digest(of: []) : nil
            } catch {
                return .logUnreadable(file: entry.path, reason: error.description)
            }
            guard let tail else {
                return changed(entry, stream.name, shorter: end, logLength: Self.length(ofFileAt: path))
            }
            guard tail == stream.tailDigest else {
                return changed(entry, stream.name, differsBefore: end)
            }
        }
        return nil
    }

    /// The candidates whose streams do not start with the bytes they covered; one pass a stream.
    private func prefixProblems(of candidates: [CheckpointEntry], in log: LogSource, streams: [StreamName?]) -> [CheckpointProblem] {
        var lengths: [String: Set<Int64>] = [:]
        for candidate in candidates {
            for stream in candidate.position.streams {
                if let path = Self.path(of: stream.name, in: log, streams: streams) { lengths[path, default: []].insert(stream.end.byteOffset) }
            }
        }
        var digests: [String: Result<[Int64: PrefixDigest], EventLogFileError>] = [:]
        for (path, wanted) in lengths {
            digests[path] = Result { () throws(EventLogFileError) in try PrefixDigest.digests(ofFileAt: path, prefixLengths: wanted) }
        }
        var problems: [CheckpointProblem] = []
        for candidate in candidates {
            for stream in candidate.position.streams {
                guard let path = Self.path(of: stream.name, in: log, streams: streams), let read = digests[path] else { continue }
                let end = stream.end.byteOffset
                switch read {
                case .failure(let error) where error.code == .notFound && end == 0:
                    continue
                case .failure(let error):
                    problems.append(.logUnreadable(file: candidate.path, reason: error.description))
                case .success(let found):
                    guard let digest = found[end] else {
                        problems.append(changed(candidate, stream.name, shorter: end, logLength: Self.length(ofFileAt: path)))
                        break
                    }
                    if digest != stream.prefixDigest { problems.append(changed(candidate, stream.name, differsBefore: end)) }
                }
                if problems.last?.file == candidate.path { break }
            }
        }
        return problems
    }

    /// The file of a checkpoint's stream, or `nil` when `log` has no such stream (now, or kind).
    private static func path(of stream: StreamName?, in log: LogSource, streams: [StreamName?]) -> String? {
        guard (stream != nil) == log.isLogSet, streams.contains(stream) else { return nil }
        return log.path(of: stream)
    }

    private func changed(_ entry: CheckpointEntry, _ stream: StreamName?, shorter end: Int64, logLength: Int64) -> CheckpointProblem {
        guard let stream else { return .beyondLogEnd(file: entry.path, byteOffset: end, logLength: logLength) }
        return .streamChanged(
            file: entry.path, stream: stream.text, reason: "is shorter than the \(end) bytes it covered (it was cut or repaired since)")
    }

    private func changed(_ entry: CheckpointEntry, _ stream: StreamName?, differsBefore end: Int64) -> CheckpointProblem {
        guard let stream else { return .prefixChanged(file: entry.path, byteOffset: end) }
        return .streamChanged(
            file: entry.path, stream: stream.text,
            reason: "does not start with the \(end) bytes it covered (another stream, or an edited or repaired prefix)")
    }

    private static func length(ofFileAt path: String) -> Int64 {
        (try? CheckpointFileSystem.read(path, limit: 0).size) ?? 0
    }
}
