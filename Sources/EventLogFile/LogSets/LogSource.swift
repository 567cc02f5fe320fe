/// What a store or a tool folds: a log file, which is a log set of one unnamed stream, or a
/// log set (a directory of streams, docs/sync.md). Every fold, checkpoint and arrival goes
/// through this one shape: a list of streams, each a file.
package enum LogSource: Sendable, Hashable {
    /// A log file: one stream, named `nil`; its events are named by seq alone.
    case file(path: String)
    /// A log set: one stream per device, its events named `stream:seq`.
    case logSet(LogSetDirectory)

    /// A log file at `path`, or the log set there when `path` is a directory.
    package init(path: String) {
        self = LogSetDirectory.isDirectory(path) ? .logSet(LogSetDirectory(path: path)) : .file(path: path)
    }

    /// The file's or the directory's path.
    package var path: String {
        switch self {
        case .file(let path): return path
        case .logSet(let set): return set.path
        }
    }

    /// Whether this is a log set.
    package var isLogSet: Bool {
        if case .logSet = self { return true }
        return false
    }

    /// The streams now, in name order: a file's one unnamed stream, or the set's listing.
    ///
    /// - Throws: what listing the directory throws.
    package func streams() throws(EventLogFileError) -> [StreamName?] {
        switch self {
        case .file: return [nil]
        case .logSet(let set): return try set.list().streams
        }
    }

    /// The file of `stream` (a file's own path for its unnamed stream).
    package func path(of stream: StreamName?) -> String {
        switch (self, stream) {
        case (.logSet(let set), let name?): return set.path(of: name)
        default: return path
        }
    }

    /// The default checkpoint folder: `LOG.checkpoints` beside a file, `DIR/checkpoints` in a set.
    package var defaultCheckpointFolder: String {
        switch self {
        case .file(let path): return CheckpointFolder.defaultPath(forLogAt: path)
        case .logSet(let set): return CheckpointFolder.defaultPath(forLogSetAt: set.path)
        }
    }
}

extension Optional where Wrapped == StreamName {
    /// How a warning names the stream's file: `phone.jsonl: `, or nothing for a log file.
    package var warningPrefix: String {
        map { $0.fileName + ": " } ?? ""
    }
}
