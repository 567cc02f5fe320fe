/// The folder of a log's checkpoints (by default `LOG.checkpoints/` beside a log file,
/// `DIR/checkpoints/` in a log set): files named `seq-NNNNNNNNNNNN.checkpoint` after the last
/// seq they cover (a log set's: the sum of its streams' last seqs), each a header
/// (`CheckpointHeader`, with the position it covers) and the folded state (opaque here).
///
/// A checkpoint is a cache. Nothing here throws for a bad checkpoint: a missing, unreadable,
/// garbled, corrupt, foreign, stale or newer-format one is reported as a
/// `CheckpointProblem` (a warning) and ignored; the caller folds the log from an older
/// checkpoint or from its start and may write a new one. Only writing and removing throw.
///
/// Use: ``entries()`` (headers only), then ``validate(_:log:streams:foldVersion:check:)``, then
/// ``withPayload(of:_:)`` of the newest valid one, and read each stream from its position.
/// Files in the folder are 0600 and the folder 0700.
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
            return ([], [.unreadable(file: path, reason: error.description)])
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
        var (head, size) = try Self.reading(file) { () throws(EventLogFileError) in try CheckpointFileSystem.read(file, limit: 4096) }
        // A header longer than the first read (a log set of many streams): read it whole.
        if let announced = head.withUnsafeBytes(CheckpointHeader.encodedSize(announcedBy:)), announced > head.count, size > Int64(head.count) {
            let limit = min(announced, 45 + CheckpointHeader.maximumFieldsLength)
            head = try Self.reading(file) { () throws(EventLogFileError) in try CheckpointFileSystem.read(file, limit: limit).bytes }
        }
        let (header, headerSize) = try head.withUnsafeBytes { bytes in
            Result { () throws(CheckpointProblem) in try CheckpointHeader.decode(bytes, file: file) }
        }.get()
        guard header.lastSeq == lastSeq else {
            throw .garbled(file: file, reason: "its name says seq \(lastSeq) but its header says seq \(header.lastSeq)")
        }
        let expectedSize = Int64(headerSize) + header.payloadLength
        guard size == expectedSize else {
            throw .corrupt(file: file, reason: "it has \(size) bytes where its header announces \(expectedSize) (it was cut short or added to)")
        }
        return CheckpointEntry(path: file, fileName: name, header: header, headerSize: headerSize)
    }

    /// What `read` answers, a failure to read being the file's `.unreadable` problem.
    private static func reading<Value>(_ file: String, _ read: () throws(EventLogFileError) -> Value) throws(CheckpointProblem) -> Value {
        do { return try read() } catch { throw .unreadable(file: file, reason: error.description) }
    }

    /// The payload of `entry`, read whole and checked as ``withPayload(of:_:)`` checks it.
    package func payload(of entry: CheckpointEntry) throws(CheckpointProblem) -> [UInt8] {
        try withPayload(of: entry) { bytes in Array(bytes) }
    }

    /// Calls `body` with the payload of `entry`, from the file mapped read-only (read when it
    /// cannot be mapped), once the file still has `entry`'s header, the size it announces and a
    /// payload of its digest. The bytes are valid only inside `body`.
    ///
    /// - Throws: `CheckpointProblem`: `.unreadable`, or `.corrupt` (cut short, added to,
    ///   changed since its header was read, a payload digest that differs).
    package func withPayload<Result>(
        of entry: CheckpointEntry, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(CheckpointProblem) -> Result {
        func checked(_ bytes: UnsafeRawBufferPointer) throws(CheckpointProblem) -> Result {
            guard bytes.count >= entry.headerSize, UnsafeRawBufferPointer(rebasing: bytes[..<entry.headerSize]).elementsEqual(entry.header.encoded()) else {
                throw .corrupt(file: entry.path, reason: "it changed since its header was read")
            }
            let expectedSize = Int64(entry.headerSize) + entry.header.payloadLength
            guard Int64(bytes.count) == expectedSize else {
                throw .corrupt(file: entry.path, reason: "it has \(bytes.count) bytes where its header announces \(expectedSize) (it was cut short or added to)")
            }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[entry.headerSize...])
            guard PrefixDigest.digest(of: payload) == entry.header.payloadDigest else {
                throw .corrupt(file: entry.path, reason: "its payload's digest does not match its header")
            }
            return body(payload)
        }
        if let mapped = CheckpointFileSystem.map(entry.path) {
            return try withExtendedLifetime(mapped) { () throws(CheckpointProblem) -> Result in try checked(mapped.bytes) }
        }
        let whole = try Self.reading(entry.path) { () throws(EventLogFileError) in try CheckpointFileSystem.read(entry.path, limit: .max).bytes }
        return try whole.withUnsafeBytes { bytes in Swift.Result { () throws(CheckpointProblem) in try checked(bytes) } }.get()
    }

    // MARK: Writing

    /// Writes a checkpoint atomically, replacing one at the same seq, and returns its entry
    /// (the header's payload length and digest are set from `payload`).
    ///
    /// The folder is created (0700) if missing; the file is written under a temporary name
    /// (0600, one `entries()` ignores), synced (`F_FULLFSYNC` on Apple platforms), renamed
    /// over its name, and the folder synced: a crash leaves the old checkpoint or the new one,
    /// never a torn one under a checkpoint's name.
    ///
    /// - Throws: `EventLogFileError` when a step fails; the temporary file is then removed and
    ///   a checkpoint of the same name left as it was.
    @discardableResult
    package func write(header: CheckpointHeader, payload: [UInt8]) throws(EventLogFileError) -> CheckpointEntry {
        var header = header
        header.payloadLength = Int64(payload.count)
        header.payloadDigest = PrefixDigest.digest(of: payload)
        let head = header.encoded()
        try CheckpointFileSystem.makeFolder(path, operations: operations)
        let name = Self.fileName(forLastSeq: header.lastSeq)
        let temporary = path(of: ".\(name).\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp")
        try CheckpointFileSystem.writeNewFile(temporary, head + payload, operations: operations)
        do {
            try CheckpointFileSystem.rename(temporary, over: path(of: name), operations: operations)
        } catch {
            try? CheckpointFileSystem.remove(temporary, operations: operations)
            throw error
        }
        try CheckpointFileSystem.synchronizeFolder(path, consequence: "the checkpoint was written but may not survive a crash", operations: operations)
        return CheckpointEntry(path: path(of: name), fileName: name, header: header, headerSize: head.count)
    }

    /// Removes a checkpoint (a file already gone is not an error).
    package func remove(_ entry: CheckpointEntry) throws(EventLogFileError) {
        try CheckpointFileSystem.remove(entry.path, operations: operations)
    }
}
