#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// A checkpoint folder's file-system steps: reads, listing, and an atomic write's steps
/// (through `FileOperations`, so that crash and fault tests see them).
enum CheckpointFileSystem {
    /// At most `limit` bytes from the start of the file at `path`, and its size.
    static func read(_ path: String, limit: Int) throws(EventLogFileError) -> (bytes: [UInt8], size: Int64) {
        let file = try LogFileDescriptor.openForReading(path: path)
        let size = try file.size()
        return (try file.readFully(from: 0, count: Int(min(size, Int64(limit)))), size)
    }

    /// A whole file mapped read-only, unmapped on deinit. Only for checkpoint files: never
    /// changed in place (renamed into place, unlinked), so mapped bytes cannot be cut under a read.
    final class MappedFile: @unchecked Sendable {
        // @unchecked: `bytes` is read-only memory, mapped for the object's life.
        let bytes: UnsafeRawBufferPointer

        fileprivate init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        deinit {
            if let base = bytes.baseAddress { _ = munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
        }
    }

    /// The file mapped whole, or `nil` when it is empty or cannot be mapped (the caller reads it).
    static func map(_ path: String) -> MappedFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var information = stat()
        guard fstat(descriptor, &information) == 0, UInt32(information.st_mode) & 0o170000 == 0o100000,
              information.st_size > 0, let size = Int(exactly: information.st_size),
              let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        return MappedFile(bytes: UnsafeRawBufferPointer(start: base, count: size))
    }

    static func names(in path: String) throws(EventLogFileError) -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw EventLogFileError(code: .ioError, message: "the checkpoint folder cannot be listed (is it a folder, readable?)", path: path)
        }
        return names
    }

    /// Creates the folder (0700) if missing and syncs its parent, so that its name is durable.
    static func makeFolder(_ path: String, operations: any FileOperations) throws(EventLogFileError) {
        do {
            try operations.makeFolder(path, mode: 0o700)
        } catch where error.number == EEXIST {
            return
        } catch {
            throw .system(error.number, action: "create the checkpoint folder", consequence: "no checkpoint was written", path: path)
        }
        // The umask may have narrowed mkdir's mode; set it exactly.
        do {
            try operations.changeMode(ofPath: path, to: 0o700)
        } catch {
            throw .system(error.number, action: "set the checkpoint folder's permissions to 0700", consequence: "no checkpoint was written", path: path)
        }
        try LogFileDescriptor.synchronizeFolder(
            LogFileDescriptor.parentFolder(of: path), operations: operations, what: "the checkpoint folder's parent", consequence: "no checkpoint was written")
    }

    static func remove(_ path: String, operations: any FileOperations) throws(EventLogFileError) {
        do {
            try operations.remove(path)
        } catch where error.number == ENOENT {
            return
        } catch {
            throw .system(error.number, action: "remove a checkpoint", path: path)
        }
    }
}
