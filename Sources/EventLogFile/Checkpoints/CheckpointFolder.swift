/// The folder (0700) of a log's checkpoints: files (0600) named `seq-NNNNNNNNNNNN.checkpoint`
/// after the last seq covered (a log set's: the sum over its streams), each a `CheckpointHeader`
/// and the folded state (opaque here). A bad checkpoint is never thrown but reported as a
/// `CheckpointProblem`; only writing and removing throw. Use: ``entries()``, then
/// ``validate(_:log:streams:foldVersion:check:)``, then ``withPayload(of:_:)`` of the newest.
package struct CheckpointFolder: Sendable {
    package let path: String
    /// Writes and removals go through it (crash and fault tests pass their own).
    package let operations: any FileOperations

    /// The folder at `path`; it need not exist (``write(header:payload:)`` creates it).
    package init(path: String, operations: any FileOperations = SystemFileOperations()) {
        self.path = path
        self.operations = operations
    }

    /// The default folder of the log at `logPath`: `LOG.checkpoints` beside it.
    package static func defaultPath(forLogAt logPath: String) -> String {
        logPath + ".checkpoints"
    }

    /// `seq-`, `lastSeq` in at least 12 digits, `.checkpoint`: names sort by position.
    package static func fileName(forLastSeq lastSeq: Int) -> String {
        let digits = String(max(0, lastSeq))
        return "seq-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits + ".checkpoint"
    }

    /// The last seq in a checkpoint's file name; `nil` for other names (temporary files too).
    static func lastSeq(inFileName name: String) -> Int? {
        let prefix = "seq-", suffix = ".checkpoint"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(Substring(digits))
    }

    func path(of name: String) -> String {
        path + "/" + name
    }

    // MARK: Reading

    /// The checkpoints in the folder, oldest first, from their headers only, and problems for files
    /// named like one (unreadable, garbled, another format, wrong size, name and header disagree).
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
        // A header longer than the first read (a set of many streams): read it whole.
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

    private static func reading<Value>(_ file: String, _ read: () throws(EventLogFileError) -> Value) throws(CheckpointProblem) -> Value {
        do {
            return try read()
        } catch {
            // The reader's words are a log's ("could not read the log: …"): keep only why.
            let why = error.code == .isDirectory ? "it is a folder, not a file" : String(error.message.split(separator: ": ", maxSplits: 1).last ?? "")
            throw .unreadable(file: file, reason: why)
        }
    }

    /// The payload of `entry`, read whole and checked as ``withPayload(of:_:)`` checks it.
    package func payload(of entry: CheckpointEntry) throws(CheckpointProblem) -> [UInt8] {
        try withPayload(of: entry) { bytes in Array(bytes) }
    }

    /// Calls `body` with `entry`'s payload (the file mapped read-only, or read) once the file
    /// still has its header, announced size and payload digest; the bytes live only inside `body`.
    /// - Throws: `CheckpointProblem` `.unreadable`, or `.corrupt` (cut, added to, changed).
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

    /// Writes a checkpoint atomically (temporary file, sync, rename, folder sync: a crash leaves
    /// the old one or the new), replacing one at the same seq; sets the payload length and digest.
    /// - Throws: `EventLogFileError` when a step fails; one of the same name is left as it was.
    @discardableResult
    package func write(header: CheckpointHeader, payload: [UInt8]) throws(EventLogFileError) -> CheckpointEntry {
        var header = header
        header.payloadLength = Int64(payload.count)
        header.payloadDigest = PrefixDigest.digest(of: payload)
        let head = header.encoded()
        try CheckpointFileSystem.makeFolder(path, operations: operations)
        let name = Self.fileName(forLastSeq: header.lastSeq)
        let temporary = path(of: ".\(name).\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp")
        try AtomicFile.write(head + payload, to: path(of: name), temporary: temporary, what: "a checkpoint", operations: operations)
        return CheckpointEntry(path: path(of: name), fileName: name, header: header, headerSize: head.count)
    }

    /// Removes a checkpoint; one already gone is not an error.
    package func remove(_ entry: CheckpointEntry) throws(EventLogFileError) {
        try CheckpointFileSystem.remove(entry.path, operations: operations)
    }
}
