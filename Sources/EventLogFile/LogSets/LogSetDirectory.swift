import Foundation

/// A log set: a directory of streams, one `*.jsonl` file per device (see `StreamName`).
/// Any other file in it is ignored, so checkpoints and caches may live there too.
public struct LogSetDirectory: Sendable, Hashable {
    /// The directory's path.
    public let path: String

    /// A log set at `path` (nothing is read until it is listed).
    public init(path: String) {
        self.path = path
    }

    /// What listing the directory found.
    public struct Listing: Sendable, Hashable {
        /// The streams, in name (byte) order.
        public var streams: [StreamName]
        /// Files ending in `.jsonl` that are not streams (a name a stream cannot have, or not
        /// a regular file), each with why: ignored.
        public var ignored: [(file: String, reason: String)]

        public static func == (left: Listing, right: Listing) -> Bool {
            left.streams == right.streams && left.ignored.map(\.file) == right.ignored.map(\.file)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(streams)
        }
    }

    /// Whether `path` names a directory (a log set, where a command takes a log or a log
    /// set); `false` for a file or nothing.
    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The path of `stream`'s file in this log set.
    public func path(of stream: StreamName) -> String {
        path(ofFile: stream.fileName)
    }

    /// The path of the file named `file` in this log set's directory.
    public func path(ofFile file: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + file
    }

    /// Lists the streams of a log set about to be read: as ``list()``, but a directory that
    /// holds no stream is not a log set (a folder of sources, a typo), so reading it is
    /// refused rather than answered with an empty history.
    ///
    /// - Throws: `EventLogFileError`: `.notFound` ("no streams in DIR") when the directory
    ///   holds no stream file, and what ``list()`` throws.
    public func listForReading() throws(EventLogFileError) -> Listing {
        let listing = try list()
        guard !listing.streams.isEmpty else {
            throw EventLogFileError(
                code: .notFound,
                message: "no streams in \(path): a log set is a directory of streams (NAME.jsonl, one per device); nothing was read"
            )
        }
        return listing
    }

    /// Lists the streams.
    ///
    /// - Throws: `EventLogFileError`: `.notFound` when the directory is missing,
    ///   `.invalidArgument` when `path` is not a directory, `.ioError` when it cannot be read.
    public func list() throws(EventLogFileError) -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw EventLogFileError(code: .notFound, message: "the log set does not exist", path: path)
        }
        guard isDirectory.boolValue else {
            throw EventLogFileError(code: .invalidArgument, message: "a log set is a directory of streams; this is a file", path: path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw EventLogFileError(code: .ioError, message: "the log set cannot be listed: \(error.localizedDescription)", path: path)
        }
        var streams: [StreamName] = []
        var ignored: [(file: String, reason: String)] = []
        for name in names.sorted() where name.hasSuffix(StreamName.fileExtension) {
            guard let stream = StreamName(fileName: name) else {
                let stem = String(name.dropLast(StreamName.fileExtension.count))
                ignored.append((name, StreamName.problem(with: stem) ?? "not a stream's name"))
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: self.path(of: stream), isDirectory: &isFolder), isFolder.boolValue {
                ignored.append((name, "a directory, not a stream's file"))
                continue
            }
            streams.append(stream)
        }
        return Listing(streams: streams.sorted(), ignored: ignored)
    }
}
