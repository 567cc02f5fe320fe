import Events

/// A checkpoint's position (`CheckpointPosition`, at the start of its payload) and the one
/// validation of every checkpoint, a log file's or a log set's (docs/checkpoints.md).
extension CheckpointFolder {
    /// The default folder of the log set at `path`: `checkpoints` inside it (the listing of a
    /// log set ignores it; sync never copies it).
    package static func defaultPath(forLogSetAt path: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + "checkpoints"
    }

    /// How much of the log ``validate(_:log:streams:foldVersion:check:)`` reads.
    package enum Check: Sendable {
        /// Each stream's length and the at most 4 KiB before each position (an open).
        case tail
        /// That, and the digest of each stream's whole prefix (`replay-tool`, `verify`, and a
        /// store's check after it opened).
        case full
    }

    /// A checkpoint found usable, with the position it covers.
    package struct Usable: Sendable, Hashable {
        package var entry: CheckpointEntry
        package var position: CheckpointPosition

        package init(entry: CheckpointEntry, position: CheckpointPosition) {
            self.entry = entry
            self.position = position
        }
    }

    /// Writes a checkpoint atomically (as ``write(header:payload:)`` does): `position`, then
    /// the encoded state `statePayload`.
    ///
    /// - Throws: what ``write(header:payload:)`` throws.
    @discardableResult
    package func write(
        position: CheckpointPosition, logSet: Bool, foldVersion: UInt32, eventCount: Int, latestAt: Int64, statePayload: [UInt8]
    ) throws(EventLogFileError) -> CheckpointEntry {
        let table = position.encoded()
        var payload = LittleEndianWriter(capacity: 4 + table.count + statePayload.count)
        payload.write(UInt32(table.count))
        payload.write(bytes: table)
        payload.write(bytes: statePayload)
        let flags: CheckpointHeader.Flags = logSet ? .logSet : []
        let header = CheckpointHeader(
            foldVersion: foldVersion, byteOffset: position.totalBytes, lineNumber: position.totalLines + 1,
            lastSeq: position.seqSum, eventCount: eventCount, latestAt: latestAt,
            prefixDigest: PrefixDigest.digest(of: table), flags: flags
        )
        return try write(header: header, payload: payload.bytes)
    }

    /// The position a checkpoint states, read from the start of its payload alone (the rest
    /// is read only when the checkpoint is used) and checked against its header.
    ///
    /// - Throws: `CheckpointProblem`: `.unreadable`, `.garbled` or `.corrupt` (a position
    ///   whose digest is not the header's).
    package func position(of entry: CheckpointEntry) throws(CheckpointProblem) -> CheckpointPosition {
        let contents: CheckpointFileSystem.Contents
        do {
            contents = try CheckpointFileSystem.read(entry.path, headLimit: CheckpointHeader.encodedSize + 4 + CheckpointPosition.maximumEncodedSize)
        } catch {
            throw .unreadable(file: entry.path, reason: error.text)
        }
        let start = CheckpointHeader.encodedSize
        let announced = contents.head.withUnsafeBytes { bytes in
            var reader = LittleEndianReader(UnsafeRawBufferPointer(rebasing: bytes[min(start, bytes.count)...]))
            return try? reader.read(UInt32.self)
        }
        guard let announced else {
            throw .corrupt(file: entry.path, reason: "its payload is too short to state its position")
        }
        let length = Int(announced)
        guard length <= CheckpointPosition.maximumEncodedSize, contents.head.count >= start + 4 + length,
              Int64(4 + length) <= entry.header.payloadLength
        else {
            throw .corrupt(file: entry.path, reason: "its position is longer than its payload")
        }
        let table = contents.head[(start + 4)..<(start + 4 + length)]
        guard PrefixDigest.digest(of: Array(table)) == entry.header.prefixDigest else {
            throw .corrupt(file: entry.path, reason: "its position does not match its header's digest")
        }
        return try CheckpointPosition.decode(table, file: entry.path)
    }

    /// Splits `entries` into the checkpoints that can be used with `log`, whose streams are
    /// `streams` now, and a fold of `foldVersion` (each with its position), and problems for
    /// the others, keeping their order. This is the one check of every checkpoint.
    ///
    /// A checkpoint is usable when it is of the log's kind and of `foldVersion`, and each
    /// stream it covers is still there, at least as long as its position, with the same at
    /// most 4 KiB before it (its last line: `PrefixDigest.tail`). With `check` `.full`, each
    /// stream must also start with the very bytes it covered (one pass over each stream for
    /// every candidate at once). Streams it does not name are read from their start.
    package func validate(
        _ entries: [CheckpointEntry], log: LogSource, streams: [StreamName?], foldVersion: UInt32, check: Check
    ) -> (valid: [Usable], problems: [CheckpointProblem]) {
        var problems: [CheckpointProblem] = []
        var candidates: [Usable] = []
        for entry in entries {
            let header = entry.header
            if header.flags.contains(.logSet) != log.isLogSet {
                problems.append(.otherKind(file: entry.path, logSet: header.flags.contains(.logSet)))
            } else if header.foldVersion != foldVersion {
                problems.append(.otherFoldVersion(file: entry.path, foldVersion: header.foldVersion, expected: foldVersion))
            } else {
                do {
                    let position = try position(of: entry)
                    if let problem = tailProblem(of: entry, position, in: log, streams: streams) {
                        problems.append(problem)
                    } else {
                        candidates.append(Usable(entry: entry, position: position))
                    }
                } catch {
                    problems.append(error)
                }
            }
        }
        guard check == .full else { return (candidates, problems) }
        let checked = prefixProblems(of: candidates, in: log, streams: streams)
        return (candidates.filter { candidate in !checked.contains { $0.file == candidate.entry.path } }, problems + checked)
    }

    /// Why a stream of `log` no longer holds the position `entry` covers, or `nil` when each
    /// does: its length and the bytes before the position.
    private func tailProblem(
        of entry: CheckpointEntry, _ position: CheckpointPosition, in log: LogSource, streams: [StreamName?]
    ) -> CheckpointProblem? {
        for stream in position.streams {
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

    /// The problems of the candidates whose streams do not start with the bytes they
    /// covered: one pass over each stream for all of them.
    private func prefixProblems(of candidates: [Usable], in log: LogSource, streams: [StreamName?]) -> [CheckpointProblem] {
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
                    problems.append(.logUnreadable(file: candidate.entry.path, reason: error.description))
                case .success(let found):
                    guard let digest = found[end] else {
                        problems.append(changed(candidate.entry, stream.name, shorter: end, logLength: Self.length(ofFileAt: path)))
                        break
                    }
                    if digest != stream.prefixDigest { problems.append(changed(candidate.entry, stream.name, differsBefore: end)) }
                }
                if problems.last?.file == candidate.entry.path { break }
            }
        }
        return problems
    }

    /// The file of the stream a checkpoint names, or `nil` when `log` has no such stream
    /// now (a set's stream gone; a named stream in a file's checkpoint, or the other way).
    private static func path(of stream: StreamName?, in log: LogSource, streams: [StreamName?]) -> String? {
        guard (stream != nil) == log.isLogSet, streams.contains(stream) else { return nil }
        return log.path(of: stream)
    }

    /// The problem of a stream shorter than the position a checkpoint covers.
    private func changed(_ entry: CheckpointEntry, _ stream: StreamName?, shorter end: Int64, logLength: Int64) -> CheckpointProblem {
        guard let stream else { return .beyondLogEnd(file: entry.path, byteOffset: end, logLength: logLength) }
        return .streamChanged(
            file: entry.path, stream: stream.text, reason: "is shorter than the \(end) bytes it covered (it was cut or repaired since)")
    }

    /// The problem of a stream whose first `end` bytes are not the ones a checkpoint covered.
    private func changed(_ entry: CheckpointEntry, _ stream: StreamName?, differsBefore end: Int64) -> CheckpointProblem {
        guard let stream else { return .prefixChanged(file: entry.path, byteOffset: end) }
        return .streamChanged(
            file: entry.path, stream: stream.text,
            reason: "does not start with the \(end) bytes it covered (another stream, or an edited or repaired prefix)")
    }

    private static func length(ofFileAt path: String) -> Int64 {
        (try? CheckpointFileSystem.read(path, headLimit: 0).size) ?? 0
    }

    /// Calls `body` with the state a checkpoint saved (its payload after the position),
    /// checked as ``withPayload(of:_:)`` checks it; the bytes are valid only inside `body`.
    ///
    /// - Throws: what ``withPayload(of:_:)`` throws, or `.corrupt` when the payload does not
    ///   hold the position it announces.
    package func withState<Result>(
        of entry: CheckpointEntry, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(CheckpointProblem) -> Result {
        let outcome = try withPayload(of: entry) { payload -> Swift.Result<Result, CheckpointProblem> in
            var reader = LittleEndianReader(payload)
            guard let length = try? reader.read(UInt32.self) else {
                return .failure(.corrupt(file: entry.path, reason: "its payload is too short to state its position"))
            }
            guard (try? reader.read(count: Int(length))) != nil else {
                return .failure(.corrupt(file: entry.path, reason: "its position is longer than its payload"))
            }
            return .success(body(UnsafeRawBufferPointer(rebasing: payload[reader.offset...])))
        }
        return try outcome.get()
    }
}
