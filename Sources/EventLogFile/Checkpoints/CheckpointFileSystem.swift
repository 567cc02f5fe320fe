#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The few system calls a checkpoint folder needs, each answering `errno` on failure:
/// reading a file whole or in part, listing a folder, and the steps of an atomic write.
enum CheckpointFileSystem {
    /// Why a read failed: an `errno`, or a path that is not a regular file.
    enum ReadFailure: Error {
        case system(Int32)
        case notARegularFile

        var text: String {
            switch self {
            case .system(let error): return EventLogFileError.systemExplanation(error)
            case .notARegularFile: return "it is not a regular file"
            }
        }
    }

    /// Reads at most `limit` bytes of the regular file at `path` from its start, and its size,
    /// through one descriptor.
    static func read(_ path: String, limit: Int) throws(ReadFailure) -> (bytes: [UInt8], size: Int64) {
        let (descriptor, size) = try openRegularFile(path)
        defer { _ = close(descriptor) }
        return (try readFully(descriptor, count: Int(min(size, Int64(limit))), at: 0), size)
    }

    /// A descriptor of the regular file at `path`, opened for reading, and its size; the
    /// caller closes it.
    private static func openRegularFile(_ path: String) throws(ReadFailure) -> (descriptor: Int32, size: Int64) {
        let descriptor: Int32
        do {
            descriptor = try openRetrying(path, O_RDONLY | O_CLOEXEC, 0)
        } catch {
            throw .system(error.number)
        }
        var information = stat()
        guard fstat(descriptor, &information) == 0 else {
            let failure = errno
            _ = close(descriptor)
            throw .system(failure)
        }
        guard UInt32(information.st_mode) & 0o170000 == 0o100000 else {
            _ = close(descriptor)
            throw .notARegularFile
        }
        return (descriptor, Int64(information.st_size))
    }

    /// A whole file mapped read-only (`mmap`, `PROT_READ`, `MAP_PRIVATE`), unmapped when the
    /// value goes away.
    ///
    /// Only for checkpoint files, which are never changed in place: each is written under a
    /// temporary name and renamed, and removed by unlinking, so the mapped bytes cannot be
    /// cut while they are read (a mapped file cut short would fault the process). Pages
    /// come straight from the file cache, several per fault, where reading would first
    /// fault in as much fresh memory to copy them into.
    final class MappedFile: @unchecked Sendable {
        // @unchecked: `bytes` is read-only memory, immutable and mapped for the object's life.
        /// The file's bytes.
        let bytes: UnsafeRawBufferPointer

        fileprivate init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        deinit {
            if let base = bytes.baseAddress {
                _ = munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
            }
        }
    }

    /// The regular file at `path` mapped whole, or `nil` when it is empty or cannot be
    /// mapped (the caller then reads it instead).
    static func map(_ path: String) throws(ReadFailure) -> MappedFile? {
        let (descriptor, fileSize) = try openRegularFile(path)
        // The mapping keeps the file; the descriptor is not needed after `mmap`.
        defer { _ = close(descriptor) }
        guard fileSize > 0, let size = Int(exactly: fileSize) else { return nil }
        // `MAP_FAILED` is (void *)-1 on every platform.
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        return MappedFile(bytes: UnsafeRawBufferPointer(start: base, count: size))
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file), read straight into the
    /// array's storage.
    private static func readFully(_ descriptor: Int32, count: Int, at offset: Int64) throws(ReadFailure) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let read = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + Int64(done)))
                if read > 0 {
                    done += read
                } else if read == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
            initialized = done
        }
        if let failure { throw .system(failure) }
        return bytes
    }

    /// The names in the folder at `path` (without `.` and `..`); `nil` when the folder does
    /// not exist.
    static func names(in path: String) throws(ReadFailure) -> [String]? {
        var information = stat()
        if stat(path, &information) != 0 {
            let error = errno
            if error == ENOENT { return nil }
            throw .system(error)
        }
        guard UInt32(information.st_mode) & 0o170000 == 0o040000 else {
            throw .system(ENOTDIR)
        }
        guard let folder = opendir(path) else { throw .system(errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates the folder at `path` with mode 0700 if it is missing, and then makes its name
    /// durable (syncs the folder that holds it). Does nothing when it exists.
    static func makeFolder(_ path: String, operations: any FileOperations) throws(EventLogFileError) {
        do {
            try operations.makeFolder(path, mode: 0o700)
        } catch where error.number == EEXIST {
            return
        } catch {
            throw .system(error.number, action: "create the checkpoint folder", consequence: "no checkpoint was written", path: path)
        }
        // The umask can only narrow the mode given to mkdir; set it exactly anyway.
        do {
            try operations.changeMode(ofPath: path, to: 0o700)
        } catch {
            throw .system(error.number, action: "set the checkpoint folder's permissions to 0700", consequence: "no checkpoint was written", path: path)
        }
        try synchronizeFolder(LogFileDescriptor.parentFolder(of: path), consequence: "no checkpoint was written", operations: operations)
    }

    /// Creates the file at `path` (which must not exist) with mode 0600, writes `bytes` and
    /// syncs them (`F_FULLFSYNC` on Apple platforms). On failure the file is removed.
    static func writeNewFile(_ path: String, _ bytes: [UInt8], operations: any FileOperations) throws(EventLogFileError) {
        let descriptor: Int32
        do {
            descriptor = try operations.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        } catch {
            throw failure(error.number, "create a checkpoint file", path)
        }
        var failed: EventLogFileError?
        do {
            try operations.changeMode(descriptor, to: 0o600)
        } catch {
            failed = failure(error.number, "set a checkpoint file's permissions to 0600", path)
        }
        if failed == nil {
            let error: Int32? = bytes.withUnsafeBytes { buffer -> Int32? in
                var written = 0
                while written < buffer.count {
                    do throws(SystemCallError) {
                        written += try operations.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...]))
                    } catch {
                        return error.number
                    }
                }
                return nil
            }
            if let error { failed = failure(error, "write a checkpoint file", path) }
        }
        if failed == nil {
            do {
                try operations.synchronize(descriptor)
            } catch {
                failed = failure(error.number, "sync a checkpoint file", path)
            }
        }
        operations.close(descriptor)
        if let failed {
            try? operations.remove(path)
            throw failed
        }
    }

    /// Renames `source` over `destination` (atomic: `destination` is either the old file or
    /// the new one).
    static func rename(_ source: String, over destination: String, operations: any FileOperations) throws(EventLogFileError) {
        do {
            try operations.rename(source, over: destination)
        } catch {
            throw failure(error.number, "rename the new checkpoint into place", destination)
        }
    }

    /// Removes the file at `path`; a file already gone is not an error.
    static func remove(_ path: String, operations: any FileOperations) throws(EventLogFileError) {
        do {
            try operations.remove(path)
        } catch where error.number == ENOENT {
            return
        } catch {
            throw .system(error.number, action: "remove a checkpoint", path: path)
        }
    }

    /// Syncs the folder at `path`, so that names created, renamed or removed in it are durable.
    static func synchronizeFolder(_ path: String, consequence: String, operations: any FileOperations) throws(EventLogFileError) {
        try LogFileDescriptor.synchronizeFolder(path, operations: operations, what: "the checkpoint folder", consequence: consequence)
    }

    private static func failure(_ error: Int32, _ action: String, _ path: String) -> EventLogFileError {
        .system(error, action: action, consequence: "no checkpoint was written", path: path)
    }

    /// A failed `open`'s `errno`.
    struct OpenFailure: Error {
        var number: Int32
    }

    private static func openRetrying(_ path: String, _ flags: Int32, _ mode: mode_t) throws(OpenFailure) -> Int32 {
        while true {
            let descriptor = open(path, flags, mode)
            if descriptor >= 0 { return descriptor }
            let error = errno
            if error != EINTR { throw OpenFailure(number: error) }
        }
    }
}
