import Foundation
import Testing

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
