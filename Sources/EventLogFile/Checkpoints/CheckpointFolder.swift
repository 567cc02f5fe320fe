/// The folder of a log's checkpoints (by default `LOG.checkpoints/` beside the log): files
/// named `seq-NNNNNNNNNNNN.checkpoint` after the last seq they cover, each a header
/// (`CheckpointHeader`) and an opaque payload (the folded state, made by the caller).
///
/// A checkpoint is a cache. Nothing here throws for a bad checkpoint: a missing, unreadable,
/// garbled, corrupt, foreign, stale or newer-format one is reported as a
/// `CheckpointProblem` (a warning) and ignored; the caller folds the log from an older
/// checkpoint or from its start and may write a new one. Only writing and removing throw.
///
/// Use: ``entries()`` (headers only), then ``validate(_:logAt:foldVersion:)`` (one pass over
/// the log's prefix, for every candidate at once), then ``payload(of:)`` of the newest
/// valid one, and `EventLogReader.forEachEvent(path:from:decoder:_:)` from its
/// `header.resumePoint`. Files in the folder are 0600 and the folder 0700.
package struct CheckpointFolder: Sendable {
    /// The folder's path.
    package let path: String
    /// The calls that write and remove its files.
    package let operations: any FileOperations

    /// A checkpoint folder at `path` (it need not exist: ``write(header:payload:)`` creates it),
    /// written through `operations`.
    package init(path: String, operations: any FileOperations = SystemFileOperations()) {
        self.path = path
        self.operations = operations
    }

    /// The default folder of the log at `logPath`: `LOG.checkpoints` beside it.
    package static func defaultPath(forLogAt logPath: String) -> String {
        logPath + ".checkpoints"
    }

    /// The name of the checkpoint whose last seq is `lastSeq`: `seq-` and the seq in at least
    /// 12 digits, then `.checkpoint` (so names sort by position).
    package static func fileName(forLastSeq lastSeq: Int) -> String {
        let digits = String(max(0, lastSeq))
        return "seq-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits + ".checkpoint"
    }

    /// The last seq in a checkpoint's file name, or `nil` for a name that is not a
    /// checkpoint's (other files, and temporary files left by an interrupted write).
    static func lastSeq(inFileName name: String) -> Int? {
        let prefix = "seq-", suffix = ".checkpoint"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(Substring(digits))
    }

    /// The path of the file `name` in the folder.
    func path(of name: String) -> String {
        path + "/" + name
    }

    // MARK: Reading

    /// The checkpoints in the folder, by position (oldest first), read from their headers
    /// only; and the files named like checkpoints that could not be used.
    ///
    /// A missing folder holds none. Files not named like checkpoints (temporary files left
    /// by an interrupted write among them) are ignored. An unreadable, short or garbled file,
    /// one of a newer format, one whose size is not its header's plus its payload's, or whose
    /// name and header disagree, is a problem, never a throw.
    package func entries() -> (entries: [CheckpointEntry], problems: [CheckpointProblem]) {
        let names: [String]
        do {
            guard let found = try CheckpointFileSystem.names(in: path) else { return ([], []) }
            names = found
        } catch {
            return ([], [.unreadable(file: path, reason: "the checkpoint folder cannot be listed: \(error.text)")])
        }
        var entries: [CheckpointEntry] = []
        var problems: [CheckpointProblem] = []
        for name in names.sorted() {
            guard let seq = Self.lastSeq(inFileName: name) else { continue }
            do {
                entries.append(try entry(named: name, lastSeq: seq))
            } catch {
                problems.append(error)
            }
        }
        entries.sort { ($0.header.lastSeq, $0.header.byteOffset, $0.fileName) < ($1.header.lastSeq, $1.header.byteOffset, $1.fileName) }
        return (entries, problems)
    }

    private func entry(named name: String, lastSeq: Int) throws(CheckpointProblem) -> CheckpointEntry {
        let file = path(of: name)
        let contents: CheckpointFileSystem.Contents
        do {
            contents = try CheckpointFileSystem.read(file, headLimit: CheckpointHeader.encodedSize)
        } catch {
            throw .unreadable(file: file, reason: error.text)
        }
        let header = try CheckpointHeader.decode(contents.head, file: file)
        guard header.lastSeq == lastSeq else {
            throw .garbled(file: file, reason: "its name says seq \(lastSeq) but its header says seq \(header.lastSeq)")
        }
        let expectedSize = Int64(CheckpointHeader.encodedSize) + header.payloadLength
        guard contents.size == expectedSize else {
            throw .corrupt(file: file, reason: "it has \(contents.size) bytes where its header announces \(expectedSize) (it was cut short or added to)")
        }
        return CheckpointEntry(path: file, fileName: name, header: header)
    }

    /// Splits `entries` into those that can be used with the log at `logPath` and a fold of
    /// `foldVersion`, and problems for the others, keeping their order.
    ///
    /// A newer format is `.newerFormat`, another fold version `.otherFoldVersion`, a
    /// checkpoint covering more than the log holds `.beyondLogEnd` (the log was cut or
    /// repaired), and one whose prefix digest differs from the log's `.prefixChanged`
    /// (another log, or an edited prefix). The digests of all the prefixes come from one
    /// pass over the log, or from the folder's stamp while the log is unchanged since the
    /// last pass (``prefixDigests(ofLogAt:prefixLengths:alongside:)``). A log that cannot be
    /// read gives `.logUnreadable` for each (a missing log is an empty one).
    package func validate(
        _ entries: [CheckpointEntry], logAt logPath: String, foldVersion: UInt32
    ) -> (valid: [CheckpointEntry], problems: [CheckpointProblem]) {
        let checked = validate(entries, logAt: logPath, foldVersion: foldVersion, alongside: { _ in })
        return (checked.valid, checked.problems)
    }

    /// ``validate(_:logAt:foldVersion:)`` while the calling thread does `work`, alone when the
    /// stamp answers (its argument is then `true`: it may use every core) or beside the
    /// digest's other threads: an open decodes the newest checkpoint there. `work` runs once
    /// in every case.
    package func validate<Other>(
        _ entries: [CheckpointEntry], logAt logPath: String, foldVersion: UInt32, alongside work: @Sendable (_ alone: Bool) -> Other
    ) -> (valid: [CheckpointEntry], problems: [CheckpointProblem], other: Other) {
        var problems: [CheckpointProblem] = []
        var candidates: [CheckpointEntry] = []
        for entry in entries {
            let header = entry.header
            if header.formatVersion > CheckpointHeader.currentFormatVersion {
                problems.append(.newerFormat(file: entry.path, formatVersion: header.formatVersion))
            } else if header.flags.contains(.logSet) {
                problems.append(.otherKind(file: entry.path, logSet: true))
            } else if header.foldVersion != foldVersion {
                problems.append(.otherFoldVersion(file: entry.path, foldVersion: header.foldVersion, expected: foldVersion))
            } else {
                candidates.append(entry)
            }
        }
        guard !candidates.isEmpty else { return ([], problems, work(true)) }
        let (digested, other, _) = prefixDigests(ofLogAt: logPath, prefixLengths: Set(candidates.map(\.header.byteOffset)), alongside: work)
        let digests: [Int64: PrefixDigest]
        do {
            digests = try digested.get()
        } catch where error.code == .notFound {
            digests = [0: PrefixDigest.digest(of: [])]
        } catch {
            return ([], problems + candidates.map { .logUnreadable(file: $0.path, reason: error.description) }, other)
        }
        var valid: [CheckpointEntry] = []
        var logLength: Int64?
        for entry in candidates {
            let header = entry.header
            guard let digest = digests[header.byteOffset] else {
                if logLength == nil { logLength = Self.length(ofFileAt: logPath) }
                problems.append(.beyondLogEnd(file: entry.path, byteOffset: header.byteOffset, logLength: logLength ?? 0))
                continue
            }
            if digest == header.prefixDigest {
                valid.append(entry)
            } else {
                problems.append(.prefixChanged(file: entry.path, byteOffset: header.byteOffset))
            }
        }
        return (valid, problems, other)
    }

    private static func length(ofFileAt path: String) -> Int64 {
        (try? CheckpointFileSystem.read(path, headLimit: 0).size) ?? 0
    }

    /// The payload of `entry`, read whole and checked: the file must still have the header
    /// `entry` was read with, the length it announces, and a payload of that digest.
    ///
    /// - Throws: `CheckpointProblem`: `.unreadable`, `.corrupt` (cut short, added to,
    ///   changed since its header was read, or a payload digest that differs), or what
    ///   reading its header throws.
    package func payload(of entry: CheckpointEntry) throws(CheckpointProblem) -> [UInt8] {
        let contents: CheckpointFileSystem.Contents
        do {
            contents = try CheckpointFileSystem.read(entry.path, headLimit: CheckpointHeader.encodedSize, rest: true)
        } catch {
            throw .unreadable(file: entry.path, reason: error.text)
        }
        let header = try CheckpointHeader.decode(contents.head, file: entry.path)
        guard header == entry.header else {
            throw .corrupt(file: entry.path, reason: "it changed since its header was read")
        }
        let size = contents.head.count + contents.rest.count
        let expectedSize = Int64(CheckpointHeader.encodedSize) + header.payloadLength
        guard Int64(size) == expectedSize else {
            throw .corrupt(file: entry.path, reason: "it has \(size) bytes where its header announces \(expectedSize) (it was cut short or added to)")
        }
        let payload = contents.rest
        guard PrefixDigest.digest(of: payload) == header.payloadDigest else {
            throw .corrupt(file: entry.path, reason: "its payload's digest does not match its header")
        }
        return payload
    }

    /// Calls `body` with the payload of `entry`, checked as ``payload(of:)`` checks it, from
    /// the file mapped read-only (`CheckpointFileSystem.MappedFile`; read when it cannot be
    /// mapped). The bytes are valid only inside `body`: copy what outlives it.
    ///
    /// - Throws: what ``payload(of:)`` throws.
    package func withPayload<Result>(of entry: CheckpointEntry, _ body: (UnsafeRawBufferPointer) -> Result) throws(CheckpointProblem) -> Result {
        try withKeptPayload(of: entry) { payload, _ in body(payload) }
    }

    /// ``withPayload(of:_:)``, also giving `body` what keeps the bytes valid after it returns
    /// when they are mapped (the mapping, unmapped when the last value holding it goes): the
    /// decoded state keeps its largest columns in place instead of copying them. `nil` when
    /// the file was read instead (the bytes are then valid only inside `body`).
    ///
    /// An open decodes the newest checkpoint this way, so that a fresh process does not
    /// fault in megabytes of new memory to copy the payload, or the columns, into. With
    /// `inParallel`, the payload's digest is checked on several threads.
    ///
    /// - Throws: what ``payload(of:)`` throws.
    package func withKeptPayload<Result>(
        of entry: CheckpointEntry, inParallel: Bool = false, _ body: (UnsafeRawBufferPointer, (any AnyObject & Sendable)?) -> Result
    ) throws(CheckpointProblem) -> Result {
        let mapped: CheckpointFileSystem.MappedFile?
        do {
            mapped = try CheckpointFileSystem.map(entry.path)
        } catch {
            throw .unreadable(file: entry.path, reason: error.text)
        }
        guard let mapped else {
            return try payload(of: entry).withUnsafeBytes { body($0, nil) }
        }
        return try withExtendedLifetime(mapped) { () throws(CheckpointProblem) -> Result in
            let bytes = mapped.bytes
            let headCount = min(bytes.count, CheckpointHeader.encodedSize)
            let header = try CheckpointHeader.decode(Array(bytes[..<headCount]), file: entry.path)
            guard header == entry.header else {
                throw .corrupt(file: entry.path, reason: "it changed since its header was read")
            }
            let expectedSize = Int64(CheckpointHeader.encodedSize) + header.payloadLength
            guard Int64(bytes.count) == expectedSize else {
                throw .corrupt(file: entry.path, reason: "it has \(bytes.count) bytes where its header announces \(expectedSize) (it was cut short or added to)")
            }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[headCount...])
            guard PrefixDigest.digest(of: payload, inParallel: inParallel) == header.payloadDigest else {
                throw .corrupt(file: entry.path, reason: "its payload's digest does not match its header")
            }
            return body(payload, mapped)
        }
    }

    // MARK: Writing

    /// Writes a checkpoint atomically, replacing one at the same seq, and returns its entry.
    ///
    /// The header's payload length and digest are set from `payload`. The folder is created
    /// (0700) if missing and its parent synced; the file is written under a temporary name
    /// in the folder (0600, a name `entries()` ignores), synced (`F_FULLFSYNC` on Apple
    /// platforms), renamed over the final name, and the folder synced. A crash at any point
    /// leaves the old checkpoint or the new one, never a torn one under a checkpoint's name
    /// (and should a torn one exist, its size or payload digest rejects it).
    ///
    /// - Throws: `EventLogFileError` when a step fails; the temporary file is then removed and
    ///   any checkpoint of the same name is left as it was.
    @discardableResult
    package func write(header: CheckpointHeader, payload: [UInt8]) throws(EventLogFileError) -> CheckpointEntry {
        var header = header
        header.payloadLength = Int64(payload.count)
        header.payloadDigest = PrefixDigest.digest(of: payload)
        try CheckpointFileSystem.makeFolder(path, operations: operations)
        let name = Self.fileName(forLastSeq: header.lastSeq)
        let temporary = path(of: ".\(name).\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp")
        try CheckpointFileSystem.writeNewFile(temporary, header.encoded() + payload, operations: operations)
        do {
            try CheckpointFileSystem.rename(temporary, over: path(of: name), operations: operations)
        } catch {
            try? CheckpointFileSystem.remove(temporary, operations: operations)
            throw error
        }
        try CheckpointFileSystem.synchronizeFolder(path, consequence: "the checkpoint was written but may not survive a crash", operations: operations)
        return CheckpointEntry(path: path(of: name), fileName: name, header: header)
    }

    /// Removes a checkpoint (a file already gone is not an error).
    package func remove(_ entry: CheckpointEntry) throws(EventLogFileError) {
        try CheckpointFileSystem.remove(entry.path, operations: operations)
    }
}
