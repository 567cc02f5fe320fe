import Foundation
import Testing

/// A fresh, empty directory for one test, removed (with everything in it) when the test's
/// body returns or throws.
///
/// Use it through ``with(_:)``, so the directory outlives every use of its paths:
///
/// ```swift
/// try TemporaryDirectory.with { directory in
///     let log = try FileEventLog(path: directory.path("log.jsonl"))
/// }
/// ```
struct TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    let path: String

    /// Creates a directory, runs `body` with it, and removes it afterwards.
    static func with<Result>(
        _ label: String = "EventLogFileTests",
        _ body: (TemporaryDirectory) throws -> Result
    ) throws -> Result {
        let directory = try TemporaryDirectory(label: label)
        defer { directory.remove() }
        return try body(directory)
    }

    private init(label: String) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Resolve symbolic links (/tmp on some systems) so paths compare as written in errors.
        self.path = url.resolvingSymlinksInPath().path
    }

    private func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory (the file need not exist).
    func path(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `bytes` to a new file `name` and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String = "log.jsonl") throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        // A log holds health data: 0600, whatever the umask (the log refuses others' write).
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        return file
    }

    /// Writes `text` (UTF-8) to a new file `name` and returns its path.
    @discardableResult
    func write(_ text: String, to name: String = "log.jsonl") throws -> String {
        try write(Array(text.utf8), to: name)
    }
}

/// Reading and changing files by hand, the way a crash or another tool would.
enum FileBytes {
    /// The whole content of the file at `path`.
    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The file's content split into lines, each without its `\n` (a last line without
    /// `\n` is included as it is).
    static func lines(_ path: String) throws -> [[UInt8]] {
        var lines = try read(path).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Appends `bytes` at the end of the file at `path`, without locking or syncing.
    static func append(_ bytes: [UInt8], to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }

    /// The permission bits of the file at `path` (e.g. `0o600`).
    static func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = try #require(attributes[.posixPermissions] as? NSNumber)
        return mode.intValue & 0o7777
    }
}
