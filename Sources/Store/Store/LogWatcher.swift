import Commands
import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Watches a log file for lines another process appended (the widget extension, an
/// intent, a sync) and calls `onChange` on `queue` after each change: a `DispatchSource`
/// file-system object source on Apple platforms, `inotify` on Linux. Where the platform has
/// neither, `init` answers `nil` and the store notices other writers on `send` and
/// `refresh()` only.
///
/// A change is only a hint: the store reads what was appended after the last line it
/// folded, so a spurious or coalesced notification costs one `fstat`. The store keeps its
/// watcher on its actor (it is not `Sendable`); only `onChange` crosses threads.
final class LogWatcher {
    private let source: any DispatchSourceProtocol

    /// Starts watching the file at `path`, or answers `nil` when it cannot be watched.
    convenience init?(path: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        self.init(path: path, isDirectory: false, queue: queue, onChange: onChange)
    }

    /// Starts watching the log set at `directory`: the files in it changing (inotify on
    /// Linux), or its entries (a new stream) where the platform reports only those (Apple
    /// platforms, whose store then also notices appends on `send` and `refresh()`).
    convenience init?(directory: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        self.init(path: directory, isDirectory: true, queue: queue, onChange: onChange)
    }

    private init?(path: String, isDirectory: Bool, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        #if canImport(Darwin)
        let descriptor = Darwin.open(path, O_EVTONLY)
        guard descriptor >= 0 else { return nil }
        let source = DispatchSource.makeFileSystemObjectSource(
            fileDescriptor: descriptor, eventMask: [.write, .extend, .attrib, .delete, .rename], queue: queue
        )
        source.setEventHandler { onChange() }
        source.setCancelHandler { _ = Darwin.close(descriptor) }
        self.source = source
        source.resume()
        #elseif os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var mask = UInt32(IN_MODIFY) | UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
        if isDirectory { mask |= UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) }
        guard inotify_add_watch(descriptor, path, mask) >= 0 else {
            _ = Glibc.close(descriptor)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            // Drain the notifications: only that something changed matters.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while buffer.withUnsafeMutableBytes({ Glibc.read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            onChange()
        }
        source.setCancelHandler { _ = Glibc.close(descriptor) }
        self.source = source
        source.resume()
        #else
        return nil
        #endif
    }

    /// Stops watching (also when the watcher is released).
    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
