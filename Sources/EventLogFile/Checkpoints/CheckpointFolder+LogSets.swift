/// The checkpoints of a log set (docs/checkpoints.md, "Log sets"): the same files as a log
/// file's, flagged `CheckpointHeader.Flags.logSet`, whose payload starts with a
/// `LogSetCheckpointPosition` (a position and prefix digest per stream) before the state.
///
/// The header's fields then speak of the whole set: `byteOffset` is the bytes covered over
/// every stream, `lineNumber` one more than the lines covered, `lastSeq` (and the file's
/// name) the sum of the streams' last seqs, and `prefixDigest` the digest of the position's
/// bytes. Streams only grow, so these grow with any of them and order a folder as a file's
/// byte offsets do.
extension CheckpointFolder {
    /// The default folder of the log set at `path`: `checkpoints` inside it (the listing of a
    /// log set ignores it; sync never copies it).
    package static func defaultPath(forLogSetAt path: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + "checkpoints"
    }

    /// Writes a log set's checkpoint atomically (as ``write(header:payload:)`` does).
    ///
    /// - Parameters:
    ///   - position: The prefix of every stream the state covers.
    ///   - statePayload: The encoded state.
    /// - Throws: what ``write(header:payload:)`` throws.
    @discardableResult
    package func write(
        logSet position: LogSetCheckpointPosition, foldVersion: UInt32, eventCount: Int, latestAt: Int64, statePayload: [UInt8]
    ) throws(EventLogFileError) -> CheckpointEntry {
        let table = position.encoded()
        var payload: [UInt8] = []
        payload.reserveCapacity(4 + table.count + statePayload.count)
        withUnsafeBytes(of: UInt32(table.count).littleEndian) { payload.append(contentsOf: $0) }
        payload += table
        payload += statePayload
        let header = CheckpointHeader(
            foldVersion: foldVersion, byteOffset: position.totalBytes, lineNumber: position.totalLines + 1,
            lastSeq: position.seqSum, eventCount: eventCount, latestAt: latestAt,
            prefixDigest: PrefixDigest.digest(of: table), flags: .logSet
        )
        return try write(header: header, payload: payload)
    }

    /// The log set position a checkpoint states, read from the start of its payload alone
    /// (the rest is read only when the checkpoint is used) and checked against its header.
    ///
    /// - Throws: `CheckpointProblem`: `.otherKind` for a log file's checkpoint, `.unreadable`,
    ///   `.garbled` or `.corrupt` (a position whose digest is not the header's).
    package func logSetPosition(of entry: CheckpointEntry) throws(CheckpointProblem) -> LogSetCheckpointPosition {
        guard entry.header.flags.contains(.logSet) else { throw .otherKind(file: entry.path, logSet: false) }
        let contents: CheckpointFileSystem.Contents
        do {
            contents = try CheckpointFileSystem.read(entry.path, headLimit: CheckpointHeader.encodedSize + 4 + LogSetCheckpointPosition.maximumEncodedSize)
        } catch {
            throw .unreadable(file: entry.path, reason: error.text)
        }
        let start = CheckpointHeader.encodedSize
        guard contents.head.count >= start + 4 else {
            throw .corrupt(file: entry.path, reason: "its payload is too short to state its log set position")
        }
        var length = 0
        for index in 0..<4 { length |= Int(contents.head[start + index]) << (8 * index) }
        guard length <= LogSetCheckpointPosition.maximumEncodedSize, contents.head.count >= start + 4 + length,
              Int64(4 + length) <= entry.header.payloadLength
        else {
            throw .corrupt(file: entry.path, reason: "its log set position is longer than its payload")
        }
        let table = contents.head[(start + 4)..<(start + 4 + length)]
        guard PrefixDigest.digest(of: Array(table)) == entry.header.prefixDigest else {
            throw .corrupt(file: entry.path, reason: "its log set position does not match its header's digest")
        }
        return try LogSetCheckpointPosition.decode(table, file: entry.path)
    }

    /// Splits `entries` into the log set checkpoints that can be used with the streams
    /// `streams` of `logSet` and a fold of `foldVersion` (each with its position), and
    /// problems for the others, keeping their order.
    ///
    /// A checkpoint is usable when every stream it covers is still there and starts with the
    /// bytes it covered (one pass over each stream's file for every candidate at once).
    /// Streams it does not name are read from their start.
    package func validate(
        logSetEntries entries: [CheckpointEntry], streams: [StreamName], in logSet: LogSetDirectory, foldVersion: UInt32
    ) -> (valid: [(entry: CheckpointEntry, position: LogSetCheckpointPosition)], problems: [CheckpointProblem]) {
        var problems: [CheckpointProblem] = []
        var candidates: [(entry: CheckpointEntry, position: LogSetCheckpointPosition)] = []
        for entry in entries {
            let header = entry.header
            if header.formatVersion > CheckpointHeader.currentFormatVersion {
                problems.append(.newerFormat(file: entry.path, formatVersion: header.formatVersion))
            } else if !header.flags.contains(.logSet) {
                problems.append(.otherKind(file: entry.path, logSet: false))
            } else if header.foldVersion != foldVersion {
                problems.append(.otherFoldVersion(file: entry.path, foldVersion: header.foldVersion, expected: foldVersion))
            } else {
                do {
                    candidates.append((entry, try logSetPosition(of: entry)))
                } catch {
                    problems.append(error)
                }
            }
        }
        let present = Set(streams)
        var lengths: [StreamName: Set<Int64>] = [:]
        for candidate in candidates {
            for stream in candidate.position.streams where present.contains(stream.name) {
                lengths[stream.name, default: []].insert(stream.end.byteOffset)
            }
        }
        var digests: [StreamName: Result<[Int64: PrefixDigest], EventLogFileError>] = [:]
        for (stream, wanted) in lengths {
            do {
                digests[stream] = .success(try PrefixDigest.digests(ofFileAt: logSet.path(of: stream), prefixLengths: wanted))
            } catch {
                digests[stream] = .failure(error)
            }
        }
        var valid: [(entry: CheckpointEntry, position: LogSetCheckpointPosition)] = []
        candidates: for candidate in candidates {
            for stream in candidate.position.streams {
                guard present.contains(stream.name), let read = digests[stream.name] else {
                    problems.append(.streamChanged(file: candidate.entry.path, stream: stream.name.text, reason: "is no longer in the log set"))
                    continue candidates
                }
                switch read {
                case .failure(let error):
                    problems.append(.logUnreadable(file: candidate.entry.path, reason: error.description))
                    continue candidates
                case .success(let found):
                    guard let digest = found[stream.end.byteOffset] else {
                        problems.append(.streamChanged(
                            file: candidate.entry.path, stream: stream.name.text,
                            reason: "is shorter than the \(stream.end.byteOffset) bytes it covered (it was cut or repaired since)"))
                        continue candidates
                    }
                    guard digest == stream.prefixDigest else {
                        problems.append(.streamChanged(
                            file: candidate.entry.path, stream: stream.name.text,
                            reason: "does not start with the \(stream.end.byteOffset) bytes it covered (another stream, or an edited or repaired prefix)"))
                        continue candidates
                    }
                }
            }
            valid.append(candidate)
        }
        return (valid, problems)
    }

    /// Calls `body` with the state a log set's checkpoint saved (its payload after the
    /// position), checked as ``withPayload(of:_:)`` checks it, and what keeps the bytes valid
    /// after `body` returns, as ``withKeptPayload(of:_:)`` gives it.
    ///
    /// - Throws: what ``withPayload(of:_:)`` throws, or `.corrupt` when the payload does not
    ///   hold the position it announces.
    package func withLogSetState<Result>(
        of entry: CheckpointEntry, _ body: (UnsafeRawBufferPointer, (any AnyObject & Sendable)?) -> Result
    ) throws(CheckpointProblem) -> Result {
        let outcome = try withKeptPayload(of: entry) { payload, keeper -> Swift.Result<Result, CheckpointProblem> in
            guard payload.count >= 4 else {
                return .failure(.corrupt(file: entry.path, reason: "its payload is too short to state its log set position"))
            }
            let length = Int(UInt32(littleEndian: payload.loadUnaligned(as: UInt32.self)))
            guard payload.count >= 4 + length else {
                return .failure(.corrupt(file: entry.path, reason: "its log set position is longer than its payload"))
            }
            return .success(body(UnsafeRawBufferPointer(rebasing: payload[(4 + length)...]), keeper))
        }
        return try outcome.get()
    }
}
