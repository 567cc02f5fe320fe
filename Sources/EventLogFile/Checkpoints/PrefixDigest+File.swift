import Dispatch
import Foundation

extension PrefixDigest {
    /// The digests of several prefixes of the file at `path`, from one parallel pass over
    /// its first `max(prefixLengths)` bytes (never more).
    ///
    /// The file's chunks are read with `pread` (thread-safe, no shared position) and hashed
    /// on several threads (`DispatchQueue.concurrentPerform`); the digest of a prefix that
    /// ends inside a chunk comes from the same pass. The answer equals
    /// ``digest(of:)-(UnsafeRawBufferPointer)`` of each prefix's bytes.
    ///
    /// - Parameter prefixLengths: The prefix lengths wanted, in bytes (0 or more).
    /// - Returns: The digest of each prefix the file holds whole; a length beyond the end of
    ///   the file (the file is shorter, or was cut while it was read) has no entry.
    /// - Throws: `EventLogFileError`: `.invalidArgument` for a negative length; what
    ///   opening or reading the file throws (`.notFound`, `.isDirectory`, `.ioError`, …).
    package static func digests(
        ofFileAt path: String, prefixLengths: Set<Int64>
    ) throws(EventLogFileError) -> [Int64: PrefixDigest] {
        try digests(ofFileAt: path, prefixLengths: prefixLengths, workerCount: defaultWorkerCount, readSize: defaultReadSize)
    }

    /// How many threads hash a file: the active processors, at most 8.
    static var defaultWorkerCount: Int {
        max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// How many bytes one `pread` asks for: 128 KiB, which stays in a core's cache between
    /// the copy and the hash, and is few pages for a fresh process to fault in (1 MiB reads
    /// were slower, their buffers costing every open many page faults; docs/benchmarks.md).
    static let defaultReadSize = 1 << 17

    /// ``digests(ofFileAt:prefixLengths:)`` with the number of threads and the size of one
    /// read chosen (tests use them to show the answer depends on neither).
    package static func digests(
        ofFileAt path: String, prefixLengths: Set<Int64>, workerCount: Int, readSize: Int
    ) throws(EventLogFileError) -> [Int64: PrefixDigest] {
        try digests(ofFileAt: path, prefixLengths: prefixLengths, workerCount: workerCount, readSize: readSize, alongside: {}).digests.get()
    }

    /// ``digests(ofFileAt:prefixLengths:)`` with `work` done beside the hashing: one of the
    /// threads (the calling one, as a rule) does `work` while the others start hashing, and
    /// joins them when it is done. Chunks are handed out one at a time, so whoever is free
    /// takes the next, and no more threads run than ``defaultWorkerCount``. An open decodes
    /// the newest checkpoint this way beside the digest of the log's prefix (sooner than
    /// decoding on a thread of its own beside the hashing threads). `work` runs exactly once, whatever the digest's outcome, which
    /// is returned rather than thrown.
    package static func digests<Other>(
        ofFileAt path: String, prefixLengths: Set<Int64>, alongside work: @Sendable () -> Other
    ) -> (digests: Result<[Int64: PrefixDigest], EventLogFileError>, other: Other) {
        digests(ofFileAt: path, prefixLengths: prefixLengths, workerCount: defaultWorkerCount, readSize: defaultReadSize, alongside: work)
    }

    private static func digests<Other>(
        ofFileAt path: String, prefixLengths: Set<Int64>, workerCount: Int, readSize: Int, alongside work: @Sendable () -> Other
    ) -> (digests: Result<[Int64: PrefixDigest], EventLogFileError>, other: Other) {
        if let refusal = refusal(of: prefixLengths, path: path) { return (.failure(refusal), work()) }
        guard !prefixLengths.isEmpty else { return (.success([:]), work()) }
        let file: LogFileDescriptor
        do {
            file = try LogFileDescriptor.openForReading(path: path)
        } catch {
            return (.failure(error), work())
        }
        return digests(of: file, prefixLengths: prefixLengths, workerCount: workerCount, readSize: readSize, alongside: work)
    }

    /// ``digests(ofFileAt:prefixLengths:alongside:)`` of a file already open (a checkpoint
    /// folder's stamp takes the file's identity from the same descriptor).
    package static func digests<Other>(
        of file: borrowing LogFileDescriptor, prefixLengths: Set<Int64>, alongside work: @Sendable () -> Other
    ) -> (digests: Result<[Int64: PrefixDigest], EventLogFileError>, other: Other) {
        digests(of: file, prefixLengths: prefixLengths, workerCount: defaultWorkerCount, readSize: defaultReadSize, alongside: work)
    }

    private static func digests<Other>(
        of file: borrowing LogFileDescriptor, prefixLengths: Set<Int64>, workerCount: Int, readSize: Int, alongside work: @Sendable () -> Other
    ) -> (digests: Result<[Int64: PrefixDigest], EventLogFileError>, other: Other) {
        let path = file.path
        if let refusal = refusal(of: prefixLengths, path: path) { return (.failure(refusal), work()) }
        guard let longest = prefixLengths.max() else { return (.success([:]), work()) }
        let size: Int64
        do {
            size = try file.size()
        } catch {
            return (.failure(error), work())
        }
        let end = min(longest, size)
        let chunkSize = Int64(Self.chunkSize)
        let chunkCount = Int((end + chunkSize - 1) / chunkSize)

        // What each chunk must answer: the offsets (inside it) where a wanted prefix ends, the
        // chunk's own end included when a longer prefix needs the whole chunk.
        var chunkCuts = [[Int]](repeating: [], count: chunkCount)
        for length in prefixLengths where length <= end && length > 0 {
            let chunk = Int((length - 1) / chunkSize)
            chunkCuts[chunk].append(Int(length - Int64(chunk) * chunkSize))
        }
        for chunk in 0..<chunkCount {
            let chunkEnd = min(end, Int64(chunk + 1) * chunkSize)
            chunkCuts[chunk].append(Int(chunkEnd - Int64(chunk) * chunkSize))
            chunkCuts[chunk] = Array(Set(chunkCuts[chunk])).sorted()
        }

        let results = UnsafeMutableBufferPointer<ChunkResult>.allocate(capacity: chunkCount)
        results.initialize(repeating: ChunkResult())
        defer {
            results.deinitialize()
            results.deallocate()
        }
        // Each chunk is taken once, and its slot written only by whoever took it; the thread
        // of the first iteration does `work` before it joins the others.
        let queue = ChunkQueue(results: results, cuts: chunkCuts, readSize: max(1, readSize))
        let threads = max(1, min(workerCount, chunkCount))
        let other = OtherSlot<Other>()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            if thread == 0 { other.value = work() }
            queue.hash(file)
        }
        // concurrentPerform returns after every iteration ran, so `work` was done (the
        // fallback never runs; it spares a trap).
        let otherValue = other.value ?? work()
        return (Result { () throws(EventLogFileError) in try answers(results: results, end: end, prefixLengths: prefixLengths) }, otherValue)
    }

    /// The error for a negative length among `prefixLengths`, if there is one.
    private static func refusal(of prefixLengths: Set<Int64>, path: String) -> EventLogFileError? {
        prefixLengths.first(where: { $0 < 0 }).map {
            EventLogFileError(code: .invalidArgument, message: "a prefix cannot have the negative length \($0)", path: path)
        }
    }

    /// The digests wanted, from the chunks' results.
    private static func answers(
        results: UnsafeMutableBufferPointer<ChunkResult>, end: Int64, prefixLengths: Set<Int64>
    ) throws(EventLogFileError) -> [Int64: PrefixDigest] {
        let chunkSize = Int64(Self.chunkSize)
        let chunkCount = results.count
        // The file may have been cut while it was read: answer only up to the first short chunk.
        var readable = end
        for chunk in 0..<chunkCount {
            if let error = results[chunk].error { throw error }
            if results[chunk].readEnd < min(end, Int64(chunk + 1) * chunkSize) {
                readable = min(readable, results[chunk].readEnd)
            }
        }
        var answers: [Int64: PrefixDigest] = [:]
        var combiner = Combiner()
        var fullChunks = 0
        // Every cut up to `readable` was hashed; a missing one (which cannot happen) ends the
        // answers rather than trapping.
        lengths: for length in prefixLengths.sorted() where length <= readable {
            let whole = Int(length / chunkSize)
            while fullChunks < whole {
                guard let chunkHash = results[fullChunks].hashes[Int(chunkSize)] else { break lengths }
                combiner.add(chunkHash)
                fullChunks += 1
            }
            var prefix = combiner
            let rest = Int(length - Int64(whole) * chunkSize)
            if rest > 0 {
                guard let partial = results[whole].hashes[rest] else { break lengths }
                prefix.add(partial)
            }
            answers[length] = prefix.finish(length: UInt64(length))
        }
        return answers
    }

    /// What the first thread's work gave: written by that thread, read after all have
    /// finished.
    private final class OtherSlot<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The chunks not yet taken, handed out one at a time to the threads hashing: each
    /// writes only the result slots of the chunks it took, and they are read after every
    /// thread has finished.
    private final class ChunkQueue: @unchecked Sendable {
        // @unchecked: `next` is guarded by `lock`; a slot of `results` is written only by the
        // thread that took its chunk, and read after all have finished.
        private let lock = NSLock()
        private var next = 0
        let results: UnsafeMutableBufferPointer<ChunkResult>
        let cuts: [[Int]]
        let readSize: Int

        init(results: UnsafeMutableBufferPointer<ChunkResult>, cuts: [[Int]], readSize: Int) {
            self.results = results
            self.cuts = cuts
            self.readSize = readSize
        }

        private func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < cuts.count else { return nil }
            next += 1
            return next - 1
        }

        /// Hashes chunks until none is left.
        func hash(_ file: borrowing LogFileDescriptor) {
            guard var chunk = take() else { return }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 64)
            defer { buffer.deallocate() }
            while true {
                results[chunk] = PrefixDigest.hashChunk(chunk, cuts: cuts[chunk], file: file, buffer: buffer)
                guard let taken = take() else { return }
                chunk = taken
            }
        }
    }

    /// What hashing one chunk gave.
    struct ChunkResult {
        /// The chunk's hash at each cut (offsets inside the chunk).
        var hashes: [Int: PrefixDigest] = [:]
        /// The file offset up to which the chunk could be read.
        var readEnd: Int64 = 0
        /// The read's failure, if it failed.
        var error: EventLogFileError?
    }

    fileprivate static func hashChunk(
        _ chunk: Int, cuts: [Int], file: borrowing LogFileDescriptor, buffer: UnsafeMutableRawBufferPointer
    ) -> ChunkResult {
        var result = ChunkResult()
        let start = Int64(chunk) * Int64(chunkSize)
        result.readEnd = start
        var hasher = ChunkHasher(index: UInt64(chunk))
        var done = 0
        for cut in cuts {
            while done < cut {
                let want = min(buffer.count, cut - done)
                let count: Int
                do {
                    count = try file.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]), at: start + Int64(done)
                    )
                } catch {
                    result.error = error
                    return result
                }
                if count == 0 { return result }
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                done += count
                result.readEnd = start + Int64(done)
            }
            result.hashes[cut] = hasher.finish()
        }
        return result
    }
}
