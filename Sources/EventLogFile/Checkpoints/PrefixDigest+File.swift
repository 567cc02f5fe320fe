extension PrefixDigest {
    /// How many bytes before a checkpoint's position its tail digest covers (``tail(ofFileAt:end:)``).
    package static let tailLength: Int64 = 4096

    /// The digests of several prefixes of the file at `path`, from one pass over its first
    /// `max(prefixLengths)` bytes (never more), on the calling thread.
    ///
    /// Each prefix's digest equals ``digest(of:)-(UnsafeRawBufferPointer)`` of its bytes:
    /// the pass keeps the running chain of whole chunks, and a prefix that ends inside a
    /// chunk is finished from the chunk's hasher at that point.
    ///
    /// - Parameters:
    ///   - prefixLengths: The prefix lengths wanted, in bytes (0 or more).
    ///   - readSize: How many bytes one read asks for (tests show the answer does not depend
    ///     on it).
    /// - Returns: The digest of each prefix the file holds whole; a length beyond the end of
    ///   the file (the file is shorter, or was cut while it was read) has no entry.
    /// - Throws: `EventLogFileError`: `.invalidArgument` for a negative length; what
    ///   opening or reading the file throws (`.notFound`, `.isDirectory`, `.ioError`, …).
    package static func digests(
        ofFileAt path: String, prefixLengths: Set<Int64>, readSize: Int = 1 << 17
    ) throws(EventLogFileError) -> [Int64: PrefixDigest] {
        if let negative = prefixLengths.first(where: { $0 < 0 }) {
            throw EventLogFileError(code: .invalidArgument, message: "a prefix cannot have the negative length \(negative)", path: path)
        }
        guard let longest = prefixLengths.max() else { return [:] }
        let file = try LogFileDescriptor.openForReading(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(readSize, chunkSize)), alignment: 64)
        defer { buffer.deallocate() }
        var answers: [Int64: PrefixDigest] = [:]
        if prefixLengths.contains(0) { answers[0] = Combiner().finish(length: 0) }
        // Where the pass must stop inside the current chunk: each wanted length, and the
        // chunk's end.
        let cuts = prefixLengths.filter { $0 > 0 }.sorted()
        var nextCut = 0
        var combiner = Combiner()
        var hasher = ChunkHasher(index: 0)
        var chunkStart: Int64 = 0
        var offset: Int64 = 0
        while offset < longest {
            let chunkEnd = chunkStart + Int64(chunkSize)
            let stop = min(chunkEnd, nextCut < cuts.count ? cuts[nextCut] : longest)
            let want = Int(min(Int64(buffer.count), stop - offset))
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]), at: offset)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            offset += Int64(count)
            while nextCut < cuts.count, cuts[nextCut] == offset {
                var prefix = combiner
                prefix.add(hasher.finish())
                answers[offset] = prefix.finish(length: UInt64(offset))
                nextCut += 1
            }
            if offset == chunkEnd {
                combiner.add(hasher.finish())
                chunkStart = chunkEnd
                hasher = ChunkHasher(index: UInt64(chunkStart / Int64(chunkSize)))
            }
        }
        return answers
    }

    /// The digest of the at most ``tailLength`` bytes of the file at `path` before `end`:
    /// what a checkpoint records of the last line it covers, so that opening checks that the
    /// log still holds that line there without reading the whole prefix.
    ///
    /// - Returns: `nil` when the file is shorter than `end`.
    /// - Throws: `EventLogFileError`: what opening or reading the file throws.
    package static func tail(ofFileAt path: String, end: Int64) throws(EventLogFileError) -> PrefixDigest? {
        let file = try LogFileDescriptor.openForReading(path: path)
        return try tail(of: file, end: end)
    }

    /// ``tail(ofFileAt:end:)`` of a file already open.
    package static func tail(of file: borrowing LogFileDescriptor, end: Int64) throws(EventLogFileError) -> PrefixDigest? {
        guard end >= 0, try file.size() >= end else { return nil }
        let start = max(0, end - tailLength)
        var bytes = [UInt8](repeating: 0, count: Int(end - start))
        var done = 0
        while done < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(EventLogFileError) in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: start + Int64(done))
                }
            }
            let count = try read.get()
            if count == 0 { return nil }
            done += count
        }
        return digest(of: bytes)
    }
}
