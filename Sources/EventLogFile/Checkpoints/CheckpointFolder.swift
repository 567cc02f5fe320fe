/// The folder of a log's checkpoints (by default `LOG.checkpoints/` beside a log file,
/// `DIR/checkpoints/` in a log set): files named `seq-NNNNNNNNNNNN.checkpoint` after the last
/// seq they cover (a log set's: the sum of its streams' last seqs), each a header
/// (`CheckpointHeader`), the position it covers (`CheckpointPosition`) and the folded state
/// (opaque here, made by the caller).
///
/// A checkpoint is a cache. Nothing here throws for a bad checkpoint: a missing, unreadable,
/// garbled, corrupt, foreign, stale or newer-format one is reported as a
/// `CheckpointProblem` (a warning) and ignored; the caller folds the log from an older
/// checkpoint or from its start and may write a new one. Only writing and removing throw.
///
/// Use: ``entries()`` (headers only), then ``validate(_:log:foldVersion:check:)``, then
/// ``withState(of:_:)`` of the newest valid one, and `EventLogReader.forEachEvent(path:from:decoder:_:)`
/// from its position. Files in the folder are 0600 and the folder 0700.
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

    /// The payload of `entry`, read whole and checked: the file must still have the header
    /// `entry` was read with, the length it announces, and a payload of that digest.
    ///
    /// - Throws: `CheckpointProblem`: `.unreadable`, `.corrupt` (cut short, added to,
    ///   changed since its header was read, or a payload digest that differs), or what
    ///   reading its header throws.
    package func payload(of entry: CheckpointEntry) throws(CheckpointProblem) -> [UInt8] {
        try withPayload(of: entry) { bytes in Array(bytes) }
    }

    /// Calls `body` with the payload of `entry`, checked as ``payload(of:)`` checks it, from
    /// the file mapped read-only (`CheckpointFileSystem.MappedFile`; read when it cannot be
    /// mapped). The bytes are valid only inside `body`.
    ///
    /// - Throws: what ``payload(of:)`` throws.
    package func withPayload<Result>(
        of entry: CheckpointEntry, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(CheckpointProblem) -> Result {
        let mapped: CheckpointFileSystem.MappedFile?
        do {
            mapped = try CheckpointFileSystem.map(entry.path)
        } catch {
            throw .unreadable(file: entry.path, reason: error.text)
        }
        guard let mapped else {
            let contents: CheckpointFileSystem.Contents
            do {
                contents = try CheckpointFileSystem.read(entry.path, headLimit: CheckpointHeader.encodedSize, rest: true)
            } catch {
                throw .unreadable(file: entry.path, reason: error.text)
            }
            let whole = contents.head + contents.rest
            let outcome = whole.withUnsafeBytes { bytes in
                Swift.Result { () throws(CheckpointProblem) -> Result in try checkedPayload(of: entry, in: bytes, body) }
            }
            return try outcome.get()
        }
        return try withExtendedLifetime(mapped) { () throws(CheckpointProblem) -> Result in
            try checkedPayload(of: entry, in: mapped.bytes, body)
        }
    }

    /// Calls `body` with the payload in a checkpoint file's `bytes`, once its header is
    /// `entry`'s, its size the one announced and the payload's digest the header's.
    private func checkedPayload<Result>(
        of entry: CheckpointEntry, in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(CheckpointProblem) -> Result {
        let headCount = min(bytes.count, CheckpointHeader.encodedSize)
        let header = try CheckpointHeader.decode(UnsafeRawBufferPointer(rebasing: bytes[..<headCount]), file: entry.path)
        guard header == entry.header else {
            throw .corrupt(file: entry.path, reason: "it changed since its header was read")
        }
        let expectedSize = Int64(CheckpointHeader.encodedSize) + header.payloadLength
        guard Int64(bytes.count) == expectedSize else {
            throw .corrupt(file: entry.path, reason: "it has \(bytes.count) bytes where its header announces \(expectedSize) (it was cut short or added to)")
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headCount...])
        guard PrefixDigest.digest(of: payload) == header.payloadDigest else {
            throw .corrupt(file: entry.path, reason: "its payload's digest does not match its header")
        }
        return body(payload)
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
