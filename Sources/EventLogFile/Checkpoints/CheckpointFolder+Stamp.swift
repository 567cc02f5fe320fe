#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension CheckpointFolder {
    /// How ``prefixDigests(ofLogAt:prefixLengths:alongside:)`` found its answer.
    package enum DigestSource: Equatable, Sendable {
        /// From the folder's stamp: the log had not changed since the last full pass.
        case stamp
        /// From a full pass over the log; `stamped` tells whether a new stamp was written.
        case read(stamped: Bool)
        /// None: the log could not be opened or read.
        case none
    }

    /// The path of the folder's stamp (``PrefixDigestStamp``).
    package var stampPath: String { path(of: PrefixDigestStamp.fileName) }

    /// The digests of the log's prefixes of `prefixLengths`, as
    /// `PrefixDigest.digests(ofFileAt:prefixLengths:alongside:)` gives them, but taken from the
    /// folder's stamp while the log file is unchanged since the pass that wrote it; otherwise
    /// from one full pass, after which a new stamp is written when
    /// ``PrefixDigestStamp/mayRecord(before:after:markedAt:)`` allows (a failure to write it
    /// is ignored: it is a cache).
    ///
    /// `work` runs exactly once, on the calling thread; its argument says whether it runs
    /// alone (the stamp answered, or the log cannot be read), so it may use every core, or
    /// beside the digest's threads.
    package func prefixDigests<Other>(
        ofLogAt logPath: String, prefixLengths: Set<Int64>, alongside work: @Sendable (_ alone: Bool) -> Other
    ) -> (digests: Result<[Int64: PrefixDigest], EventLogFileError>, other: Other, source: DigestSource) {
        let file: LogFileDescriptor
        do {
            file = try LogFileDescriptor.openForReading(path: logPath)
        } catch {
            return (.failure(error), work(true), .none)
        }
        if !prefixLengths.contains(where: { $0 < 0 }), let now = try? file.identity(),
           let stamp = readStamp(), let digests = stamp.digests(of: prefixLengths, whenNow: now) {
            return (.success(digests), work(true), .stamp)
        }
        // The mark is a file created in the folder before the identity is taken (see mayRecord);
        // it becomes the new stamp.
        let mark = makeMark()
        let before = try? file.identity()
        let (digested, other) = PrefixDigest.digests(of: file, prefixLengths: prefixLengths) { work(false) }
        var stamped = false
        if let mark {
            if case .success(let digests) = digested, let before, let after = try? file.identity(),
               PrefixDigestStamp.mayRecord(before: before, after: after, markedAt: mark.identity) {
                stamped = write(PrefixDigestStamp(identity: after, digests: digests), into: mark)
            } else {
                operations.close(mark.descriptor)
                try? operations.remove(mark.path)
            }
        }
        return (digested, other, digested.isSuccess ? .read(stamped: stamped) : .none)
    }

    /// The folder's stamp, or `nil` when there is none or it cannot be used.
    package func readStamp() -> PrefixDigestStamp? {
        guard let contents = try? CheckpointFileSystem.read(stampPath, headLimit: 64 * 1024) else { return nil }
        return PrefixDigestStamp.decode(contents.head)
    }

    /// A new, empty file in the folder and its identity, or `nil` when the folder does not
    /// exist or cannot take it.
    private func makeMark() -> (path: String, descriptor: Int32, identity: FileIdentity)? {
        let markPath = path(of: ".\(PrefixDigestStamp.fileName).\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp")
        guard let descriptor = try? operations.open(markPath, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600) else { return nil }
        guard let identity = FileIdentity.of(descriptor: descriptor) else {
            operations.close(descriptor)
            try? operations.remove(markPath)
            return nil
        }
        return (markPath, descriptor, identity)
    }

    /// Writes `stamp` into the mark and renames it over the folder's stamp; whether it did.
    /// Not synced: after a crash the stamp is the old one, the new one, or a damaged one,
    /// and only an undamaged stamp of the log's identity now is ever used.
    private func write(_ stamp: PrefixDigestStamp, into mark: (path: String, descriptor: Int32, identity: FileIdentity)) -> Bool {
        let bytes = stamp.encoded()
        let wrote = bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                guard let count = try? operations.write(mark.descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...])), count > 0 else {
                    return false
                }
                written += count
            }
            return true
        }
        operations.close(mark.descriptor)
        guard wrote, (try? operations.rename(mark.path, over: stampPath)) != nil else {
            try? operations.remove(mark.path)
            return false
        }
        return true
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
