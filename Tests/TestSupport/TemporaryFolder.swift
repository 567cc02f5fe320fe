import Foundation

/// A fresh, empty folder for one test, removed with everything in it when the value is
/// dropped (or, through ``with(_:_:)``, when the body returns or throws). The one helper
/// every test target uses for files.
///
/// Files it writes are mode 0600, whatever the umask: a log holds health data, and the log
/// refuses one that others can write.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path, symbolic links resolved (`/tmp` on some systems) so that
    /// paths compare as written in errors.
    public let path: String

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Creates the folder, named after `label` and a UUID, in the system's temporary folder.
    public init(label: String = "moresleep-tests") throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Creates a folder, runs `body` with it, and removes it afterwards.
    public static func with<Result>(_ label: String = "moresleep-tests", _ body: (TemporaryFolder) throws -> Result) throws -> Result {
        let folder = try TemporaryFolder(label: label)
        return try withExtendedLifetime(folder) { try body(folder) }
    }

    /// The path of `name` inside the folder (the file need not exist).
    public func path(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to the file `name` and returns its path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        return file
    }

    /// Writes `bytes` to the file `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try write(name, bytes: bytes)
    }

    /// Writes `text` (UTF-8) to the file `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to the file `name` (a log by default) and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String = "log.jsonl") throws -> String {
        try write(name, bytes: bytes)
    }

    /// Writes `text` to the file `name` (a log by default) and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String = "log.jsonl") throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// The bytes of the file `name`, empty when it does not exist.
    public func bytes(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) } ?? []
    }
}
