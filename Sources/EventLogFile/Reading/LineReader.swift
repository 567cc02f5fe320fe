#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A fast streaming reader of the `\n`-ended lines of a file, in memory that does not grow
/// with the file.
///
/// The reader owns a ``LogFileDescriptor`` and one read buffer (256 KiB by default). Lines
/// are handed out as borrowed views into that buffer, without copying and without the `\n`;
/// newlines are found with `memchr`. A line that straddles the end of the buffer is moved to
/// the front before the next read, and the buffer grows only when one line does not fit,
/// never beyond the maximum line length (1 MiB by default): a longer line is an error, not
/// an unbounded allocation. Bytes are passed through untouched (a `\r` before the `\n`
/// stays part of the line, for the decoding layer to report).
///
/// Pull lines one at a time:
///
/// ```swift
/// var reader = try LineReader(path: path)
/// while let line = try reader.nextLine() {
///     // line.bytes is valid until the next call to nextLine()
/// }
/// ```
///
/// or use ``forEachLine(_:)``. Reading can start at a ``Position`` saved earlier (see
/// ``position``), so a caller can read only the lines added since it last looked. To read
/// through a descriptor that is then used for appending, create the reader with
/// ``init(descriptor:startingAt:bufferSize:maximumLineLength:)`` and get the descriptor back
/// with ``takeDescriptor()``.
@_spi(LogTools) public struct LineReader: ~Copyable {
    /// One line of the file, borrowed from the reader's buffer.
    ///
    /// `bytes` points into the reader's buffer and is valid only until the reader is used
    /// again (the next ``LineReader/nextLine()``, the end of the ``LineReader/forEachLine(_:)``
    /// body) or dropped. Copy what must outlive that.
    public struct Line {
        /// The line's bytes, without the ending `\n`. Valid only until the reader is used again.
        public let bytes: UnsafeBufferPointer<UInt8>

        /// The 1-based number of the line in the file.
        public let lineNumber: Int

        /// The offset in the file of the line's first byte.
        public let byteOffset: Int64

        /// Whether the line ended with `\n`. Only the last line of the file can lack it
        /// (a torn tail, left by an interrupted append).
        public let endsWithNewline: Bool

        /// The offset in the file just past this line and its `\n`, where the next line starts.
        public var endByteOffset: Int64 {
            byteOffset + Int64(bytes.count) + (endsWithNewline ? 1 : 0)
        }

        /// The position of this line itself, for example to read a torn last line again later.
        public var position: Position {
            Position(byteOffset: byteOffset, lineNumber: lineNumber)
        }
    }

    /// A place in the file at the start of a line: a byte offset and that line's number.
    public struct Position: Hashable, Sendable {
        /// The byte offset of the start of a line (0 for the first line).
        public var byteOffset: Int64

        /// The 1-based number of the line that starts at ``byteOffset``.
        public var lineNumber: Int

        /// The start of the file: byte 0, line 1.
        public static var start: Position { Position(byteOffset: 0, lineNumber: 1) }

        /// Creates a position. The caller must make sure `byteOffset` is where line
        /// `lineNumber` starts (0 or just after a `\n`), for example from
        /// ``LineReader/position`` or ``Line/endByteOffset`` saved earlier.
        ///
        /// - Parameters:
        ///   - byteOffset: The byte offset of the start of a line, 0 or more.
        ///   - lineNumber: The 1-based number of that line.
        public init(byteOffset: Int64, lineNumber: Int) {
            self.byteOffset = byteOffset
            self.lineNumber = lineNumber
        }
    }

    /// What ``forEachLine(_:)`` should do after a line.
    public enum Control: Sendable {
        /// Go on with the next line.
        case `continue`
        /// Stop reading; ``position`` is then just after the line that was handled.
        case stop
    }

    /// The default size of the read buffer: 256 KiB.
    public static let defaultBufferSize = 256 * 1024

    /// The default maximum length of a line, without its `\n`: 1 MiB.
    public static let defaultMaximumLineLength = 1024 * 1024

    private var descriptor: LogFileDescriptor
    private let storage: LineReaderStorage
    private let maximumLineLength: Int

    /// The file offset of the first byte of the buffer.
    private var bufferFileOffset: Int64
    /// The index in the buffer of the first byte not yet handed out.
    private var start = 0
    /// The index in the buffer just past the valid bytes.
    private var end = 0
    /// The index in the buffer from which to look for the next `\n` (bytes between `start`
    /// and here are known to hold none), so a long line is not scanned again after a read.
    private var searchFrom = 0
    /// The number of the line that starts at `start`.
    private var nextLineNumber: Int

    /// Creates a reader of the lines of an open file, taking ownership of the descriptor.
    ///
    /// - Parameters:
    ///   - descriptor: The open file; get it back with ``takeDescriptor()``.
    ///   - position: Where to start: the start of a line and its number. Defaults to the
    ///     start of the file.
    ///   - bufferSize: The initial size of the read buffer in bytes (at least 1).
    ///   - maximumLineLength: The longest line allowed, in bytes without its `\n` (0 or more).
    /// - Throws: ``EventLogFileError`` with code `.invalidArgument` for a negative offset, a
    ///   line number below 1, a buffer size below 1 or a negative maximum line length
    ///   (the descriptor is then closed).
    package init(
        descriptor: consuming LogFileDescriptor,
        startingAt position: Position = .start,
        bufferSize: Int = LineReader.defaultBufferSize,
        maximumLineLength: Int = LineReader.defaultMaximumLineLength
    ) throws(EventLogFileError) {
        let path = descriptor.path
        func invalid(_ message: String) -> EventLogFileError {
            EventLogFileError(code: .invalidArgument, message: message, path: path)
        }
        guard position.byteOffset >= 0 else {
            throw invalid("cannot start reading at the negative offset \(position.byteOffset)")
        }
        guard position.lineNumber >= 1 else {
            throw invalid("line numbers start at 1, not \(position.lineNumber)")
        }
        guard bufferSize >= 1 else {
            throw invalid("the read buffer must hold at least 1 byte, not \(bufferSize)")
        }
        guard maximumLineLength >= 0 else {
            throw invalid("the maximum line length cannot be negative (\(maximumLineLength))")
        }
        // Keep room for the `\n` after a line of the maximum length without overflowing.
        let maximumLineLength = min(maximumLineLength, Int.max - 1)
        // A line of the maximum length needs one more byte for its `\n`; never allocate more.
        self.storage = LineReaderStorage(capacity: min(bufferSize, maximumLineLength + 1))
        self.descriptor = descriptor
        self.maximumLineLength = maximumLineLength
        self.bufferFileOffset = position.byteOffset
        self.nextLineNumber = position.lineNumber
    }

    /// Opens a file for reading and creates a reader of its lines.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - position: Where to start: the start of a line and its number. Defaults to the
    ///     start of the file.
    ///   - bufferSize: The initial size of the read buffer in bytes (at least 1).
    ///   - maximumLineLength: The longest line allowed, in bytes without its `\n` (0 or more).
    /// - Throws: ``EventLogFileError`` as ``LogFileDescriptor/openForReading(path:)`` does,
    ///   or with code `.invalidArgument` for an argument out of range.
    public init(
        path: String,
        startingAt position: Position = .start,
        bufferSize: Int = LineReader.defaultBufferSize,
        maximumLineLength: Int = LineReader.defaultMaximumLineLength
    ) throws(EventLogFileError) {
        try self.init(
            descriptor: try LogFileDescriptor.openForReading(path: path),
            startingAt: position,
            bufferSize: bufferSize,
            maximumLineLength: maximumLineLength
        )
    }

    /// The path of the file being read, for error messages.
    public var path: String {
        descriptor.path
    }

    /// Where the next line starts: just past the last line handed out (and its `\n`, if it
    /// had one). Save it to read only newer lines later.
    public var position: Position {
        Position(byteOffset: bufferFileOffset + Int64(start), lineNumber: nextLineNumber)
    }

    /// Returns the next line, or `nil` at the end of the file.
    ///
    /// The line's bytes are valid only until the reader is used again. A last line without
    /// `\n` is returned with ``Line/endsWithNewline`` `false`. After `nil`, a later call reads
    /// again from the same place, so lines appended in the meantime are found.
    ///
    /// - Throws: ``EventLogFileError`` with code `.lineTooLong` (naming the line) when a line
    ///   exceeds the maximum length, or `.ioError` when reading fails.
    public mutating func nextLine() throws(EventLogFileError) -> Line? {
        while true {
            // Read the address on each pass: `fill()` may move the buffer when it grows.
            let buffer = storage.buffer
            if searchFrom < end,
                let found = memchr(buffer + searchFrom, Int32(UInt8(ascii: "\n")), end - searchFrom)
            {
                let newlineIndex = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let length = newlineIndex - start
                guard length <= maximumLineLength else {
                    throw lineTooLong()
                }
                return handOut(length: length, endsWithNewline: true)
            }
            searchFrom = end
            let pending = end - start
            guard pending <= maximumLineLength else {
                throw lineTooLong()
            }
            let count = try fill()
            if count == 0 {
                // End of the file for now.
                if pending == 0 {
                    return nil
                }
                return handOut(length: pending, endsWithNewline: false)
            }
        }
    }

    /// Calls `body` with each line in turn, until the end of the file or until it returns
    /// ``Control/stop``.
    ///
    /// The line's bytes are valid only during the call to `body`.
    ///
    /// - Parameter body: Handles one line; throw (for example an error with code
    ///   `.invalidLine`) to stop with that error.
    /// - Throws: What `body` throws, or what ``nextLine()`` throws.
    public mutating func forEachLine(
        _ body: (Line) throws(EventLogFileError) -> Control
    ) throws(EventLogFileError) {
        while let line = try nextLine() {
            if try body(line) == .stop {
                return
            }
        }
    }

    /// Ends reading and gives back the descriptor, for example to append after reading.
    package consuming func takeDescriptor() -> LogFileDescriptor {
        descriptor
    }

    // MARK: Helpers

    /// Hands out the line of `length` bytes at `start` and moves past it.
    private mutating func handOut(length: Int, endsWithNewline: Bool) -> Line {
        let line = Line(
            bytes: UnsafeBufferPointer(start: storage.buffer + start, count: length),
            lineNumber: nextLineNumber,
            byteOffset: bufferFileOffset + Int64(start),
            endsWithNewline: endsWithNewline
        )
        start += length + (endsWithNewline ? 1 : 0)
        searchFrom = start
        nextLineNumber += 1
        return line
    }

    /// Reads more bytes after the pending partial line, first moving it to the front of the
    /// buffer, and growing the buffer if the partial line fills it. Returns the count read
    /// (0 at the end of the file).
    private mutating func fill() throws(EventLogFileError) -> Int {
        let pending = end - start
        if start > 0 {
            if pending > 0 {
                memmove(storage.buffer, storage.buffer + start, pending)
            }
            bufferFileOffset += Int64(start)
            searchFrom -= start
            start = 0
            end = pending
        }
        if end == storage.capacity {
            // One partial line fills the buffer. It is at most maximumLineLength bytes long
            // (checked by the caller), so the buffer is below maximumLineLength + 1 bytes.
            let limit = maximumLineLength + 1
            storage.grow(to: storage.capacity > limit / 2 ? limit : storage.capacity * 2, keeping: end)
        }
        let count = try descriptor.read(
            into: UnsafeMutableRawBufferPointer(start: storage.buffer + end, count: storage.capacity - end),
            at: bufferFileOffset + Int64(end)
        )
        end += count
        return count
    }

    private func lineTooLong() -> EventLogFileError {
        EventLogFileError(
            code: .lineTooLong,
            message: "the line is longer than the maximum of \(maximumLineLength) bytes; "
                + "this is not a valid log line (or the file is not an event log)",
            path: descriptor.path,
            line: nextLineNumber
        )
    }
}

/// The read buffer of a ``LineReader``: one allocation, freed when the reader is dropped.
///
/// A class, so that ``LineReader`` needs no `deinit` of its own and can give its descriptor
/// back with a consuming method. It is never shared: only its one non-copyable reader holds it.
private final class LineReaderStorage {
    private(set) var buffer: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// Replaces the buffer by a larger one, keeping its first `count` bytes.
    func grow(to newCapacity: Int, keeping count: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.initialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
        capacity = newCapacity
    }

    deinit {
        buffer.deallocate()
    }
}
