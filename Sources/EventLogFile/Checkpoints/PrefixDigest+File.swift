extension PrefixDigest {
    /// How many bytes before a checkpoint's position its tail digest covers.
    package static let tailLength: Int64 = 4096

    /// The digests of several prefixes of the file, in one pass; a length past its end has none.
    /// - Throws: `EventLogFileError`: `.invalidArgument` for a negative length, or a read's error.
    package static func digests(
        ofFileAt path: String, prefixLengths: Set<Int64>, readSize: Int = 1 << 17
    ) throws(EventLogFileError) -> [Int64: PrefixDigest] {
        if let negative = prefixLengths.first(where: { $0 < 0 }) {
            throw EventLogFileError(code: .invalidArgument, message: "a prefix cannot have the negative length \(negative)", path: path)
        }
        guard let longest = prefixLengths.max() else { return [:] }
        let file = try LogFileDescriptor.openForReading(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, readSize), alignment: 64)
        defer { buffer.deallocate() }
        var answers: [Int64: PrefixDigest] = [:]
        var hasher = Hasher()
        if prefixLengths.contains(0) { answers[0] = hasher.finish() }
        var cuts = prefixLengths.filter { $0 > 0 }.sorted()[...]
        var offset: Int64 = 0
        while let cut = cuts.first, offset < longest {
            let want = Int(min(Int64(buffer.count), cut - offset))
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]), at: offset)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            offset += Int64(count)
            if offset == cut {
                answers[cut] = hasher.finish()
                cuts.removeFirst()
            }
        }
        return answers
    }

    /// The digest of the at most ``tailLength`` bytes before `end`; `nil` if the file is shorter.
    package static func tail(ofFileAt path: String, end: Int64) throws(EventLogFileError) -> PrefixDigest? {
        let file = try LogFileDescriptor.openForReading(path: path)
        guard end >= 0, try file.size() >= end else { return nil }
        let start = max(0, end - tailLength)
        let bytes = try file.readFully(from: start, count: Int(end - start))
        return bytes.count == Int(end - start) ? digest(of: bytes) : nil
    }
}
