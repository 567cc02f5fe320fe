import Commands
import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Watches a log for lines another process appended and calls `onChange` on `queue`:
/// `DispatchSource` on Apple platforms, `inotify` on Linux; `nil` where neither exists. A
/// change is only a hint: the store reads from where its folded lines end.
final class LogWatcher {
    private let source: any DispatchSourceProtocol

    /// Starts watching the file at `path`, or answers `nil` when it cannot.
    convenience init?(path: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        self.init(path: path, isDirectory: false, queue: queue, onChange: onChange)
    }

    /// Starts watching the log set `directory`: its files (Linux), or only its entries (Apple
    /// platforms, where appends are then noticed on `send` and `refresh()`).
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

    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
